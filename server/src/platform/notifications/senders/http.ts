/**
 * The one HTTP call of the senders: a POST (or the method given) bounded by the delivery's
 * signal, that reads a refused answer briefly and says what happened in a person's words.
 * 5xx, 429, 408, a timeout and an unreachable host are worth another try; other 4xx and an
 * untrusted certificate are not. Node's http(s) rather than fetch: the connection's insecure TLS
 * needs a per-request `rejectUnauthorized`, which fetch does not offer.
 */
import http from 'node:http';
import https from 'node:https';
import { DeliveryError, type SendContext } from './types.js';

export interface HttpRequest {
  method?: string;
  headers?: Record<string, string>;
  body: string;
}

export interface HttpAnswer {
  status: number;
  /** The beginning of the answer (at most a few KB). */
  text: string;
}

const ANSWER_LIMIT = 4096;
const EXCERPT_LIMIT = 200;
/** As many as a webhook moved once or twice needs; more is a loop. */
const REDIRECT_LIMIT = 5;

interface Response {
  status: number;
  location?: string;
  text: string;
}

/** The start of a body, without waiting for or holding more of it. */
function readBriefly(response: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const done = () => {
      response.destroy();
      resolve(text.slice(0, ANSWER_LIMIT));
    };
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      text += chunk;
      if (text.length >= ANSWER_LIMIT) done();
    });
    response.on('end', done);
    // What arrived is enough to say why.
    response.on('error', done);
    response.on('aborted', done);
  });
}

/** One request, no redirect followed. */
function exchange(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  ctx: SendContext,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const secure = url.protocol === 'https:';
    const request = (secure ? https : http).request(url, {
      method,
      headers:
        body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      signal: ctx.signal,
      ...(secure ? { rejectUnauthorized: !ctx.insecureTls } : {}),
    });
    request.on('error', reject);
    request.on('response', (response) => {
      readBriefly(response).then(
        (text) => resolve({ status: response.statusCode ?? 0, location: response.headers.location, text }),
        reject,
      );
    });
    request.end(body);
  });
}

/** A short, single-line piece of an answer for an error message. */
export function excerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > EXCERPT_LIMIT ? `${line.slice(0, EXCERPT_LIMIT)}…` : line;
}

const retryableStatus = (status: number) => status >= 500 || status === 429 || status === 408;

/** Node's codes for a certificate it does not trust: the same request fails the same way later. */
const CERTIFICATE_CODE = /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|ALTNAME/;

const codeOf = (error: unknown) => String((error as { code?: unknown }).code ?? '');

/** Why the host could not be reached (refused, not found, reset, an untrusted certificate). */
function causeOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const said = text.replace(/(\w+:\/\/)[^/@\s]*@/g, '$1');
  return CERTIFICATE_CODE.test(codeOf(error)) ? `${said} (insecure TLS on the connection accepts it)` : said;
}

const redirected = (status: number) => [301, 302, 303, 307, 308].includes(status);

/**
 * Sends one request to `url`; `destination` names it in messages (never the URL itself when
 * its path or query holds a token). Follows redirects as a browser does (a 301/302/303 becomes a
 * GET; the Authorization header stays with its origin). Answers the status and the start of the
 * body when the receiver accepted it; throws a DeliveryError otherwise.
 */
export async function send(
  url: string,
  request: HttpRequest,
  ctx: SendContext,
  destination: string,
): Promise<HttpAnswer> {
  let method = (request.method ?? 'POST').toUpperCase();
  let target = new URL(url);
  const headers: Record<string, string> = { accept: '*/*', 'user-agent': 'ops-console' };
  for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value;
  // A GET or HEAD webhook carries its data in the URL.
  let body = method === 'GET' || method === 'HEAD' ? undefined : request.body;
  for (let hops = 0; ; hops++) {
    let response: Response;
    try {
      response = await exchange(target, method, headers, body, ctx);
    } catch (error) {
      if (ctx.signal.aborted)
        throw new DeliveryError(`the notification to ${destination} ${ctx.stopReason()}`, true);
      throw new DeliveryError(
        `the notification to ${destination} failed: ${causeOf(error)}`,
        !CERTIFICATE_CODE.test(codeOf(error)),
      );
    }
    if (redirected(response.status) && response.location && hops < REDIRECT_LIMIT) {
      const next = new URL(response.location, target);
      if (next.origin !== target.origin) delete headers.authorization;
      if (response.status <= 303 && method !== 'GET' && method !== 'HEAD') {
        method = 'GET';
        body = undefined;
        delete headers['content-type'];
      }
      target = next;
      continue;
    }
    if (response.status >= 300) {
      const said = excerpt(response.text);
      throw new DeliveryError(
        `the notification to ${destination} was refused: HTTP ${response.status}${said ? ` ${said}` : ''}`,
        retryableStatus(response.status),
      );
    }
    return { status: response.status, text: response.text };
  }
}

export const JSON_HEADERS: Readonly<Record<string, string>> = { 'content-type': 'application/json' };

/** Sends `body` as JSON. */
export const postJson = (
  url: string,
  body: unknown,
  ctx: SendContext,
  destination: string,
  headers: Record<string, string> = {},
) => send(url, { headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) }, ctx, destination);

/**
 * The public APIs of the SaaS senders (Discord, Telegram, Pushover, OpsGenie, Slack's Web API…)
 * live at fixed hosts; tests, where those services cannot run, point them at a local server.
 */
const apiOrigins = new Map<string, string>();

/** The origin a SaaS sender calls: its public one, unless a test replaced it. */
export const apiOrigin = (kind: string, publicOrigin: string) => apiOrigins.get(kind) ?? publicOrigin;

/** Tests only: send `kind`'s API calls to `origin` (e.g. http://127.0.0.1:port); undefined restores it. */
export function overrideApiOriginForTests(kind: string, origin: string | undefined): void {
  if (origin === undefined) apiOrigins.delete(kind);
  else apiOrigins.set(kind, origin.replace(/\/+$/, ''));
}
