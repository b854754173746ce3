/**
 * The first screen of a page whose first load is drawn on the server (FirstLoad.serverRendered):
 * the page's first reads made for the person asking, as their browser would make them (the same
 * URLs, their cookie, so the same permission checks), then the UI's own components rendered to
 * HTML by the build's server renderer (web/src/server-render.tsx). The browser shows it before
 * the UI's code has run; the UI then takes the reads from the page instead of asking again.
 * Anything short of every read answered (no session, a refusal, a timeout) and the page is sent
 * as it is without one: the UI asks and renders as always.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Request } from 'express';
import { FIRST_READS_ID, SERVER_RENDER_FILE } from '../../../common/first-load.js';

type Render = (url: string, basename: string, reads: Record<string, unknown>) => Promise<string | undefined>;

/** Past this, the page goes without its first screen rather than keep the browser waiting. */
const READS_TIMEOUT_MS = 2_000;

export interface FirstScreen {
  /** The page's markup, for inside `<div id="root">`. */
  html: string;
  /**
   * The reads it was drawn with, by URL: what the UI would have asked for, each the JSON the
   * server answered it with, passed on as it came rather than parsed and written again.
   */
  reads: Map<string, Buffer>;
}

/** The reads of a page, each as its answer's JSON and as the value it holds. */
interface Reads {
  bodies: Map<string, Buffer>;
  values: Record<string, unknown>;
}

/**
 * The server renderer of the build in `buildDir` (a real path: each build has its own folder, so
 * a rebuild's renderer is loaded anew), loaded on the first page that asks for it. A build
 * without one (the tests' unminified builds) renders nothing.
 */
export function serverRenderers(): (buildDir: string) => Promise<Render | undefined> {
  let loaded: { buildDir: string; render: Promise<Render | undefined> } | undefined;
  return (buildDir) => {
    if (loaded?.buildDir !== buildDir) {
      const file = path.join(buildDir, SERVER_RENDER_FILE);
      const render = import(pathToFileURL(file).href).then(
        (module: { renderFirstScreen: Render }) => module.renderFirstScreen,
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ERR_MODULE_NOT_FOUND') return undefined;
          throw error;
        },
      );
      loaded = { buildDir, render };
    }
    return loaded.render;
  };
}

/** The answers of `urls` (under the console's base) as `req`'s sender gets them; undefined unless all are 200. */
async function readAs(req: Request, basePath: string, urls: string[]): Promise<Reads | undefined> {
  const { localAddress, localPort } = req.socket;
  if (!localAddress || !localPort) return undefined;
  const host = localAddress.includes(':') ? `[${localAddress}]` : localAddress;
  const signal = AbortSignal.timeout(READS_TIMEOUT_MS);
  const answers = await Promise.all(
    urls.map(async (url) => {
      const response = await fetch(`http://${host}:${localPort}${basePath}${url}`, {
        // Uncompressed: an answer compressed here would only be uncompressed again at once.
        headers: {
          cookie: req.headers.cookie ?? '',
          accept: 'application/json',
          'accept-encoding': 'identity',
        },
        redirect: 'manual',
        signal,
      });
      if (response.status !== 200) {
        await response.body?.cancel();
        return undefined;
      }
      return [url, Buffer.from(await response.arrayBuffer())] as const;
    }),
  );
  if (!answers.every((answer) => answer !== undefined)) return undefined;
  const bodies = new Map(answers);
  const values = Object.fromEntries(answers.map(([url, body]) => [url, JSON.parse(body.toString('utf8'))]));
  return { bodies, values };
}

/**
 * The first screen of the page at `req` (under `basePath`), whose first reads are `urls`;
 * undefined when the page is to be sent without one.
 */
export async function firstScreen(
  req: Request,
  basePath: string,
  urls: string[],
  render: Render,
  onError: (error: unknown) => void = () => {},
): Promise<FirstScreen | undefined> {
  let reads: Reads | undefined;
  try {
    reads = await readAs(req, basePath, urls);
  } catch {
    // A read slower than the browser's own would be, or an answer that is not JSON: the
    // browser reads and draws it.
    return undefined;
  }
  if (!reads) return undefined;
  try {
    const url = new URL(req.originalUrl, `http://${req.headers.host ?? 'localhost'}`);
    const html = await render(url.href, basePath.replace(/\/+$/, '') || '/', reads.values);
    return html === undefined ? undefined : { html, reads: reads.bodies };
  } catch (error) {
    // The browser draws the page; the server says why it could not.
    onError(error);
    return undefined;
  }
}

/**
 * The reads as a JSON data block the UI takes them from, one object of the answers by URL: `<`
 * escaped, so no text ends the script. Built from the answers' bytes: a `<` byte is always that
 * character in UTF-8, and in JSON it can only be inside a string, where `\u003c` means the same.
 */
export function firstReadsScript(reads: ReadonlyMap<string, Buffer>): Buffer {
  const parts: Buffer[] = [Buffer.from(`<script type="application/json" id="${FIRST_READS_ID}">{`)];
  for (const [url, body] of reads) {
    const key = JSON.stringify(url).replace(/</g, LESS_THAN_ESCAPED);
    parts.push(Buffer.from(`${parts.length > 1 ? ',' : ''}${key}:`), ...withLessThanEscaped(body));
  }
  parts.push(Buffer.from('}</script>'));
  return Buffer.concat(parts);
}

const LESS_THAN = 0x3c;
const LESS_THAN_ESCAPED = '\\u003c';
const LESS_THAN_ESCAPED_BYTES = Buffer.from(LESS_THAN_ESCAPED);

function withLessThanEscaped(json: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = json.indexOf(LESS_THAN); at !== -1; at = json.indexOf(LESS_THAN, from)) {
    parts.push(json.subarray(from, at), LESS_THAN_ESCAPED_BYTES);
    from = at + 1;
  }
  parts.push(json.subarray(from));
  return parts;
}
