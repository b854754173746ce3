/**
 * Discord: shoutrrr's `discord://<token>@<webhook id>` or the webhook's own
 * `https://discord.com/api/webhooks/<id>/<token>`. An execute-webhook call with one embed: the
 * title, the markdown body (Discord reads markdown), the properties as inline fields.
 * `?username=` and `?avatar=` override the webhook's name and picture.
 */
import { apiOrigin, postJson } from './http.js';
import { clip } from './markdown.js';
import { DeliveryError, type NotificationMessage, type Sender } from './types.js';

export function discordBody({ title, body, properties }: Required<NotificationMessage>, url?: URL) {
  const embed: Record<string, unknown> = {};
  if (title) embed.title = clip(title, 256);
  if (body) embed.description = clip(body, 4096);
  const fields = Object.entries(properties)
    .slice(0, 25)
    .map(([name, value]) => ({ name: clip(name, 256), value: clip(value || '-', 1024), inline: true }));
  if (fields.length) embed.fields = fields;
  const payload: Record<string, unknown> = { embeds: [embed] };
  const username = url?.searchParams.get('username');
  const avatar = url?.searchParams.get('avatar') ?? url?.searchParams.get('avatarurl');
  if (username) payload.username = username;
  if (avatar) payload.avatar_url = avatar;
  return payload;
}

const DISCORD = 'https://discord.com';

/** The webhook's id and token, from either notation. */
function webhookOf(url: URL): { id: string; token: string } | undefined {
  if (url.protocol === 'discord:') {
    const token = decodeURIComponent(url.password ? `${url.username}:${url.password}` : url.username);
    return token && url.hostname ? { id: url.hostname, token } : undefined;
  }
  const match = /\/api\/webhooks\/([^/]+)\/([^/?]+)/.exec(url.pathname);
  return match ? { id: match[1]!, token: match[2]! } : undefined;
}

export const sendDiscord: Sender = async (endpoint, message, ctx) => {
  const webhook = webhookOf(endpoint.url);
  if (!webhook)
    throw new DeliveryError('the Discord URL names no webhook: use discord://<token>@<webhook id>', false);
  ctx.secret(webhook.token);
  const origin = endpoint.url.protocol === 'discord:' ? apiOrigin('discord', DISCORD) : endpoint.url.origin;
  const destination = `Discord webhook ${webhook.id}`;
  await postJson(
    `${origin}/api/webhooks/${encodeURIComponent(webhook.id)}/${encodeURIComponent(webhook.token)}`,
    discordBody(message, endpoint.url),
    ctx,
    destination,
  );
  return { destination };
};
