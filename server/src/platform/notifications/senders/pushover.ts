/**
 * Pushover: shoutrrr's `pushover://shoutrrr:<api token>@<user key>/?devices=a,b&priority=1&title=…`.
 * messages.json, form-encoded as its API documents: the token, the user key, the title, and the
 * body in Pushover's small HTML (b, i, a); 1024 characters at most.
 */
import { apiOrigin, send } from './http.js';
import { clip, escapeHtml, markdownToLimitedHtml } from './markdown.js';
import { DeliveryError, type Sender } from './types.js';

const PUSHOVER = 'https://api.pushover.net';

export const sendPushover: Sender = async (endpoint, message, ctx) => {
  const { url } = endpoint;
  const token = decodeURIComponent(url.password) || endpoint.password || endpoint.properties.token;
  const user = decodeURIComponent(url.hostname) || endpoint.properties.user;
  if (!token || !user)
    throw new DeliveryError(
      'the Pushover URL needs a token and a user key: pushover://shoutrrr:<token>@<user key>',
      false,
    );
  ctx.secret(token);
  ctx.secret(user);
  const properties = Object.entries(message.properties).map(
    ([key, value]) => `<b>${escapeHtml(key)}</b>: ${escapeHtml(value)}`,
  );
  const html = [markdownToLimitedHtml(message.body), properties.join('\n')].filter(Boolean).join('\n\n');
  const payload: Record<string, string> = {
    token,
    user,
    message: clip(html || escapeHtml(message.title), 1024),
    html: '1',
  };
  const title = url.searchParams.get('title') || message.title;
  if (title) payload.title = clip(title, 250);
  const devices = url.searchParams.get('devices');
  if (devices) payload.device = devices;
  const priority = Number(url.searchParams.get('priority'));
  if (Number.isInteger(priority) && priority >= -2 && priority <= 1 && url.searchParams.has('priority'))
    payload.priority = String(priority);
  const destination = `Pushover${devices ? ` devices ${devices}` : ''}`;
  const answer = await send(
    `${apiOrigin('pushover', PUSHOVER)}/1/messages.json`,
    {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(payload).toString(),
    },
    ctx,
    destination,
  );
  let id: string | undefined;
  try {
    id = (JSON.parse(answer.text) as { request?: string }).request;
  } catch {
    // the id is a courtesy
  }
  return { destination, id };
};
