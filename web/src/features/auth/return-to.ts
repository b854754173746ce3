/** Spec 3 §8: what the sign-in page says about a `return_to` outside the console. */
export const RETURN_TO_FORBIDDEN = 'The return_to address is not allowed.';

/** Where sign-in goes without a usable `return_to`: the console's home. */
export const DEFAULT_RETURN_TO = '/';

// Any base works: a relative path resolves the same way under every base path.
const PROBE_BASE = new URL('https://console.invalid/base/');

/**
 * Whether `value` is a path of this console: it starts with '/', not with '//' or '/\', and,
 * resolved the way the sign-in page resolves it (without its leading '/', against the base),
 * stays on the console's origin and under its base. That last check catches what browsers do to
 * URLs behind the text's back: drop tabs and newlines, read '\' as '/', treat 'x:' as a scheme,
 * walk up with '..' or '%2e%2e'.
 */
export function isConsolePath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return false;
  let url: URL;
  try {
    url = new URL(value.slice(1), PROBE_BASE);
  } catch {
    return false;
  }
  return url.origin === PROBE_BASE.origin && url.pathname.startsWith(PROBE_BASE.pathname);
}

export interface ReturnTo {
  /** Where to go after signing in: a console path starting with '/'. */
  path: string;
  /** false when the `return_to` asked for was refused (then `path` is the default). */
  allowed: boolean;
}

/** The sign-in page itself as a destination would only come back here. */
const SIGN_IN_PAGE = /^\/login(?:[/?#]|$)/;

/** Where sign-in leads for the `return_to` query parameter (null when absent). */
export function returnToFrom(value: string | null): ReturnTo {
  if (value === null || value === '') return { path: DEFAULT_RETURN_TO, allowed: true };
  if (!isConsolePath(value)) return { path: DEFAULT_RETURN_TO, allowed: false };
  if (SIGN_IN_PAGE.test(value)) return { path: DEFAULT_RETURN_TO, allowed: true };
  return { path: value, allowed: true };
}
