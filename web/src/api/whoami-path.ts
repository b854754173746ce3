/** Where whoami answers; in a module of its own so the build can read it without a browser. */
export const WHOAMI_PATH = 'api/auth/whoami';
