import fs from 'node:fs';
import path from 'node:path';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { BUILD_RECORD, buildFolderPrefix, REPLACED_BUILD_SUFFIX } from '../../../common/build-folders.js';
import {
  FIRST_LOAD_MANIFEST,
  firstDataUrl,
  matchFirstLoad,
  type FirstLoad,
  type FirstLoadManifest,
  type PageSearch,
} from '../../../common/first-load.js';
import { firstReadsScript, firstScreen, serverRenderers, type FirstScreen } from './first-screen.js';

/**
 * Serves the built UI. Hashed assets (assets/name-HASH.ext) are cached for a year as
 * immutable, sent precompressed when the build left a `.br` or `.gz` copy the browser accepts,
 * and kept in memory once read (assetFiles);
 * index.html is never cached and carries <base href> for the configured base path, so the UI's
 * relative URLs work under any sub-path, and, for a page the build's first-load manifest
 * names, preloads of the page's chunks and first API reads (common/first-load.ts). Every file
 * of the build lives under assets/ (the favicon too), so a missing asset is a 404 and every
 * other path is a client route: a route's last segment may hold a dot
 * (/settings/properties/topology.disable). Files are looked up on each request, so a rebuild
 * (which links webDir to a new build) is served at once, index.html and the assets it names
 * together.
 */
export interface WebUiOptions {
  /**
   * The database answers off the event loop (PostgreSQL), so a slow read holds nothing else
   * up: the page's reads are then asked for before its code, to be computed while it downloads.
   */
  readsBeforeCode?: boolean;
  /** Why a page's first screen could not be drawn on the server (first-screen.ts). */
  onRenderError?: (error: unknown) => void;
}

export function webUi(webDir: string, basePath: string, options: WebUiOptions = {}): Router {
  const router = Router();
  const current = buildReader(webDir, basePath);
  const renderers = serverRenderers();
  /** The build's server renderer, for a GET from someone who may be signed in. */
  const rendererFor = async (build: Build, req: Request) => {
    if (req.method !== 'GET' || !req.headers.cookie || !build.html.includes(ROOT)) return undefined;
    try {
      return await renderers(build.dir);
    } catch (error) {
      options.onRenderError?.(error);
      return undefined;
    }
  };
  router.use('/assets', assetFiles(webDir), assetNotFound);
  router.get('/{*path}', async (req, res) => {
    const build = current();
    if (build === undefined) {
      res.status(503).type('text/plain').send('The UI is not built. Run `npm run build` (or `npm start`).\n');
      return;
    }
    const first = firstLoadOf(build.pages, req.path, req.query);
    const render = first?.page.serverRendered ? await rendererFor(build, req) : undefined;
    if (first && render) {
      await sendDrawn(res, build.html, first, (urls) =>
        firstScreen(req, basePath, urls, render, options.onRenderError),
      );
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(build.html.replace(PRELOADS, first ? preloadLinks(first, options) : ''));
  });
  return router;
}

/** Where index.html takes the preloads of the page it is served for. */
const PRELOADS = '<!-- preloads -->';
/** Where the UI renders, and a page drawn on the server carries its first screen (first-screen.ts). */
const ROOT = '<div id="root"></div>';

interface Build {
  /** The build's folder (its real path): a rebuild is another. */
  dir: string;
  html: string;
  /** The pages of the first-load manifest. */
  pages: FirstLoad[];
}

/**
 * index.html of the current build with the base path in its <base href>, and the build's
 * first-load manifest; undefined while there is no build. Read again only when index.html
 * changes, which a stat per page load tells (a build writes both before it is linked).
 */
function buildReader(webDir: string, basePath: string): () => Build | undefined {
  const escapedBase = escapeAttribute(basePath);
  let cached: { version: string; build: Build } | undefined;
  return () => {
    try {
      const dir = fs.realpathSync(webDir);
      const indexFile = path.join(dir, 'index.html');
      const { ino, mtimeMs, size } = fs.statSync(indexFile);
      const version = `${dir}:${ino}:${mtimeMs}:${size}`;
      if (cached?.version !== version) {
        const html = fs.readFileSync(indexFile, 'utf8');
        cached = {
          version,
          build: {
            dir,
            html: html.replace('<base href="/" />', `<base href="${escapedBase}" />`),
            pages: readManifest(dir).pages,
          },
        };
      }
      return cached.build;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  };
}

/** The build's first-load manifest; a build without one preloads nothing. */
function readManifest(dir: string): FirstLoadManifest {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, FIRST_LOAD_MANIFEST), 'utf8')) as FirstLoadManifest;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { pages: [] };
    throw error;
  }
}

