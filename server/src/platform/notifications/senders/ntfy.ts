/**
 * ntfy: shoutrrr's `ntfy://[user:password@]host/topic` (or `ntfy://:token@host/topic`; host
 * ntfy.sh by default; `?scheme=http` for a plain-http server; `?priority=`, `?tags=`,
 * `?click=`, `?icon=`). Published as JSON to the server's root with markdown on, so the title
 * and tags need no header encoding.
 */
import { postJson } from './http.js';
import { propertyLines } from './markdown.js';
import { DeliveryError, type Sender } from './types.js';

const PRIORITIES: Record<string, number> = { min: 1, low: 2, default: 3, high: 4, max: 5, urgent: 5 };

function priorityOf(text: string | null): number | undefined {
  if (!text) return undefined;
  const number = PRIORITIES[text.toLowerCase()] ?? Number(text);
  return Number.isInteger(number) && number >= 1 && number <= 5 ? number : undefined;
}

export const sendNtfy: Sender = async (endpoint, message, ctx) => {
  const { url } = endpoint;
  const params = url.searchParams;
  const http =
    url.protocol === 'ntfy:' ? (params.get('scheme') ?? 'https').toLowerCase() : url.protocol.slice(0, -1);
  const host = url.host || 'ntfy.sh';
  const topic = decodeURIComponent(url.pathname.split('/').filter(Boolean).join('/'));
  if (!topic) throw new DeliveryError('the ntfy URL names no topic: ntfy://host/<topic>', false);
  ctx.secret(topic);
  const username = endpoint.username ?? decodeURIComponent(url.username);
  const password = endpoint.password ?? decodeURIComponent(url.password);
  ctx.secret(password);
  const headers: Record<string, string> = {};
  if (password && !username) headers.authorization = `Bearer ${password}`;
  else if (username)
    headers.authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  const lines = propertyLines(message.properties);
  const payload: Record<string, unknown> = {
    topic,
    message: [message.body, lines.join('\n')].filter(Boolean).join('\n\n') || message.title,
    markdown: true,
  };
  if (message.title) payload.title = message.title;
  const priority = priorityOf(params.get('priority'));
  if (priority) payload.priority = priority;
  const tags = params.get('tags');
  if (tags)
    payload.tags = tags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean);
  for (const key of ['click', 'icon'] as const) {
    const value = params.get(key);
    if (value) payload[key] = value;
  }
  // The topic is the address and, on a public server, the only lock: it stays out of the name.
  const destination = `ntfy ${host}`;
  await postJson(`${http}://${host}/`, payload, ctx, destination, headers);
  return { destination };
};
