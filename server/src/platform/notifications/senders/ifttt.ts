/**
 * IFTTT: shoutrrr's `ifttt://<webhook key>/?events=a,b` (`?value1=`…`?value3=` fixed values,
 * `?titlevalue=` and `?messagevalue=` which of them carries the title and the message: 1 and 2 by
 * default, 0 for none). One Maker Webhooks trigger per event, JSON `{value1, value2, value3}`;
 * value3 holds the properties as `key: value` lines unless the URL fixes it.
 */
import { apiOrigin, postJson } from './http.js';
import { markdownToText, propertyLines } from './markdown.js';
import { DeliveryError, type Sender } from './types.js';

const IFTTT = 'https://maker.ifttt.com';

/** Which value (1 to 3) a URL option names; 0 for none, `fallback` when it is not given or not one. */
function slotOf(text: string | null, fallback: number): number {
  if (text === null || text === '') return fallback;
  const slot = Number(text);
  return Number.isInteger(slot) && slot >= 0 && slot <= 3 ? slot : fallback;
}

export const sendIfttt: Sender = async (endpoint, message, ctx) => {
  const { url } = endpoint;
  const key = decodeURIComponent(url.hostname) || endpoint.password || '';
  const events = (url.searchParams.get('events') ?? endpoint.properties.events ?? '')
    .split(',')
    .map((event) => event.trim())
    .filter(Boolean);
  if (!key) throw new DeliveryError('the IFTTT URL has no webhook key: ifttt://<key>/?events=…', false);
  if (events.length === 0)
    throw new DeliveryError('the IFTTT URL names no event: add ?events=<event name>', false);
  ctx.secret(key);
  const values: Record<string, string> = {};
  for (const slot of [1, 2, 3]) {
    const fixed = url.searchParams.get(`value${slot}`);
    if (fixed !== null) values[`value${slot}`] = fixed;
  }
  values.value3 ??= propertyLines(message.properties).join('\n');
  const titleSlot = slotOf(url.searchParams.get('titlevalue'), 1);
  const messageSlot = slotOf(url.searchParams.get('messagevalue'), 2);
  if (titleSlot) values[`value${titleSlot}`] = message.title;
  if (messageSlot) values[`value${messageSlot}`] = markdownToText(message.body);
  for (const event of events)
    await postJson(
      `${apiOrigin('ifttt', IFTTT)}/trigger/${encodeURIComponent(event)}/with/key/${encodeURIComponent(key)}`,
      values,
      ctx,
      `IFTTT event ${event}`,
    );
  return { destination: `IFTTT ${events.join(', ')}` };
};