/**
 * A page whose first screen the server draws: the page up to its scripts goes out at once, so
 * the browser fetches the stylesheet and the code while the server reads and renders; then the
 * screen (after the scripts, which run only once the page is whole) and its reads, or the
 * empty root when there is none.
 */
async function sendDrawn(
  res: Response,
  html: string,
  first: PageOfFirstLoad,
  draw: (urls: string[]) => Promise<FirstScreen | undefined>,
): Promise<void> {
  const [before = '', after = ''] = html.split(ROOT);
  const bodyEnd = after.lastIndexOf('</body>');
  const scripts = after.slice(0, bodyEnd).replace(PRELOADS, codePreloads(first.page).join('\n    '));
  // It holds the person's data: no shared cache may keep it.
  res.setHeader('Cache-Control', 'private, no-cache');
  res.type('html');
  res.write(before + scripts.trimEnd());
  flush(res);
  const screen = await draw(first.urls);
  const end = `\n  ${after.slice(bodyEnd)}`;
  if (!screen) {
    res.end(`\n    ${ROOT}${end}`);
    return;
  }
  // The screen goes out before its reads (a JSON text that can weigh megabytes), so the
  // browser draws it while they arrive.
  res.write(`\n    <div id="root" inert aria-hidden="true">${screen.html}</div>`);
  flush(res);
  res.write(firstReadsScript(screen.reads));
  res.end(end);
}

/** What has been written goes out now, not when the compression middleware's buffer fills. */
const flush = (res: Response) => (res as Response & { flush?: () => void }).flush?.();

/** A page of the first-load manifest as one request asks for it: its reads' URLs worked out. */
interface PageOfFirstLoad {
  page: FirstLoad;
  /** The URL of each read of the page (under the base), in the page's order. */
  urls: string[];
  /** Which of `urls` keep the server busy a while (FirstData.slow). */
  slow: Set<string>;
}

/**
 * The first-load page that `requestPath` (under the base, as express has it) is, with its reads
 * for its parameters (the id of /catalog/{id}) and query; undefined for another path.
 */
function firstLoadOf(
  pages: FirstLoad[],
  requestPath: string,
  query: Record<string, unknown>,
): PageOfFirstLoad | undefined {
  const path = requestPath.replace(/^\/+|\/+$/g, '');
  const search: PageSearch = {
    get: (name) => {
      const value = query[name];
      return typeof value === 'string' ? value : null;
    },
  };
  for (const page of pages) {
    const params = matchFirstLoad(page, path);
    if (!params) continue;
    const urls: string[] = [];
    const slow = new Set<string>();
    for (const data of page.data) {
      const url = firstDataUrl(data, search, params);
      if (url === undefined) continue;
      urls.push(url);
      if (data.slow) slow.add(url);
    }
    return { page, urls, slow };
  }
  return undefined;
}

const codePreloads = (page: FirstLoad) =>
  page.modules.map((file) => `<link rel="modulepreload" href="${escapeAttribute(file)}" />`);

/**
 * The page's quick API reads (whoami), its chunks, then its slow reads: a browser asks for them
 * in this order, after the entry's own files, so the code does not wait behind a read that holds
 * the server (the summary on PGlite), and the shell, which needs whoami, renders meanwhile. When
 * reads hold nothing up (readsBeforeCode), every read comes before the chunks. A
 * read's preload is used only when the UI's fetch asks for the same URL with the same
 * credentials mode: `crossorigin` (anonymous) is the same-origin credentials the console's fetch
 * wrapper sends.
 */
function preloadLinks({ page, urls, slow }: PageOfFirstLoad, options: WebUiOptions): string {
  const read = (url: string) =>
    `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(url)}" />`;
  const code = codePreloads(page);
  if (options.readsBeforeCode) return [...urls.map(read), ...code].join('\n    ');
  return [
    ...urls.filter((url) => !slow.has(url)).map(read),
    ...code,
    ...urls.filter((url) => slow.has(url)).map(read),
  ].join('\n    ');
}

