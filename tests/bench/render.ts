/**
 * Cold first renders in headless Chromium (a new browser context each time: no cache, no
 * storage), and the JS and CSS a first render downloads, gzip and as the server sends it with
 * brotli.
 */
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, ensureChromium } from '../../hack/ensure-chromium.js';
import type { Server } from './server.js';
import { summarize, type Timing } from './stats.js';

export interface Render extends Timing {
  /** The scripts the first load fetched (the entry, its static imports, the route's chunks). */
  scripts: string[];
  /** The stylesheets it fetched. */
  stylesheets: string[];
}

/** The URLs of the scripts and stylesheets a load fetched. */
interface Fetched {
  scripts: string[];
  stylesheets: string[];
}

export async function withBrowser<T>(fn: (browser: Browser) => Promise<T>): Promise<T> {
  ensureChromium();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    return await fn(browser);
  } finally {
    await browser.close();
  }
}

async function coldLoad(
  browser: Browser,
  server: Server,
  pagePath: string,
  shown: RegExp,
  fetched?: Fetched,
) {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  try {
    const { hostname } = new URL(server.url);
    await context.addCookies(
      server.cookie.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name: name!, value: value.join('='), domain: hostname, path: '/' };
      }),
    );
    const page = await context.newPage();
    if (fetched)
      page.on('request', (request) => {
        if (request.resourceType() === 'script') fetched.scripts.push(request.url());
        if (request.resourceType() === 'stylesheet') fetched.stylesheets.push(request.url());
      });
    const started = performance.now();
    await page.goto(`${server.url}${pagePath}`);
    await page.getByText(shown).first().waitFor({ timeout: 30_000 });
    return performance.now() - started;
  } finally {
    await context.close();
  }
}

/**
 * `runs` cold loads of pagePath per server, interleaved, until text matching `shown` appears;
 * one untimed load first (it warms the server, not the browser).
 */
export async function firstRenders(
  browser: Browser,
  servers: readonly Server[],
  pagePath: string,
  shown: (server: Server) => RegExp,
  runs = 5,
): Promise<Render[]> {
  const fetched = servers.map((): Fetched => ({ scripts: [], stylesheets: [] }));
  for (const [k, server] of servers.entries())
    await coldLoad(browser, server, pagePath, shown(server), fetched[k]);
  const samples = servers.map((): number[] => []);
  for (let i = 0; i < runs; i++) {
    for (const [k, server] of servers.entries())
      samples[k]!.push(await coldLoad(browser, server, pagePath, shown(server)));
  }
  return samples.map((s, k) => ({ ...summarize(s), ...fetched[k]! }));
}

function download(
  url: string,
  encoding: string,
): Promise<{ bytes: number; body: Buffer; encoding?: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ bytes: body.length, body, encoding: response.headers['content-encoding'] });
        });
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

export interface WireSizes {
  /** Every file gzipped at the default level, as hack/bundle-report.ts counts. */
  gzipKb: number;
  /** The bytes the server sends when asked for brotli; undefined when it does not send brotli. */
  brotliKb?: number;
}

/** What the files at `urls` weigh on the wire (scripts or stylesheets). */
export async function wireSizes(urls: readonly string[]): Promise<WireSizes> {
  let gzip = 0;
  let brotli: number | undefined = 0;
  for (const url of new Set(urls)) {
    const identity = await download(url, 'identity');
    gzip += gzipSync(identity.body).length;
    const br = await download(url, 'br');
    brotli = br.encoding === 'br' && brotli !== undefined ? brotli + br.bytes : undefined;
  }
  return { gzipKb: gzip / 1024, brotliKb: brotli === undefined ? undefined : brotli / 1024 };
}
