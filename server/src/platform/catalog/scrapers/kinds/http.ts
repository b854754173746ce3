/**
 * The http kind, as config-db's: one request (`method`, GET by default) to `url`, else the stored
 * `connection`'s URL, the URL a Go template over the `env` values (`{{.name}}`). Credentials:
 * `username`/`password` (basic), else the connection's; `bearer`, else the connection's
 * `bearer`/`token` property. `headers` and `env` values may come from Secrets. `body` is sent as
 * given. A JSON answer (by its Content-Type, or a body starting with { or [) goes through the base
 * fields; any other answer is text, read in the entry's `format`. An answer that is not 2xx fails
 * the entry with its status. NTLM, digest, OAuth and AWS signing are not supported here.
 */
import http from 'node:http';
import https from 'node:https';
import { renderGoTemplate } from '../../../../lib/go-template.js';
import type { ScrapeContext, ScrapeOutput, ScraperKind } from '../types.js';
import {
  checkBaseFields,
  entryOutput,
  EntryError,
  extractItems,
  parseDocument,
  type BaseFields,
} from './extract.js';
import { envValue, messageOf, redact, safeUrl, storedConnection, textField } from './support.js';

export type HttpEntry = BaseFields & {
  connection?: string;
  url?: string;
  username?: unknown;
  password?: unknown;
  bearer?: unknown;
  ntlm?: boolean;
  ntlmv2?: boolean;
  digest?: boolean;
  oauth?: unknown;
  awsSigV4?: unknown;
  tls?: { insecureSkipVerify?: boolean; ca?: unknown; cert?: unknown; key?: unknown };
  headers?: { name?: string; value?: string; valueFrom?: unknown }[];
  env?: { name?: string; value?: string; valueFrom?: unknown }[];
  method?: string;
  body?: string;
};

export const REQUEST_TIMEOUT_MS = 60_000;
/** An answer past this size fails the entry instead of being held whole. */
export const MAX_ANSWER_BYTES = 50 * 1024 * 1024;

interface Answer {
  status: number;
  statusText: string;
  contentType: string;
  body: string;
}

interface Request {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body?: string;
  tls: { rejectUnauthorized: boolean; ca?: string; cert?: string; key?: string };
  signal: AbortSignal;
}