const escapeAttribute = (text: string) => text.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The encodings the build precompresses to, by the file suffix of the copy, best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
];

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** What the asset cache may hold: a first load's files several times over, far below the memory budget. */
const CACHE_BYTES = 32 * 1024 * 1024;
const LARGEST_CACHED_FILE = 4 * 1024 * 1024;
/** Misses are remembered too (a build without a `.br` copy of a file); this bounds a flood of made-up names. */
const CACHE_ENTRIES = 4096;

/**
 * The finished builds kept beside the one `webDir` links to (hack/build-folders.ts keeps the one a
 * rebuild replaced): a page loaded from it just before the link moved still gets the files it
 * names, which the new build does not have (hashed names). A build still being written is left
 * out: its files may be half there. None when `webDir` is a plain folder.
 */
function otherBuilds(webDir: string, current: string): string[] {
  const parent = path.dirname(current);
  const prefix = buildFolderPrefix(path.basename(webDir));
  try {
    return fs
      .readdirSync(parent, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name.startsWith(prefix))
      .map((entry) => path.join(parent, entry.name))
      .filter(
        (folder) =>
          folder !== current &&
          (folder.endsWith(REPLACED_BUILD_SUFFIX) || fs.existsSync(path.join(folder, BUILD_RECORD))),
      );
  } catch {
    return [];
  }
}

/**
 * Answers a GET or HEAD of an asset from memory: the copy the build compressed it to
 * (hack/precompress.ts) in the best encoding the browser accepts, else the file itself, which
 * the compression middleware may then compress. A file is read once, synchronously: a first
 * load asks for some sixty files, and each answer goes out in the event-loop turn its request
 * arrives in, so none waits behind a request that holds the loop (a summary on PGlite) halfway
 * through the several file-system calls a static-file server makes per file. A build never
 * changes its files (new files get new names, in a new build folder), so an entry, keyed by the
 * build folder's real path, never goes stale; the least recently used go past the cache's bounds.
 */
function assetFiles(webDir: string): RequestHandler {
  const cache = new Map<string, Buffer | null>();
  let cachedBytes = 0;
  const read = (file: string): Buffer | null => {
    const hit = cache.get(file);
    if (hit !== undefined) {
      cache.delete(file);
      cache.set(file, hit);
      return hit;
    }
    let body: Buffer | null;
    try {
      body = fs.readFileSync(file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'EISDIR' && code !== 'ENOTDIR') throw error;
      body = null;
    }
    if (body && body.length > LARGEST_CACHED_FILE) return body;
    cache.set(file, body);
    cachedBytes += body?.length ?? 0;
    for (const [oldest, bytes] of cache) {
      if (cachedBytes <= CACHE_BYTES && cache.size <= CACHE_ENTRIES) break;
      cache.delete(oldest);
      cachedBytes -= bytes?.length ?? 0;
    }
    return body;
  };
  // Listed again only when the link has moved: misses (made-up names too) read no folder.
  let others: { current: string; folders: string[] } | undefined;
  /** The file's copies and itself in the build `folder`, or undefined when it has no such file. */
  const found = (folder: string, relative: string, req: Request) => {
    const assets = path.join(folder, 'assets');
    const file = path.join(assets, relative);
    if (!file.startsWith(`${assets}${path.sep}`)) return undefined;
    const copies = ENCODINGS.map((encoding) => ({ ...encoding, body: read(file + encoding.suffix) })).filter(
      (copy) => copy.body !== null,
    );
    // Ours, not the browser's, order among the accepted: Chromium lists gzip before br.
    const copy = copies.find(({ name }) => req.acceptsEncodings(name) === name);
    const body = copy ? copy.body : read(file);
    return body === null ? undefined : { file, copies, copy, body };
  };
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let current: string;
    let relative: string;
    try {
      current = fs.realpathSync(webDir);
      relative = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    let asset = found(current, relative, req);
    if (!asset) {
      if (others?.current !== current) others = { current, folders: otherBuilds(webDir, current) };
      for (const folder of others.folders) if ((asset = found(folder, relative, req))) break;
    }
    if (!asset) return next();
    const { file, copies, copy, body } = asset;
    if (copies.length > 0) res.vary('Accept-Encoding');
    if (copy) res.setHeader('Content-Encoding', copy.name);
    res.type(path.extname(file));
    res.setHeader('Cache-Control', IMMUTABLE);
    res.setHeader('Content-Length', body!.length);
    res.end(req.method === 'HEAD' ? undefined : body);
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
