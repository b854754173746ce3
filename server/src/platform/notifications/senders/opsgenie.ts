/**
 * OpsGenie: shoutrrr's `opsgenie://<host>[:port]/<api key>` (api.opsgenie.com, or
 * api.eu.opsgenie.com for EU accounts; port 443) with `?alias=`, `?priority=P1..P5`,
 * `?tags=a,b`, `?entity=`, `?source=`, `?responders=team:ops,user:a@b`, `?user=`, `?note=`.
 * Creates an alert (POST /v2/alerts, `Authorization: GenieKey <key>`): the title is its message
 * (130 characters), the body its description, the properties its details.
 */
import { apiOrigin, postJson } from './http.js';
import { clip } from './markdown.js';
import { DeliveryError, type Sender } from './types.js';

/** `team:ops`, `user:someone@example.com`, `escalation:x`, `schedule:y` as OpsGenie's responders. */
function respondersOf(text: string | null) {
  if (!text) return undefined;
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [type, name] = entry.includes(':') ? entry.split(/:(.*)/s) : ['team', entry];
      const kind = type!.toLowerCase().replace(/s$/, '');
      if (kind === 'user') return { type: 'user', username: name };
      return /^[0-9a-f-]{36}$/i.test(name!) ? { type: kind, id: name } : { type: kind, name };
    });
}

export const sendOpsgenie: Sender = async (endpoint, message, ctx) => {
  const { url } = endpoint;
  const apiKey = decodeURIComponent(url.pathname.split('/').filter(Boolean)[0] ?? '') || endpoint.password;
  if (!apiKey)
    throw new DeliveryError('the OpsGenie URL has no API key: opsgenie://api.opsgenie.com/<api key>', false);
  ctx.secret(apiKey);
  const host = url.host || 'api.opsgenie.com';
  const params = url.searchParams;
  const alert: Record<string, unknown> = {
    message: clip(message.title || message.body || 'Notification', 130),
    description: clip(message.body, 15000),
  };
  if (Object.keys(message.properties).length) alert.details = message.properties;
  for (const key of ['alias', 'entity', 'source', 'user', 'note'] as const) {
    const value = params.get(key);
    if (value) alert[key] = value;
  }
  const priority = params.get('priority')?.toUpperCase();
  if (priority && /^P[1-5]$/.test(priority)) alert.priority = priority;
  const tags = params.get('tags');
  if (tags)
    alert.tags = tags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean);
  const responders = respondersOf(params.get('responders'));
  if (responders?.length) alert.responders = responders;
  const destination = `OpsGenie ${url.hostname || 'api.opsgenie.com'}`;
  const answer = await postJson(
    `${apiOrigin('opsgenie', `https://${host}`)}/v2/alerts`,
    alert,
    ctx,
    destination,
    { authorization: `GenieKey ${apiKey}` },
  );
  let id: string | undefined;
  try {
    id = (JSON.parse(answer.text) as { requestId?: string }).requestId;
  } catch {
    // the id is a courtesy
  }
  return { destination, id };
};
