/**
 * The one HTTP call of the senders: a POST (or the method given) bounded by the delivery's
 * signal, that reads a refused answer briefly and says what happened in a person's words.
 * 5xx, 429, 408, a timeout and an unreachable host are worth another try; other 4xx are not.
 */
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

/** The start of a body, without waiting for or holding more of it. */
async function readBriefly(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length < ANSWER_LIMIT) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // What arrived is enough to say why.
  } finally {
    reader.cancel().catch(() => undefined);
  }
  return text.slice(0, ANSWER_LIMIT);
}

/** A short, single-line piece of an answer for an error message. */
export function excerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > EXCERPT_LIMIT ? `${line.slice(0, EXCERPT_LIMIT)}…` : line;
}

const retryableStatus = (status: number) => status >= 500 || status === 429 || status === 408;

/** Why fetch could not reach the host (refused, not found, reset), from undici's cause. */
function causeOf(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause;
  const source = cause ?? error;
  const text = source instanceof Error ? source.message : String(source);
  return text.replace(/(\w+:\/\/)[^/@\s]*@/g, '$1');
}

/**
 * Sends one request to `url`; `destination` names it in messages (never the URL itself when
 * its path or query holds a token). Answers the status and the start of the body when the
 * receiver accepted it; throws a DeliveryError otherwise.
 */
export async function send(
  url: string,
  request: HttpRequest,
  ctx: SendContext,
  destination: string,
): Promise<HttpAnswer> {
  const method = (request.method ?? 'POST').toUpperCase();
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: request.headers,
      // A GET or HEAD webhook carries its data in the URL: fetch refuses a body with them.
      body: method === 'GET' || method === 'HEAD' ? undefined : request.body,
      signal: ctx.signal,
    });
  } catch (error) {
    if (ctx.signal.aborted)
      throw new DeliveryError(`the notification to ${destination} ${ctx.stopReason()}`, true);
    throw new DeliveryError(`the notification to ${destination} failed: ${causeOf(error)}`, true);
  }
  const text = await readBriefly(response);
  if (response.status >= 400) {
    const said = excerpt(text);
    throw new DeliveryError(
      `the notification to ${destination} was refused: HTTP ${response.status}${said ? ` ${said}` : ''}`,
      retryableStatus(response.status),
    );
  }
  return { status: response.status, text };
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
