/**
 * Rocket.Chat: shoutrrr's `rocketchat://[username@]host[:port]/<token a>/<token b>[/channel]`
 * (https, or http with `?disabletls=yes`; a channel `#name`, `%23name` in the URL, or `@user`).
 * An incoming webhook call: `{text}` in Rocket.Chat's markdown (the title in bold, the body,
 * the properties as a list), `username` and `channel` when the URL names them.
 */
import { postJson } from './http.js';
import { propertyLines } from './markdown.js';
import { DeliveryError, type NotificationMessage, type Sender } from './types.js';

export function rocketchatText({ title, body, properties }: Required<NotificationMessage>) {
  const lines = propertyLines(properties).map((line) => `- ${line}`);
  return [title ? `*${title}*` : '', body, lines.join('\n')].filter(Boolean).join('\n\n');
}

export const sendRocketchat: Sender = async (endpoint, message, ctx) => {
  const { url } = endpoint;
  const [tokenA, tokenB, channel] = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (!tokenA || !tokenB)
    throw new DeliveryError(
      'the Rocket.Chat URL has no webhook token: rocketchat://host/<token a>/<token b>',
      false,
    );
  ctx.secret(tokenA);
  ctx.secret(tokenB);
  const scheme = /^(yes|true|1)$/i.test(url.searchParams.get('disabletls') ?? '') ? 'http' : 'https';
  const payload: Record<string, unknown> = { text: rocketchatText(message) };
  const username = decodeURIComponent(url.username);
  if (username) payload.username = username;
  if (channel) payload.channel = channel;
  const destination = `Rocket.Chat ${url.host}${channel ? ` ${channel}` : ''}`;
  await postJson(
    `${scheme}://${url.host}/hooks/${encodeURIComponent(tokenA)}/${encodeURIComponent(tokenB)}`,
    payload,
    ctx,
    destination,
  );
  return { destination };
};
