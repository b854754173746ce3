/**
 * The http action: one request, as the platform makes it (method GET by default; `url`, else the
 * connection's URL; `headers` as name/value pairs, values may come from a Secret; `body` sent as
 * given). Credentials: `username`/`password` (basic auth), else the connection's username and
 * password, or its `bearer`/`token` property as a Bearer token. The result is the platform's
 * `{code, headers, content}` (content kept up to 1 MiB). A 4xx or 5xx answer fails the action
 * ("HTTP 503 Service Unavailable"), its result kept. NTLM is not supported.
 */
import { connectionOf, isObject, messageOf, safeUrl, secretText, stopReason, text } from './support.js';
import { ActionFailure, type ActionExecutor, type ActionResult } from './types.js';

export const CONTENT_CAP = 1024 * 1024;

/** The answer's text, read no further than `max` bytes (the rest is left unread and counted as cut). */
async function readCapped(response: Response, max: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let cut = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > max) {
      chunks.push(value.subarray(0, max - size));
      size = max;
      cut = true;
      await reader.cancel().catch(() => undefined);
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  const text = Buffer.concat(chunks).toString('utf8');
  return cut ? `${text}\n[... the rest of the answer, past ${max} bytes, was not kept]` : text;
}

export const httpAction: ActionExecutor = async (body, ctx) => {
  let url = text(body, 'url');
  let username = await secretText(body.username, ctx, 'username', false);
  let password = await secretText(body.password, ctx, 'password');
  let bearer: string | undefined;
  if (typeof body.connection === 'string' && body.connection) {
    const connection = await connectionOf(ctx, body.connection);
    url ??= connection.url;
    if (!username && !password) {
      username = connection.username;
      password = connection.password;
    }
    bearer = connection.properties.bearer || connection.properties.token;
  }
  if (!url) throw new ActionFailure('http needs a url or a connection with one');
  if (body.ntlm || body.ntlmv2)
    throw new ActionFailure('NTLM authentication is not supported by this console');
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new ActionFailure(`'${safeUrl(url)}' is not a URL`);
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    throw new ActionFailure(`http needs an http:// or https:// URL, not ${target.protocol}//`);
  // Credentials in the URL itself become basic auth (fetch refuses them in the URL).
  if (target.username || target.password) {
    username ??= decodeURIComponent(target.username);
    password ??= decodeURIComponent(target.password);
    if (password) ctx.secrets.add(password);
    target.username = '';
    target.password = '';
  }
  const method = (text(body, 'method') ?? 'GET').toUpperCase();
  const headers = new Headers();
  if (Array.isArray(body.headers))
    for (const header of body.headers) {
      if (!isObject(header) || typeof header.name !== 'string' || !header.name) continue;
      const value = await secretText(header, ctx, `header ${header.name}`, header.valueFrom !== undefined);
      headers.set(header.name, value ?? '');
    }
  if (!headers.has('authorization')) {
    if (username || password)
      headers.set(
        'authorization',
        `Basic ${Buffer.from(`${username ?? ''}:${password ?? ''}`).toString('base64')}`,
      );
    else if (bearer) headers.set('authorization', `Bearer ${bearer}`);
  }
  const payload = typeof body.body === 'string' && body.body !== '' ? body.body : undefined;
  if (payload !== undefined && !headers.has('content-type')) {
    const trimmed = payload.trim();
    if (trimmed.startsWith('{') || trimmed.startsWith('[')) headers.set('content-type', 'application/json');
  }

  let response: Response;
  try {
    response = await fetch(target, {
      method,
      headers,
      body: method === 'GET' || method === 'HEAD' ? undefined : payload,
      signal: ctx.signal,
      redirect: 'follow',
    });
  } catch (error) {
    if (ctx.signal.aborted) throw new ActionFailure(`the request was stopped: ${stopReason(ctx.signal)}`);
    const cause = (error as { cause?: unknown }).cause;
    throw new ActionFailure(`${method} ${safeUrl(target.toString())} failed: ${messageOf(cause ?? error)}`);
  }
  let content: string;
  try {
    content = await readCapped(response, CONTENT_CAP);
  } catch (error) {
    if (ctx.signal.aborted) throw new ActionFailure(`the request was stopped: ${stopReason(ctx.signal)}`);
    throw new ActionFailure(
      `reading the answer of ${safeUrl(target.toString())} failed: ${messageOf(error)}`,
    );
  }
  const answerHeaders: Record<string, string> = {};
  response.headers.forEach((value, name) => (answerHeaders[name] = value));
  const result: ActionResult = {
    code: response.status,
    headers: answerHeaders,
    content,
  };
  if (response.status >= 400)
    throw new ActionFailure(
      `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''} from ${method} ${safeUrl(target.toString())}`,
      result,
    );
  return result;
};
