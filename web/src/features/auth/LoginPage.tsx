import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Stack } from '@patternfly/react-core';
import { apiFetch, errorMessage, useApi } from '../../api/index.js';
import { AuthLayout, AuthProgress } from './AuthLayout.js';
import { LocalSignInForm } from './LocalSignInForm.js';
import { consolePageUrl, oidcSignInUrl } from './navigation.js';
import { RETURN_TO_FORBIDDEN, returnToFrom } from './return-to.js';
import { signInErrorMessage } from './sign-in-errors.js';

/** The answer of GET api/auth/config: how people sign in here. */
export interface AuthConfig {
  mode: 'local' | 'oidc';
  issuer?: string;
}

const TITLE = 'Sign in to Ops Console';

/**
 * Whether a session exists, asked afresh when the page opens. Not through the SWR cache: it may
 * still hold the whoami of the session just signed out of. A 401 here is only "not signed in":
 * the fetch wrapper does not send the sign-in page to itself.
 */
function useSignedIn(): boolean | undefined {
  const [signedIn, setSignedIn] = useState<boolean>();
  useEffect(() => {
    const controller = new AbortController();
    apiFetch('api/auth/whoami', { signal: controller.signal }).then(
      () => setSignedIn(true),
      () => {
        if (!controller.signal.aborted) setSignedIn(false);
      },
    );
    return () => controller.abort();
  }, []);
  return signedIn;
}

/** Sends the browser away once per destination (effects run twice in development). */
function useLeaveFor(url: string | undefined): void {
  const left = useRef<string>(undefined);
  useEffect(() => {
    if (url === undefined || left.current === url) return;
    left.current = url;
    window.location.assign(url);
  }, [url]);
}

/**
 * /login (spec 1 §2): local mode signs in with a form; OIDC mode goes to the identity provider,
 * unless the provider sent the user back with an `error`. A signed-in user goes straight on to
 * `return_to`; a `return_to` outside the console is refused and sign-in leads home instead.
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const returnTo = returnToFrom(params.get('return_to'));
  const errorCode = params.get('error');
  const config = useApi<AuthConfig>('api/auth/config', { revalidateOnFocus: false });
  const signedIn = useSignedIn();
  const mode = config.data?.mode;

  const notice = !returnTo.allowed
    ? RETURN_TO_FORBIDDEN
    : errorCode !== null
      ? signInErrorMessage(errorCode)
      : undefined;
  let leaveFor: string | undefined;
  if (returnTo.allowed && signedIn) leaveFor = consolePageUrl(returnTo.path);
  else if (notice === undefined && signedIn === false && mode === 'oidc')
    leaveFor = oidcSignInUrl(returnTo.path);
  useLeaveFor(leaveFor);

  if (leaveFor !== undefined) {
    return (
      <AuthLayout title={TITLE}>
        <AuthProgress label={signedIn ? 'Opening the console…' : 'Redirecting to sign-in…'} />
      </AuthLayout>
    );
  }
  if (config.error && !config.data) {
    return (
      <AuthLayout title={TITLE}>
        <Stack hasGutter>
          <Alert variant="danger" isInline title={errorMessage(config.error)} />
          <Button variant="primary" isBlock onClick={() => void config.mutate()}>
            Try again
          </Button>
        </Stack>
      </AuthLayout>
    );
  }
  if (mode === undefined || signedIn === undefined) {
    return (
      <AuthLayout title={TITLE}>
        <AuthProgress label="Loading…" />
      </AuthLayout>
    );
  }
  if (mode === 'local' && !signedIn) {
    return (
      <AuthLayout title={TITLE}>
        <LocalSignInForm returnTo={returnTo.path} notice={notice} />
      </AuthLayout>
    );
  }
  // Still here: the provider sent an error back, or the return_to was refused; nothing happens by itself.
  const next = signedIn
    ? { label: 'Go to the console', url: consolePageUrl(returnTo.path) }
    : { label: errorCode === null ? 'Sign in' : 'Sign in again', url: oidcSignInUrl(returnTo.path) };
  return (
    <AuthLayout title={TITLE}>
      <Stack hasGutter>
        {notice && <Alert variant="danger" isInline isLiveRegion title={notice} />}
        <Button variant="primary" isBlock component="a" href={next.url}>
          {next.label}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
