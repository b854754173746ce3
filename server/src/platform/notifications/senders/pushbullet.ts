/**
 * Pushbullet: shoutrrr's `pushbullet://<access token>[/<target>…]`, a target being a device
 * iden, `#channel` tag or an email address; none pushes to all of the account's devices
 * (`?title=` overrides the title). One note push per target, `Access-Token` header.
 */
import { apiOrigin, postJson } from './http.js';
import { markdownToText, propertyLines } from './markdown.js';
import { DeliveryError, type Sender } from './types.js';

const PUSHBULLET = 'https://api.pushbullet.com';

/** The field of a push that names `target`. */
function recipientOf(target: string): Record<string, string> {
  if (target.startsWith('#')) return { channel_tag: target.slice(1) };
  if (target.includes('@')) return { email: target };
  return { device_iden: target };
}

export const sendPushbullet: Sender = async (endpoint, message, ctx) => {
  const { url } = endpoint;
  const token = decodeURIComponent(url.hostname) || endpoint.password || '';
  if (!token)
    throw new DeliveryError('the Pushbullet URL has no access token: pushbullet://<token>/<targets>', false);
  ctx.secret(token);
  const targets = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const note = {
    type: 'note',
    title: url.searchParams.get('title') || message.title,
    body: [markdownToText(message.body), propertyLines(message.properties).join('\n')]
      .filter(Boolean)
      .join('\n\n'),
  };
  const pushes = targets.length ? targets : [''];
  let id: string | undefined;
  for (const target of pushes) {
    const answer = await postJson(
      `${apiOrigin('pushbullet', PUSHBULLET)}/v2/pushes`,
      { ...note, ...(target ? recipientOf(target) : {}) },
      ctx,
      `Pushbullet ${target || 'all devices'}`,
      { 'access-token': token },
    );
    try {
      id ??= (JSON.parse(answer.text) as { iden?: string }).iden;
    } catch {
      // the id is a courtesy
    }
  }
  return { destination: `Pushbullet ${targets.length ? targets.join(', ') : 'all devices'}`, id };
};
