import fs from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';

/**
 * Serves the built UI. Hashed assets (assets/name-HASH.ext) are cached for a year as
 * immutable; index.html is never cached and carries <base href> for the configured base
 * path, so the UI's relative URLs work under any sub-path. Client routes fall back to it.
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
      fallthrough: false,
    }),
  );
  router.get('/{*path}', (req, res, next) => {
    // A path with a file extension that was not found above is a missing file, not a route.
    if (path.extname(req.path) !== '') return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(index);
  });
  return router;
}
