/**
 * Cold first renders in headless Chromium (a new browser context each time: no cache, no
 * storage), and the JS and CSS a first render downloads, gzip and as the server sends it with
 * brotli.
 */
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, ensureChromium } from '../../hack/ensure-chromium.js';
import type { Server } from './server.js';
import { summarize, type Timing } from './stats.js';

export interface Render extends Timing {
  /** The scripts the first load fetched (the entry, its static imports, the route's chunks). */
  scripts: string[];
  /** The stylesheets it fetched. */
  stylesheets: string[];
  /** Why an optional target's loads stopped (its figures are then missing). */
  failed?: string;
  /** Until the target's `interactive` wait ended, when it has one. */
  interactive?: Timing;
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

/**
 * A page to load cold: its full URL, the cookie it is loaded with, and what ends the wait: a
 * text, or a wait of its own for what the page's first render must show.
 */
export interface RenderTarget {
  pageUrl: string;
  cookie: string;
  shown: RegExp | ((page: Page) => Promise<void>);
  /**
   * What shows that the UI's own render has replaced a screen the server drew (its role-bearing
   * elements: a drawn screen is hidden from the accessibility tree until then), timed too.
   */
  interactive?: (page: Page) => Promise<void>;
  /**
   * The text whose first paint ends the first render (its element's Element Timing, from the
   * navigation's start), once `shown` has seen it: a wait that polls the page is answered only
   * between the page's tasks, and the script a page runs after painting a screen the server drew
   * would hold the answer back by the length of its longest task.
   */
  painted?: Painted;
  /** A failed load ends this target's loads instead of the whole measure. */
  optional?: boolean;
}

/** The URLs of the scripts and stylesheets a load fetched. */
interface Fetched {
  scripts: string[];
  stylesheets: string[];
}

/** A new browser context (no cache, no storage) holding `cookie` for the host of `pageUrl`. */
export async function signedInContext(browser: Browser, pageUrl: string, cookie: string) {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  const { hostname } = new URL(pageUrl);
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const [name, ...value] = pair.split('=');
      return { name: name!, value: value.join('='), domain: hostname, path: '/' };
    }),
  );
  return context;
}

async function coldLoad(browser: Browser, target: RenderTarget, fetched?: Fetched) {
  const context = await signedInContext(browser, target.pageUrl, target.cookie);
  try {
    const page = await context.newPage();
    let recording = true;
    if (fetched)
      page.on('request', (request) => {
        if (!recording) return;
        if (request.resourceType() === 'script') fetched.scripts.push(request.url());
        if (request.resourceType() === 'stylesheet') fetched.stylesheets.push(request.url());
      });
    if (target.painted) {
      const { texts = [], pattern } = target.painted;
      await page.addInitScript(markTextsForElementTiming, {
        texts,
        pattern: pattern && { source: pattern.source, flags: pattern.flags },
        prefix: PAINTED,
      });
    }
    const started = performance.now();
    // Until the page shows what it is for, not until its load event: the event also waits for
    // what the page preloads or fetches after its first render (fonts, low-priority styles).
    await page.goto(target.pageUrl, { waitUntil: 'commit' });
    if (typeof target.shown === 'function') await target.shown(page);
    else await page.getByText(target.shown).first().waitFor({ timeout: 30_000 });
    const elapsed = target.painted
      ? await paintTime(page, target.painted.pattern ? 'first' : 'last')
      : performance.now() - started;
    recording = false;
    let interactive: number | undefined;
    if (target.interactive) {
      await target.interactive(page);
      interactive = performance.now() - started;
    }
    if (fetched) {
      // A stylesheet the page asks for at low priority once it has rendered (the other pages'
      // rules) is not part of its first load, whether or not its request beat the wait's end.
      const deferred = await page.evaluate(() =>
        Array.from(
          document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][fetchpriority="low"]'),
          (link) => link.href,
        ),
      );
      fetched.stylesheets = fetched.stylesheets.filter((url) => !deferred.includes(url));
    }
    return { elapsed, interactive };
  } finally {
    await context.close();
  }
}

/**
 * What a first render has painted when it is over: every one of `texts` (a page's cards), or the
 * first text that matches `pattern` (a list's first row).
 */
export interface Painted {
  texts?: string[];
  pattern?: RegExp;
}

/** The prefix of the `elementtiming` identifiers markTextsForElementTiming gives, each followed by its text. */
const PAINTED = 'bench-painted:';

/**
 * Runs in the page before its own scripts: the element of every text node of the document (added
 * by the parser or by a script) whose text is one of `texts`, and that element's parent, get an
 * `elementtiming` attribute naming the text, so the browser times their paints. The parent too:
 * the text of an inline element (a link) is timed at the block that lays it out. It looks at the
 * added nodes only (the parser adds each text node on its own, a script whole subtrees), and
 * never at a script's text: a page's inlined JSON, scanned on every addition beside it, would
 * itself delay the paint being timed.
 */
