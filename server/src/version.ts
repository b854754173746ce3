import fs from 'node:fs';

/**
 * The service's version, from package.json. This file and the bundle (dist/server/main.js)
 * sit at the same depth below the package root, so one relative path serves both.
 */
export const backendVersion: string = (
  JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
