import fs from 'node:fs';
import path from 'node:path';

/**
 * A web build's shape in `dir`: index.html with the `<base href>` the server rewrites and an entry
 * script it names, for suites about how the server serves a build rather than about the build.
 * Returns the script's path under `dir`.
 */
export function writeBuildShape(dir: string, script = 'assets/main-ABC123.js'): string {
  fs.mkdirSync(path.join(dir, path.dirname(script)), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<html><head><base href="/" /></head><body><script type="module" src="${script}"></script></body></html>`,
  );
  fs.writeFileSync(path.join(dir, script), 'console.log(1)');
  return script;
}