function markTextsForElementTiming({
  texts,
  pattern,
  prefix,
}: {
  texts: string[];
  pattern?: { source: string; flags: string };
  prefix: string;
}): void {
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  const wanted = new Set(texts);
  const matching = pattern && new RegExp(pattern.source, pattern.flags);
  const longest = Math.max(200, ...texts.map((text) => text.length));
  new MutationObserver((records) => {
    const added: Node[] = [];
    for (const record of records) {
      for (const node of Array.from(record.addedNodes)) {
        if (node.nodeType === Node.TEXT_NODE) added.push(node);
        else if (node instanceof Element && !(node instanceof HTMLScriptElement)) {
          const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
          for (let text = walker.nextNode(); text; text = walker.nextNode()) added.push(text);
        }
      }
    }
    for (const node of added) {
      const element = node.parentElement;
      const data = node.textContent ?? '';
      if (!element || element instanceof HTMLScriptElement || data.length > longest) continue;
      const text = data.trim();
      if (!text || !(wanted.has(text) || matching?.test(text))) continue;
      element.setAttribute('elementtiming', prefix + text);
      element.parentElement?.setAttribute('elementtiming', prefix + text);
    }
  }).observe(document, { childList: true, subtree: true });
}

/**
 * When the texts markTextsForElementTiming marked had been painted, from the navigation's start:
 * each text's first paint (a later one is the UI's own render of a screen the server drew), the
 * `first` or the `last` of those. A text below the fold is never painted, and not waited for.
 */
async function paintTime(page: Page, which: 'first' | 'last'): Promise<number> {
  return page.evaluate(
    ({ prefix, which }) =>
      new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('none of the marked texts was painted')), 10_000);
        new PerformanceObserver((list, observer) => {
          const first = new Map<string, number>();
          for (const entry of list.getEntries() as (PerformanceEntry & {
            identifier: string;
            renderTime: number;
          })[]) {
            if (!entry.identifier.startsWith(prefix)) continue;
            const time = entry.renderTime || entry.startTime;
            first.set(entry.identifier, Math.min(time, first.get(entry.identifier) ?? Infinity));
          }
          if (first.size === 0) return;
          clearTimeout(timer);
          observer.disconnect();
          resolve(which === 'first' ? Math.min(...first.values()) : Math.max(...first.values()));
        }).observe({ type: 'element', buffered: true });
      }),
    { prefix: PAINTED, which },
  );
}

/**
 * `runs` cold loads of each target, interleaved (A, B, A, B…), until its text appears; one
 * untimed load of each first (it warms the servers, not the browser) records the scripts.
 */
export async function firstRendersOf(
  browser: Browser,
  targets: readonly RenderTarget[],
  runs = 5,
): Promise<Render[]> {
  const fetched = targets.map((): Fetched => ({ scripts: [], stylesheets: [] }));
  const samples = targets.map((): number[] => []);
  const interactive = targets.map((): number[] => []);
  const failed: (string | undefined)[] = targets.map(() => undefined);
  const load = async (
    k: number,
    record: (ms: { elapsed: number; interactive?: number }) => void,
    seen?: Fetched,
  ) => {
    if (failed[k] !== undefined) return;
    try {
      record(await coldLoad(browser, targets[k]!, seen));
    } catch (error) {
      if (!targets[k]!.optional) throw error;
      failed[k] = (error as Error).message.split('\n')[0];
    }
  };
  for (const k of targets.keys()) await load(k, () => {}, fetched[k]);
  for (let i = 0; i < runs; i++) {
    for (const k of targets.keys())
      await load(k, (ms) => {
        samples[k]!.push(ms.elapsed);
        if (ms.interactive !== undefined) interactive[k]!.push(ms.interactive);
      });
  }
  return samples.map((s, k) => ({
    ...summarize(s),
    ...fetched[k]!,
    failed: failed[k],
    ...(interactive[k]!.length > 0 ? { interactive: summarize(interactive[k]!) } : {}),
  }));
}

/** The console's page at pagePath on each server, signed in. */
export function consoleTargets(
  servers: readonly Server[],
  pagePath: string,
  shown: (server: Server) => RegExp,
): RenderTarget[] {
  return servers.map((server) => ({
    pageUrl: `${server.url}${pagePath}`,
    cookie: server.cookie,
    shown: shown(server),
  }));
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
  /**
   * The bytes the server sends when asked for brotli (a file too small to gain from it comes as
   * it is); undefined when it sends no file compressed with brotli.
   */
  brotliKb?: number;
}

/** What the files at `urls` weigh on the wire (scripts or stylesheets). */
export async function wireSizes(urls: readonly string[]): Promise<WireSizes> {
  let gzip = 0;
  let brotli = 0;
  let brotliSent = false;
  for (const url of new Set(urls)) {
    const identity = await download(url, 'identity');
    gzip += gzipSync(identity.body).length;
    const br = await download(url, 'br');
    brotli += br.bytes;
    brotliSent ||= br.encoding === 'br';
  }
  return { gzipKb: gzip / 1024, brotliKb: brotliSent ? brotli / 1024 : undefined };
}
