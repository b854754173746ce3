/**
 * Telegram: shoutrrr's `telegram://<bot token>@telegram?chats=@channel,12345`. One sendMessage
 * per chat, the title in bold and the body in Telegram's HTML (b, i, code, pre, a), 4096
 * characters at most; `?notification=no` sends silently, `?preview=no` shows no link preview.
 */
import { apiOrigin, postJson } from './http.js';
import { clip, escapeHtml, markdownToLimitedHtml } from './markdown.js';
import { DeliveryError, type NotificationMessage, type Sender } from './types.js';

const TELEGRAM = 'https://api.telegram.org';

export function telegramText({ title, body, properties }: Required<NotificationMessage>) {
  const lines = Object.entries(properties).map(
    ([key, value]) => `<b>${escapeHtml(key)}</b>: ${escapeHtml(value)}`,
  );
  return clip(
    [title ? `<b>${escapeHtml(title)}</b>` : '', markdownToLimitedHtml(body), lines.join('\n')]
      .filter(Boolean)
      .join('\n\n'),
    4096,
  );
}

const no = (value: string | null) => value !== null && /^(no|false|0)$/i.test(value);

export const sendTelegram: Sender = async (endpoint, message, ctx) => {
  const { url } = endpoint;
  // A bot token is `<bot id>:<secret>`: in the URL it reads as user and password.
  const token = url.password
    ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`
    : decodeURIComponent(url.username) || endpoint.password || '';
  const chats = (
    url.searchParams.get('chats') ??
    url.searchParams.get('channels') ??
    endpoint.properties.chats ??
    ''
  )
    .split(',')
    .map((chat) => chat.trim())
    .filter(Boolean);
  if (!token)
    throw new DeliveryError('the Telegram URL has no bot token: telegram://<token>@telegram?chats=…', false);
  if (chats.length === 0)
    throw new DeliveryError('the Telegram URL names no chat: add ?chats=@channel or a chat id', false);
  ctx.secret(token);
  ctx.secret(url.password);
  const text = telegramText(message);
  for (const chat of chats) {
    const answer = await postJson(
      `${apiOrigin('telegram', TELEGRAM)}/bot${token}/sendMessage`,
      {
        chat_id: chat,
        text,
        parse_mode: 'HTML',
        disable_notification: no(url.searchParams.get('notification')),
        link_preview_options: { is_disabled: no(url.searchParams.get('preview')) },
      },
      ctx,
      `Telegram chat ${chat}`,
    );
    let ok = false;
    try {
      ok = (JSON.parse(answer.text) as { ok?: boolean }).ok === true;
    } catch {
      // not Telegram's answer
    }
    if (!ok)
      throw new DeliveryError(`Telegram refused the message to ${chat}: ${answer.text.slice(0, 200)}`, false);
  }
  return { destination: `Telegram ${chats.join(', ')}` };
};