function send(request: Request): Promise<Answer> {
  const client = request.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      request.url,
      {
        method: request.method,
        headers: request.headers,
        signal: request.signal,
        ...(request.url.protocol === 'https:' ? request.tls : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) {
            res.destroy(new Error(`the answer is larger than ${MAX_ANSWER_BYTES} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            statusText: res.statusMessage ?? '',
            contentType: String(res.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    if (request.body !== undefined) req.write(request.body);
    req.end();
  });
}

/** The entry's credentials and URL, the stored connection filling what the entry leaves out. */
async function targetOf(entry: HttpEntry, ctx: ScrapeContext) {
  let url = textField(entry as Record<string, unknown>, 'url');
  let username = await envValue(entry.username, ctx, 'username', false);
  let password = await envValue(entry.password, ctx, 'password', true);
  let bearer = await envValue(entry.bearer, ctx, 'bearer', true);
  const connectionRef = textField(entry as Record<string, unknown>, 'connection');
  if (connectionRef) {
    const connection = await storedConnection(connectionRef, ctx);
    url ??= connection.url;
    if (!username && !password) {
      username = connection.username;
      password = connection.password;
    }
    bearer ??= connection.properties.bearer || connection.properties.token || undefined;
  }
  if (!url) throw new EntryError('http needs a url or a connection with one');
  return { url, username, password, bearer };
}

function refuseUnsupported(entry: HttpEntry): void {
  if (entry.ntlm || entry.ntlmv2)
    throw new EntryError('NTLM authentication is not supported by this console');
  if (entry.digest) throw new EntryError('digest authentication is not supported by this console');
  if (entry.oauth && Object.keys(entry.oauth).length)
    throw new EntryError('OAuth authentication is not supported by this console');
  if (entry.awsSigV4 && Object.keys(entry.awsSigV4).length)
    throw new EntryError('AWS Signature Version 4 signing is not supported by this console');
}

const isJsonAnswer = (answer: Answer) => /json/i.test(answer.contentType) || /^\s*[[{]/.test(answer.body);

export const httpKind: ScraperKind<HttpEntry> = {
  kind: 'http',
  async scrape(entry, ctx): Promise<ScrapeOutput> {
    checkBaseFields(entry);
    refuseUnsupported(entry);
    const target = await targetOf(entry, ctx);
    const templateEnv: Record<string, unknown> = { last_scrape_summary: {} };
    for (const env of entry.env ?? []) {
      if (!env?.name) continue;
      templateEnv[env.name] =
        (await envValue(env, ctx, `env ${env.name}`, env.valueFrom !== undefined)) ?? '';
    }
    let urlText: string;
    try {
      urlText = target.url.includes('{{')
        ? renderGoTemplate(target.url, templateEnv).trim()
        : target.url.trim();
    } catch (error) {
      throw new EntryError(`the url template failed: ${messageOf(error, ctx)}`);
    }
    if (!urlText) throw new EntryError('the url template gave an empty URL');
    let url: URL;
    try {
      url = new URL(urlText);
    } catch {
      throw new EntryError(`'${redact(safeUrl(urlText), ctx.secrets)}' is not a URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new EntryError(`http needs an http:// or https:// URL, not ${url.protocol}//`);
    let { username, password } = target;
    if (url.username || url.password) {
      username ??= decodeURIComponent(url.username);
      password ??= decodeURIComponent(url.password);
      if (password) ctx.secrets.add(password);
      url.username = '';
      url.password = '';
    }
    const shownUrl = redact(url.toString(), ctx.secrets);
    const method = (entry.method || 'GET').toUpperCase();

    const headers: Record<string, string> = { accept: 'application/json, */*;q=0.5' };
    for (const header of entry.headers ?? []) {
      if (!header?.name) continue;
      headers[header.name.toLowerCase()] =
        (await envValue(header, ctx, `header ${header.name}`, header.valueFrom !== undefined)) ?? '';
    }
    if (!headers.authorization) {
      if (username || password)
        headers.authorization = `Basic ${Buffer.from(`${username ?? ''}:${password ?? ''}`).toString('base64')}`;
      else if (target.bearer) headers.authorization = `Bearer ${target.bearer}`;
    }
    if (headers.authorization) ctx.secrets.add(headers.authorization);
    const body = typeof entry.body === 'string' && entry.body !== '' ? entry.body : undefined;
    if (body !== undefined) {
      headers['content-length'] = String(Buffer.byteLength(body));
      if (!headers['content-type'] && /^\s*[[{]/.test(body)) headers['content-type'] = 'application/json';
    }
    const tls = {
      rejectUnauthorized: entry.tls?.insecureSkipVerify !== true,
      ca: await envValue(entry.tls?.ca, ctx, 'tls.ca', false),
      cert: await envValue(entry.tls?.cert, ctx, 'tls.cert', false),
      key: await envValue(entry.tls?.key, ctx, 'tls.key', true),
    };

    const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    let answer: Answer;
    try {
      answer = await send({
        url,
        method,
        headers,
        body: method === 'GET' || method === 'HEAD' ? undefined : body,
        tls,
        signal: AbortSignal.any([ctx.signal, timeout]),
      });
    } catch (error) {
      if (timeout.aborted && !ctx.signal.aborted)
        throw new EntryError(`${method} ${shownUrl} gave no answer within ${REQUEST_TIMEOUT_MS / 1000} s`);
      if (ctx.signal.aborted) throw new EntryError('the scrape was stopped');
      throw new EntryError(`${method} ${shownUrl} failed: ${messageOf(error, ctx)}`);
    }
    if (answer.status < 200 || answer.status >= 300) {
      const excerpt = answer.body.trim().slice(0, 500);
      throw new EntryError(
        `HTTP ${answer.status}${answer.statusText ? ` ${answer.statusText}` : ''} from ${method} ${shownUrl}${
          excerpt ? `: ${redact(excerpt, ctx.secrets)}` : ''
        }`,
      );
    }
    let document: unknown;
    try {
      document = isJsonAnswer(answer)
        ? (JSON.parse(answer.body) as unknown)
        : parseDocument(answer.body, entry.format);
    } catch (error) {
      throw new EntryError(`the answer of ${shownUrl} could not be parsed: ${messageOf(error, ctx)}`);
    }
    const found = extractItems(document, entry, { source: shownUrl, format: entry.format || 'text' });
    return entryOutput(found.items, found.errors);
  },
};
