import { apiUrl } from '../../api/index.js';

/** The address of a console path (starting with '/') under the base. */
export function consolePageUrl(path: string): string {
  return new URL(path.slice(1), document.baseURI).toString();
}

/**
 * Opens a console path with a full page load, not a router navigation: a new session must not
 * see answers cached for the previous one.
 */
export function loadConsolePage(path: string): void {
  window.location.assign(consolePageUrl(path));
}

/** Where the browser goes to sign in with the OpenID provider, coming back to `returnTo`. */
export function oidcSignInUrl(returnTo: string): string {
  return apiUrl(`api/auth/oidc/login?return_to=${encodeURIComponent(returnTo)}`);
}
