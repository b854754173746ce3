/**
 * Development: rebuilds the UI on every change (unminified) and restarts the service on
 * server changes (tsx watch). Same env settings as `npm start`; the browser draws every screen
 * (no first screen from the server).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { SERVER_RENDER_DIR } from '../common/first-load.js';
import { webBuildOptions, writeIndexHtml } from './build.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'dist/web');

// No first screens drawn on the server while developing: a production build's renderer left in
// the folder would draw the UI as it was built, not as it is being edited.
fs.rmSync(path.join(outdir, SERVER_RENDER_DIR), { recursive: true, force: true });

const options = webBuildOptions(outdir, true);
const context = await esbuild.context({
  ...options,
  plugins: [
    ...(options.plugins ?? []),
    {
      name: 'index-html',
      setup(build) {
        build.onEnd((result) => {
          if (result.metafile) writeIndexHtml(outdir, result.metafile);
          console.log(`ui rebuilt${result.errors.length ? ` with ${result.errors.length} errors` : ''}`);
        });
      },
    },
  ],
});
await context.watch();

const server = spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
});
const stop = () => {
  server.kill('SIGTERM');
  void context.dispose();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => process.exit(code ?? 0));
