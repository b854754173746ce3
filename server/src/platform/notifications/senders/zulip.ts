/**
 * Zulip: shoutrrr's `zulip://<bot email>:<bot key>@host/?stream=s&topic=t` (the `@` of the email
 * as `%40`). A stream message through `POST /api/v1/messages`, form-encoded, with the bot's email
 * and key as Basic auth; the topic is the URL's or, without one, the title (Zulip's 60
 * characters). The content is markdown, which Zulip reads. `?disabletls=yes` speaks http, as the
 * other self-hosted chats' URLs allow.
 */
import { send } from './http.js';
import { clip, propertyLines } from './markdown.js';
import { DeliveryError, type Sender } from './types.js';

const TOPIC_LIMIT = 60;
const CONTENT_LIMIT = 10_000;

export const sendZulip: Sender = async (endpoint, message, ctx) => {
  const { url } = endpoint;
  const email = decodeURIComponent(url.username) || endpoint.username || '';
  const key = decodeURIComponent(url.password) || endpoint.password || '';
  const stream = url.searchParams.get('stream') || endpoint.properties.stream || '';
  if (!email || !key)
    throw new DeliveryError('the Zulip URL needs the bot email and key: zulip://<email>:<key>@host', false);
  if (!stream) throw new DeliveryError('the Zulip URL names no stream: add ?stream=<name>', false);
  ctx.secret(key);
  const topic = url.searchParams.get('topic') || endpoint.properties.topic || '';
  const lines = propertyLines(message.properties).map((line) => `- ${line}`);
  const content = [topic && message.title ? `**${message.title}**` : '', message.body, lines.join('\n')]
    .filter(Boolean)
    .join('\n\n');
  const destination = `Zulip ${url.host} #${stream}`;
  const scheme = /^(yes|true|1)$/i.test(url.searchParams.get('disabletls') ?? '') ? 'http' : 'https';
  const answer = await send(
    `${scheme}://${url.host}/api/v1/messages`,
    {
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${email}:${key}`).toString('base64')}`,
      },
      body: new URLSearchParams({
        type: 'stream',
        to: stream,
        topic: clip(topic || message.title || '(no topic)', TOPIC_LIMIT),
        content: clip(content || message.title, CONTENT_LIMIT),
      }).toString(),
    },
    ctx,
    destination,
  );
  let id: string | undefined;
  try {
    const sent = (JSON.parse(answer.text) as { id?: number }).id;
    if (sent !== undefined) id = String(sent);
  } catch {
    // the id is a courtesy
  }
  return { destination, id };
};
