/** Spec 3 §8's text for a return address that leads out of the console. */
export const RETURN_TO_FORBIDDEN = 'The return_to address is not allowed.';

/**
 * A `return_to` value the console may send a browser to after sign-in: a path of this console
 * ('/health?x=1'), never another origin. '//evil.example' and '/\evil.example' are protocol-
 * relative URLs to browsers, so they are refused with anything that has a scheme or control
 * characters. Returns the path, or null when it is not allowed; an absent value means '/'.
 */
export function safeReturnTo(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return '/';
  if (typeof value !== 'string' || value.length > 2048) return null;
  // eslint-disable-next-line no-control-regex
  if (!value.startsWith('/') || /^\/[/\\]/.test(value) || /[\u0000-\u001f\u007f\\]/.test(value)) return null;
  return value;
}

/** The absolute path under the console's base for a safe return_to ('/health' → '/console/health'). */
export function underBase(basePath: string, returnTo: string): string {
  return basePath + returnTo.slice(1);
}

/** The console's absolute base URL as browsers reach it: PUBLIC_URL, else this request's origin and base path. */
export function consoleUrl(
  req: { protocol: string; get(name: string): string | undefined },
  { publicUrl, basePath }: { publicUrl: string | undefined; basePath: string },
): string {
  return publicUrl ?? `${req.protocol}://${req.get('host')}${basePath}`;
}
