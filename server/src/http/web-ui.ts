import fs from 'node:fs';
import path from 'node:path';
import express, { Router, type RequestHandler } from 'express';

/**
 * Serves the built UI. Hashed assets (assets/name-HASH.ext) are cached for a year as
 * immutable; index.html is never cached and carries <base href> for the configured base
 * path, so the UI's relative URLs work under any sub-path. Every file of the build lives under
 * assets/ (the favicon too), so a missing asset is a 404 and every other path is a client
 * route: a route's last segment may hold a dot (/settings/properties/topology.disable).
 */
export function webUi(webDir: string, basePath: string): Router {
  const router = Router();
  const indexFile = path.join(webDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    router.use((_req, res) => {
      res.status(503).type('text/plain').send('The UI is not built. Run `npm run build` (or `npm start`).\n');
    });
    return router;
  }
  const escapedBase = basePath.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
  const index = fs
    .readFileSync(indexFile, 'utf8')
    .replace('<base href="/" />', `<base href="${escapedBase}" />`);

  router.use(
    '/assets',
    express.static(path.join(webDir, 'assets'), {
      immutable: true,
      maxAge: '365d',
      index: false,
      redirect: false,
    }),
    assetNotFound,
  );
  router.get('/{*path}', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(index);
  });
  return router;
}

/**
 * What the static files did not answer: a file that is not there (an old chunk a browser still
 * asks for after a deploy) is a plain 404, and a method other than GET or HEAD a 405.
 */
const assetNotFound: RequestHandler = (req, res) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.status(405).setHeader('Allow', 'GET, HEAD');
    res.type('text/plain').send('Only GET and HEAD are answered here.\n');
  } else {
    res.status(404).type('text/plain').send('No such file.\n');
  }
};
