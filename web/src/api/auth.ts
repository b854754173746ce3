import { useSWRConfig, type SWRResponse } from 'swr';
import type { About, Whoami } from '../../../server/src/auth/whoami.js';
import type { ApiError } from './fetch.js';
import { useApi } from './hooks.js';
import { WHOAMI_PATH } from './whoami-path.js';

export type { About, Whoami };
export type Resource = keyof Whoami['permissions'];
export type Feature = Whoami['disabledFeatures'][number];
/** An action of server/src/access/actions.ts: 'checks.run', 'incidents.attach', … */
export type Action = Whoami['actions'][number];
export type Access = 'read' | 'write';

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

/**
 * Whether the server would allow it: an action whoami lists, or read (the default) or write on a
 * resource. Nothing is allowed before whoami has answered.
 */
export function can(whoami: Whoami | undefined, action: Action): boolean;
export function can(whoami: Whoami | undefined, resource: Resource, access?: Access): boolean;
export function can(whoami: Whoami | undefined, subject: Resource | Action, access?: Access): boolean {
  if (!whoami) return false;
  if (access === undefined && !Object.hasOwn(whoami.permissions, subject))
    return whoami.actions.includes(subject as Action);
  return whoami.permissions[subject as Resource]?.[access ?? 'read'] === true;
}

/** `can` for the signed-in person: `useCan('checks.run')`, `useCan('canaries', 'write')`. */
export function useCan(action: Action): boolean;
export function useCan(resource: Resource, access?: Access): boolean;
export function useCan(subject: Resource | Action, access?: Access): boolean {
  const { data: whoami } = useWhoami();
  return can(whoami, subject as Resource, access);
}

/** Whether a feature is on (no `{feature}.disable` flag); off until whoami has answered. */
export function isFeatureEnabled(whoami: Whoami | undefined, feature: Feature): boolean {
  return whoami !== undefined && !whoami.disabledFeatures.includes(feature);
}
