import { useSWRConfig, type SWRResponse } from 'swr';
import type { About, Whoami } from '../../../server/src/auth/whoami.js';
import type { ApiError } from './fetch.js';
import { useApi } from './hooks.js';

export type { About, Whoami };
export type Resource = keyof Whoami['permissions'];
export type Feature = Whoami['disabledFeatures'][number];

const WHOAMI_PATH = 'api/auth/whoami';

/**
 * Asks whoami again: after a change to what it reports (feature flags), so the sidebar and
 * the route guards follow at once.
 */
export function useRefreshWhoami(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () => mutate(WHOAMI_PATH);
}

/**
 * Who is signed in. Errors are not retried: the shell decides what they mean (5xx or 404:
 * provisioning screen; anything else: the generic error screen).
 */
export function useWhoami(): SWRResponse<Whoami, ApiError> {
  return useApi<Whoami>(WHOAMI_PATH, { shouldRetryOnError: false, revalidateOnFocus: false });
}

/** The backend's version. */
export function useAbout(): SWRResponse<About, ApiError> {
  return useApi<About>('api/about', { revalidateOnFocus: false });
}

/** Whether the server would allow it; nothing is allowed before whoami has answered. */
export function can(whoami: Whoami | undefined, resource: Resource, action: 'read' | 'write'): boolean {
  return whoami?.permissions[resource]?.[action] === true;
}

/** Whether a feature is on (no `{feature}.disable` flag); off until whoami has answered. */
export function isFeatureEnabled(whoami: Whoami | undefined, feature: Feature): boolean {
  return whoami !== undefined && !whoami.disabledFeatures.includes(feature);
}
