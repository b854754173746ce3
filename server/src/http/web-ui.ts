import fs from 'node:fs';
import path from 'node:path';
import express, { Router, type RequestHandler } from 'express';

/**
 * Serves the built UI. Hashed assets (assets/name-HASH.ext) are cached for a year as
 * immutable; index.html is never cached and carries <base href> for the configured base
 * path, so the UI's relative URLs work under any sub-path. Every file of the build lives under
 * assets/ (the favicon too), so a missing asset is a 404 and every other path is a client
 * route: a route's last segment may hold a dot (/settings/properties/topology.disable).
 * Files are looked up on each request, so a rebuild (which links webDir to a new build) is
 * served at once, index.html and the assets it names together.
 */
export function webUi(webDir: string, basePath: string): Router {
  const router = Router();
  const index = indexReader(path.join(webDir, 'index.html'), basePath);
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
    const html = index();
    if (html === undefined) {
      res.status(503).type('text/plain').send('The UI is not built. Run `npm run build` (or `npm start`).\n');
    } else {
      res.setHeader('Cache-Control', 'no-cache');
      res.type('html').send(html);
    }
  });
  return router;
}

/**
 * index.html of the current build with the base path in its <base href>, or undefined while
 * there is none. Read again only when the file changes, which a stat per page load tells.
 */
function indexReader(indexFile: string, basePath: string): () => string | undefined {
  const escapedBase = basePath.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
  let cached: { version: string; html: string } | undefined;
  return () => {
    try {
      const { ino, mtimeMs, size } = fs.statSync(indexFile);
      const version = `${ino}:${mtimeMs}:${size}`;
      if (cached?.version !== version) {
        const html = fs.readFileSync(indexFile, 'utf8');
        cached = { version, html: html.replace('<base href="/" />', `<base href="${escapedBase}" />`) };
      }
      return cached.html;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  };
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
