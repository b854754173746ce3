declare const __CONSOLE_VERSION__: string | undefined;

/** The UI's version, written into the bundle at build time from package.json. */
export const frontendVersion: string = typeof __CONSOLE_VERSION__ === 'string' ? __CONSOLE_VERSION__ : 'dev';
