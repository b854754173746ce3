/**
 * Google Chat: shoutrrr's `googlechat://chat.googleapis.com/v1/spaces/<space>/messages?key=…&token=…`
 * or the webhook's own https URL. A text message in Google Chat's marks (Slack's, unescaped):
 * the title in bold, the body, the properties as lines.
 */
import { apiOrigin, postJson } from './http.js';
import { markdownToGoogleChat, propertyLines } from './markdown.js';
import type { NotificationMessage, Sender } from './types.js';

export function googleChatText({ title, body, properties }: Required<NotificationMessage>) {
  const markdown = [title ? `**${title}**` : '', body, propertyLines(properties).join('\n')].filter(Boolean);
  return markdownToGoogleChat(markdown.join('\n\n'));
}

export const sendGoogleChat: Sender = async (endpoint, message, ctx) => {
  const { url } = endpoint;
  const origin =
    url.protocol === 'googlechat:' ? apiOrigin('google_chat', `https://${url.host}`) : url.origin;
  for (const key of ['key', 'token']) ctx.secret(url.searchParams.get(key) ?? undefined);
  const space = /\/spaces\/([^/]+)/.exec(url.pathname)?.[1];
  const destination = `Google Chat${space ? ` space ${space}` : ` ${url.host}`}`;
  await postJson(
    `${origin}${url.pathname}${url.search}`,
    { text: googleChatText(message) },
    ctx,
    destination,
    {
      'content-type': 'application/json; charset=UTF-8',
    },
  );
  return { destination };
};
