/**
 * The generic webhook: `generic+https://host/path`, `generic://host/path` (https, or http with
 * `?disabletls=yes`), a plain http(s) URL or a `generic_webhook` connection. JSON
 * `{title, message, properties}`, whose keys the URL's `titlekey`/`messagekey` or the
 * connection's `titleKey`/`messageKey` rename; `method` and `contenttype` choose the request;
 * `@Name=value` query parameters become headers and `$key=value` ones extra fields, as the
 * platform's generic webhook reads them. Credentials in the URL or the connection go as Basic auth.
 */
import { send } from './http.js';
import type { Endpoint, Sender } from './types.js';

const OPTIONS = [
  'titlekey',
  'messagekey',
  'method',
  'requestmethod',
  'contenttype',
  'disabletls',
  'template',
];

interface Request {
  url: URL;
  method: string;
  contentType: string;
  titleKey: string;
  messageKey: string;
  headers: Record<string, string>;
  extra: Record<string, string>;
}

/** The request a generic target asks for, its options taken out of the URL. */
export function genericRequest(endpoint: Endpoint): Request {
  const source = endpoint.url;
  const props = endpoint.properties;
  const options = new Map<string, string>();
  const headers: Record<string, string> = {};
  const extra: Record<string, string> = {};
  const url = new URL(
    source
      .toString()
      .replace(/^generic\+/, '')
      .replace(/^generic:/, 'https:'),
  );
  for (const [key, value] of source.searchParams) {
    if (key.startsWith('@')) headers[key.slice(1)] = value;
    else if (key.startsWith('$')) extra[key.slice(1)] = value;
    else if (OPTIONS.includes(key.toLowerCase())) options.set(key.toLowerCase(), value);
    else continue;
    url.searchParams.delete(key);
  }
  if (source.protocol === 'generic:' && /^(yes|true|1)$/i.test(options.get('disabletls') ?? ''))
    url.protocol = 'http:';
  const username = endpoint.username ?? (url.username ? decodeURIComponent(url.username) : undefined);
  const password = endpoint.password ?? (url.password ? decodeURIComponent(url.password) : undefined);
  url.username = '';
  url.password = '';
  if (username || password)
    headers.authorization ??= `Basic ${Buffer.from(`${username ?? ''}:${password ?? ''}`).toString('base64')}`;
  return {
    url,
    method: (props.method || options.get('method') || options.get('requestmethod') || 'POST').toUpperCase(),
    contentType: props.contentType || options.get('contenttype') || 'application/json',
    titleKey: props.titleKey || options.get('titlekey') || 'title',
    messageKey: props.messageKey || options.get('messagekey') || 'message',
    headers,
    extra,
  };
}

/** Query parameters that carry credentials (a token, a signature, an API key). */
const SECRET_NAME = /token|secret|pass|key|sig|auth|code/i;

/** Where a webhook went, without its query (where tokens often ride) or credentials. */
export const webhookName = (url: URL) => `${url.origin}${url.pathname}`;

export const sendGeneric: Sender = async (endpoint, message, ctx) => {
  const request = genericRequest(endpoint);
  ctx.secret(endpoint.password);
  for (const [key, value] of request.url.searchParams) if (SECRET_NAME.test(key)) ctx.secret(value);
  for (const value of Object.values(request.headers)) ctx.secret(value);
  const destination = webhookName(request.url);
  const json = /json/i.test(request.contentType);
  const payload: Record<string, unknown> = {
    ...request.extra,
    [request.titleKey]: message.title,
    [request.messageKey]: message.body,
  };
  if (Object.keys(message.properties).length) payload.properties = message.properties;
  await send(
    request.url.toString(),
    {
      method: request.method,
      headers: { 'content-type': request.contentType, ...request.headers },
      body: json ? JSON.stringify(payload) : [message.title, message.body].filter(Boolean).join('\n\n'),
    },
    ctx,
    destination,
  );
  return { destination };
};
