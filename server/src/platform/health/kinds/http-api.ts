import type { Entry } from '../canary-spec.js';
import { describeError, EntryError, literalValue, str, type KindContext } from './common.js';

/** Answers past this are refused: enough for any query the checks make, bounded for a bad target. */
const MAX_ANSWER_BYTES = 10 * 1024 * 1024;

export interface ApiTarget {
  url: URL;
  /** Basic credentials from the URL's user part or `username`/`password`; never sent in the URL. */
  authorization?: string;
}

/**
 * The server a monitoring-API check asks: `connection` (a URL; connection:// references are
 * read into `url` before a check runs), `url`, or the old `host`.
 */
export function apiTargetOf(entry: Entry): ApiTarget {
  const text = str(entry.connection) ?? literalValue(entry.url, 'url') ?? str(entry.host);
  if (!text) throw new EntryError('url is required');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new EntryError(`url '${text}' is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new EntryError(`url '${text}' is not an http(s) URL`);
  const username = literalValue(entry.username, 'username') ?? decodeURIComponent(url.username);
  const password = literalValue(entry.password, 'password') ?? decodeURIComponent(url.password);
  url.username = '';
  url.password = '';
  return {
    url,
    authorization:
      username || password ? `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` : undefined,
  };
}

/** A URL below the target's own path: `api/v1/query` of http://host/prometheus/ is http://host/prometheus/api/v1/query. */
export function below(target: ApiTarget, relative: string): URL {
  const base = new URL(target.url);
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  return new URL(relative, base);
}

export class ApiAnswerError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** GETs JSON; a non-2xx answer throws ApiAnswerError with the server's own error text when it gives one. */
export async function getJson(target: ApiTarget, url: URL, ctx: KindContext): Promise<unknown> {
  const response = await fetch(url, {
    headers: {
      Accept: 'application/json',
      ...(target.authorization ? { Authorization: target.authorization } : {}),
    },
    signal: ctx.signal,
  });
  const text = await response.text();
  if (text.length > MAX_ANSWER_BYTES) throw new Error(`the answer of ${url.host} is larger than 10 MB`);
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const said = (body as { error?: unknown } | undefined)?.error;
    throw new ApiAnswerError(
      response.status,
      `HTTP ${response.status} from ${url.host}${typeof said === 'string' ? `: ${said}` : text && !body ? `: ${text.trim().slice(0, 200)}` : ''}`,
    );
  }
  if (body === undefined) throw new Error(`the answer of ${url.host} is not JSON`);
  return body;
}

/** A fetch failure in words: fetch hides the network error in `cause`. */
export function describeFetchError(error: unknown, ctx: KindContext, target: ApiTarget): string {
  if (error instanceof EntryError || error instanceof ApiAnswerError) return error.message;
  const cause = (error as { cause?: unknown })?.cause;
  return describeError(cause ?? error, ctx, target.url.host);
}
