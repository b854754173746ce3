/**
 * Mattermost: shoutrrr's `mattermost://[username@]host[:port]/token[/channel]` (https, or http
 * with `?disabletls=yes`), or the incoming webhook's own `https://host/hooks/<token>`.
 * Mattermost reads markdown: the title as a heading, the body, the properties as a list.
 */
import { postJson } from './http.js';
import { propertyLines } from './markdown.js';
import { DeliveryError, type NotificationMessage, type Sender } from './types.js';

export function mattermostText({ title, body, properties }: Required<NotificationMessage>) {
  const lines = propertyLines(properties).map((line) => `- ${line}`);
  return [title ? `#### ${title}` : '', body, lines.join('\n')].filter(Boolean).join('\n\n');
}

export const sendMattermost: Sender = async (endpoint, message, ctx) => {
  const { url } = endpoint;
  let hook: string;
  let channel: string | undefined;
  if (url.protocol === 'mattermost:') {
    const [token, channelName] = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    if (!token)
      throw new DeliveryError('the Mattermost URL has no webhook token: mattermost://host/<token>', false);
    ctx.secret(token);
    const scheme = /^(yes|true|1)$/i.test(url.searchParams.get('disabletls') ?? '') ? 'http' : 'https';
    hook = `${scheme}://${url.host}/hooks/${encodeURIComponent(token)}`;
    channel = channelName;
  } else {
    hook = url.toString();
    ctx.secret(url.pathname.split('/').filter(Boolean).at(-1));
  }
  const payload: Record<string, unknown> = { text: mattermostText(message) };
  const username = url.protocol === 'mattermost:' ? decodeURIComponent(url.username) : '';
  if (username) payload.username = username;
  if (channel) payload.channel = channel;
  const icon = url.searchParams.get('icon');
  if (icon) payload[/^https?:/.test(icon) ? 'icon_url' : 'icon_emoji'] = icon;
  const destination = `Mattermost ${url.host}${channel ? ` ~${channel}` : ''}`;
  await postJson(hook, payload, ctx, destination);
  return { destination };
};
