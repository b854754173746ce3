import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import compression from 'compression';
import express from 'express';
import { BUILD_RECORD } from '../../../common/build-folders.js';
import type { FirstLoadManifest } from '../../../common/first-load.js';
import { listen } from './test-app.js';
import { webUi } from './web-ui.js';

describe('webUi', () => {
  let webDir: string;
  let base: string;
  let close: () => void;
  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-ui-'));
    fs.mkdirSync(path.join(webDir, 'assets/files'), { recursive: true });
    fs.writeFileSync(
      path.join(webDir, 'index.html'),
      '<html><head><base href="/" /><!-- preloads --></head></html>',
    );
    const manifest: FirstLoadManifest = {
      pages: [
        {
          path: 'health',
          modules: ['assets/chunks/Page-1.js', 'assets/chunks/chunk-2.js'],
          data: [
            { path: 'api/auth/whoami' },
            {
              path: 'api/summary',
              query: { start: { from: 'timeRange', values: ['1h', '7d'], fallback: '1h' } },
              slow: true,
            },
          ],
        },
        {
          path: 'catalog/:id',
          params: { id: 'uuid' },
          modules: ['assets/chunks/ConfigLayout-3.js', 'assets/chunks/chunk-4.js'],
          data: [
            { path: 'api/auth/whoami' },
            {
              path: 'api/db/config_detail',
              query: { select: '*,scraper(id,name)', id: { param: 'id', prefix: 'eq.' } },
            },
          ],
        },
        {
          path: 'teams/:name',
          modules: ['assets/chunks/Team-5.js'],
          data: [{ path: 'api/teams', query: { name: { param: 'name' } } }],
        },
      ],
    };
    fs.writeFileSync(path.join(webDir, 'first-load.json'), JSON.stringify(manifest));
    fs.writeFileSync(path.join(webDir, 'assets/main-abc.js'), 'console.log(1)');
    fs.writeFileSync(path.join(webDir, 'assets/files/favicon-1234.svg'), '<svg/>');
    const app = express();
    app.use('/console/', webUi(webDir, '/console/'));
    const served = await listen(app);
    base = `${served.url}/console/`;
    close = served.close;
  });
  afterAll(() => {
    close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it.each(['settings/properties/topology.disable', 'catalog/app.v1.2', 'health', 'index.html', ''])(
    'answers the client route "%s" with index.html under the base href',
    async (route) => {
      const response = await fetch(new URL(route, base));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await response.text()).toContain('<base href="/console/" />');
    },
  );

  it('serves the files under assets/', async () => {
    const script = await fetch(new URL('assets/main-abc.js', base));
    expect(script.status).toBe(200);
    expect(await script.text()).toBe('console.log(1)');
    expect((await fetch(new URL('assets/files/favicon-1234.svg', base))).status).toBe(200);
  });

  it.each(['assets/missing-123.js', 'assets/files/gone.woff2', 'assets/files', 'assets/'])(
    'answers %s, which the build does not hold, with a plain 404',
    async (route) => {
      const response = await fetch(new URL(route, base));
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await response.text()).toBe('No such file.\n');
      expect((await fetch(new URL(route, base), { method: 'HEAD' })).status).toBe(404);
    },
  );

  it("preloads a page's chunks and first API reads, those for the time range its URL holds", async () => {
    const html = await (await fetch(new URL('health?timeRange=7d&x=1', base))).text();
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="api/auth/whoami" />');
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="api/summary?start=7d" />');
    expect(html).toContain('<link rel="modulepreload" href="assets/chunks/Page-1.js" />');
    expect(html).toContain('<link rel="modulepreload" href="assets/chunks/chunk-2.js" />');
    // whoami first, so the shell renders while the summary is computed; the summary after the code.
    const order = ['api/auth/whoami', 'assets/chunks/Page-1.js', 'assets/chunks/chunk-2.js', 'api/summary'];
    const at = order.map((href) => html.indexOf(`href="${href}`));
    expect(at).toEqual([...at].sort((a, b) => a - b));
    const other = await (await fetch(new URL('health/?timeRange=2y', base))).text();
    expect(other).toContain('href="api/summary?start=1h"');
  });

  it("asks for every read before the page's code when reads hold nothing up (PostgreSQL)", async () => {
    const app = express().use('/console/', webUi(webDir, '/console/', { readsBeforeCode: true }));
    const { url, close: stop } = await listen(app);
    try {
      const html = await (await fetch(`${url}/console/health`)).text();
      const order = ['api/auth/whoami', 'api/summary', 'assets/chunks/Page-1.js', 'assets/chunks/chunk-2.js'];
      const at = order.map((href) => html.indexOf(`href="${href}`));
      expect(Math.min(...at)).toBeGreaterThan(-1);
      expect(at).toEqual([...at].sort((a, b) => a - b));
    } finally {
      stop();
    }
  });

  it('preloads nothing for a page the manifest does not name', async () => {
    const html = await (await fetch(new URL('settings/users', base))).text();
    expect(html).toBe('<html><head><base href="/console/" /></head></html>');
  });

  const ID = '0b9a63a1-5bd5-4b8e-9f5c-1f0b9a63a1e7';

  it("preloads an item page's chunks and its reads of the id its path holds, relative and escaped", async () => {
    const html = await (await fetch(new URL(`catalog/${ID}`, base))).text();
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="api/auth/whoami" />');
    expect(html).toContain(
      `<link rel="preload" as="fetch" crossorigin href="api/db/config_detail?select=*%2Cscraper(id%2Cname)&#38;id=eq.${ID}" />`,
    );
    expect(html).toContain('<link rel="modulepreload" href="assets/chunks/ConfigLayout-3.js" />');
    expect(html).toContain('<link rel="modulepreload" href="assets/chunks/chunk-4.js" />');
    expect(html).not.toContain('Page-1.js');
    expect(html).not.toContain('api/summary');
    expect(await (await fetch(new URL(`catalog/${ID.toUpperCase()}/`, base))).text()).toContain(
      `id=eq.${ID.toUpperCase()}"`,
    );
  });

  it.each(['catalog/not-a-uuid', 'catalog/changes', `catalog/${ID}/changes`, `catalog/${ID}%22%3E`])(
    'preloads nothing for %s, which is not an item page',
    async (route) => {
      const html = await (await fetch(new URL(route, base))).text();
      expect(html).toBe('<html><head><base href="/console/" /></head></html>');
    },
  );

  it("puts a parameter's value in a read URI-encoded, so nothing of it reaches the HTML as markup", async () => {
    const html = await (await fetch(new URL('teams/a%22%20b%3Cc%3E%26d', base))).text();
    expect(html).toContain(
      '<link rel="preload" as="fetch" crossorigin href="api/teams?name=a%22%20b%3Cc%3E%26d" />',
    );
    expect(html).not.toMatch(/a" b|<c>|&d/);
  });

  it('answers a method other than GET and HEAD on an asset with a 405', async () => {
    const response = await fetch(new URL('assets/main-abc.js', base), { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});

/** A build folder holding a bare page and an empty assets folder. */
function blankWebDir(prefix: string): string {
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.mkdirSync(path.join(webDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(webDir, 'index.html'), '<html><head><base href="/" /></head></html>');
  return webDir;
}

describe('webUi with precompressed assets', () => {
  const script = 'console.log("a script long enough to be worth compressing");\n'.repeat(20);
  const fromBuild = `${script}// compressed by the build\n`;
  let webDir: string;
  let base: string;
  let close: () => void;
  beforeAll(async () => {
    webDir = blankWebDir('web-ui-compressed-');
    const file = path.join(webDir, 'assets/main-abc.js');
    fs.writeFileSync(file, script);
    // The copies say where they come from, so a test tells them from compressing on the fly.
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(fromBuild));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(fromBuild));
    fs.writeFileSync(path.join(webDir, 'assets/plain-abc.js'), script);
    // As app.ts has it: the compression middleware in front of everything.
    const app = express()
      .use(compression({ level: 1, threshold: 0 }))
      .use(webUi(webDir, '/'));
    const served = await listen(app);
    base = `${served.url}/`;
    close = served.close;
  });
  afterAll(() => {
    close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  /** The raw answer: fetch would undo the encoding. */
  const get = (route: string, acceptEncoding?: string) =>
    new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const headers = acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding };
      http
        .get(new URL(route, base), { headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });

  it.each([
    ['gzip, deflate, br, zstd', 'br', (body: Buffer) => zlib.brotliDecompressSync(body)],
    ['gzip', 'gzip', (body: Buffer) => zlib.gunzipSync(body)],
  ])(
    'sends the copy the build compressed to a browser that accepts "%s", once encoded',
    async (accept, encoding, decode) => {
      const { headers, body } = await get('assets/main-abc.js', accept);
      expect(headers['content-encoding']).toBe(encoding);
      expect(headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(headers.vary).toMatch(/Accept-Encoding/i);
      expect(headers['cache-control']).toMatch(/immutable/);
      expect(decode(body).toString()).toBe(fromBuild);
    },
  );

  it('sends the file itself to a browser that takes no encoding the build made', async () => {
    const { headers, body } = await get('assets/main-abc.js', 'identity');
    expect(headers['content-encoding']).toBeUndefined();
    expect(headers.vary).toMatch(/Accept-Encoding/i);
    expect(body.toString()).toBe(script);
  });

  it('leaves a file without compressed copies to the compression middleware', async () => {
    const { headers, body } = await get('assets/plain-abc.js', 'gzip');
    expect(headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(body).toString()).toBe(script);
  });

  it('answers a path that leaves assets/ as a missing file', async () => {
    const { body } = await get('assets/..%2Findex.html', 'br');
    expect(body.toString()).not.toContain('<html>');
  });
});

describe('webUi across rebuilds', () => {
  let parent: string;
  let base: string;
  let close: () => void;
  const webDir = () => path.join(parent, 'web');
  /** A build's files in a folder of its own, finished (its record written last) or not. */
  const write = (name: string, finished = true) => {
    const folder = path.join(parent, name);
    fs.mkdirSync(path.join(folder, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(folder, 'assets', `main-${name}.js`), name);
    if (finished) fs.writeFileSync(path.join(folder, BUILD_RECORD), '{}');
  };
  /** A build in its own folder, then webDir linked to it, as hack/build.ts does. */
  const build = (name: string) => {
    write(name);
    const folder = path.join(parent, name);
    fs.writeFileSync(
      path.join(folder, 'index.html'),
      `<html><head><base href="/" /><script src="assets/main-${name}.js"></script></head></html>`,
    );
    fs.symlinkSync(name, path.join(parent, 'link'));
    fs.renameSync(path.join(parent, 'link'), webDir());
  };
  beforeAll(async () => {
    parent = fs.mkdtempSync(path.join(os.tmpdir(), 'web-ui-builds-'));
    const app = express();
    app.use(webUi(webDir(), '/'));
    const served = await listen(app);
    base = `${served.url}/`;
    close = served.close;
  });
  afterAll(() => {
    close();
    fs.rmSync(parent, { recursive: true, force: true });
  });

  const page = async () => {
    const response = await fetch(new URL('health', base));
    return { status: response.status, text: await response.text() };
  };

  it('answers 503 until the UI is built, then the page and the assets of each new build', async () => {
    expect(await page()).toEqual({ status: 503, text: expect.stringContaining('The UI is not built') });
    for (const name of ['first', 'second']) {
      build(name);
      const { status, text } = await page();
      expect(status).toBe(200);
      const script = /src="(assets\/[^"]+)"/.exec(text)![1]!;
      expect(script).toBe(`assets/main-${name}.js`);
      const asset = await fetch(new URL(script, base));
      expect(asset.status).toBe(200);
      expect(await asset.text()).toBe(name);
    }
  });

  it('still answers the files of the build a rebuild replaced, not those of one still being written', async () => {
    build('.web-1-old');
    build('.web-2-new');
    write('.web-3-writing', false);
    const status = async (name: string) => (await fetch(new URL(`assets/main-${name}.js`, base))).status;
    expect(await status('.web-2-new')).toBe(200);
    expect(await status('.web-1-old')).toBe(200);
    expect(await status('.web-3-writing')).toBe(404);
  });
});

describe("webUi's assets in memory", () => {
  let webDir: string;
  let base: string;
  let close: () => void;
  beforeAll(async () => {
    webDir = blankWebDir('web-ui-memory-');
    const app = express().use(webUi(webDir, '/'));
    const served = await listen(app);
    base = `${served.url}/`;
    close = served.close;
  });
  afterAll(() => {
    close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('answers an asset it has read once without the file system, whole and immutable', async () => {
    const file = path.join(webDir, 'assets/chunk-abc.js');
    fs.writeFileSync(file, 'export const a = 1;');
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync('export const a = 1;'));
    const first = await fetch(new URL('assets/chunk-abc.js', base));
    expect(await first.text()).toBe('export const a = 1;');
    fs.rmSync(file);
    fs.rmSync(`${file}.gz`);
    for (const method of ['GET', 'HEAD']) {
      const again = await fetch(new URL('assets/chunk-abc.js', base), { method });
      expect(again.status).toBe(200);
      expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(again.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
      expect(again.headers.get('content-encoding')).toBe('gzip');
      expect(await again.text()).toBe(method === 'GET' ? 'export const a = 1;' : '');
    }
  });
});
