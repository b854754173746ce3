/**
 * Builds the component gallery (./gallery.tsx) the way the console is built for production
 * (hack/build.ts: same plugins and loaders, minified) into a temporary directory, and serves it
 * under /gallery/ from a plain HTTP server on a free port, with a SPA fallback to index.html.
 */
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { webBuildOptions } from '../../../hack/build.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const ENTRY = 'tests/e2e/gallery/gallery.tsx';
const BASE_PATH = '/gallery/';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};

export interface Gallery {
  /** The gallery's address, ending in /gallery/. */
  url: string;
  close(): Promise<void>;
}

async function build(outdir: string): Promise<void> {
  const result = await esbuild.build({
    ...webBuildOptions(outdir),
    entryPoints: { gallery: ENTRY },
    minify: true,
  });
  const entry = Object.entries(result.metafile!.outputs).find(([, output]) => output.entryPoint === ENTRY);
  if (!entry) throw new Error(`esbuild wrote no output for ${ENTRY}`);
  const [script, { cssBundle: style }] = entry;
  const relative = (file: string) => path.relative(outdir, path.join(root, file)).split(path.sep).join('/');
  const html = fs
    .readFileSync(path.join(root, 'web/index.html'), 'utf8')
    .replace('<base href="/" />', `<base href="${BASE_PATH}" />`)
    .replace('<title>Ops Console</title>', '<title>Component gallery</title>')
    .replace('<!-- scripts -->', `<script type="module" src="${relative(script)}"></script>`)
    .replace('<!-- styles -->', style ? `<link rel="stylesheet" href="${relative(style)}" />` : '');
  fs.writeFileSync(path.join(outdir, 'index.html'), html);
}

/** The file a request path names inside outdir; index.html for anything else under the base path. */
function fileFor(outdir: string, pathname: string): string | undefined {
  if (!pathname.startsWith(BASE_PATH) && pathname !== BASE_PATH.slice(0, -1)) return undefined;
  const file = path.join(outdir, decodeURIComponent(pathname.slice(BASE_PATH.length)));
  const inside = file.startsWith(outdir + path.sep);
  return inside && fs.statSync(file, { throwIfNoEntry: false })?.isFile()
    ? file
    : path.join(outdir, 'index.html');
}

export async function startGallery(): Promise<Gallery> {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-console-gallery-'));
  await build(outdir);

  const server = http.createServer((request, response) => {
    const file = fileFor(outdir, new URL(request.url ?? '/', 'http://localhost').pathname);
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, {
      'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    });
    fs.createReadStream(file).pipe(response);
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const { port } = server.address() as net.AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${BASE_PATH}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(outdir, { recursive: true, force: true });
    },
  };
}
