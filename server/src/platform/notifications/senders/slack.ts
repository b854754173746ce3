/**
 * Slack: an incoming webhook (`https://hooks.slack.com/services/…`, shoutrrr's
 * `slack://hook:<a-b-c>@webhook` and the older `slack://<a>/<b>/<c>`) or the Web API's
 * chat.postMessage with a bot token (`slack://xoxb:<rest of the token>@<channel>`).
 * Body: `{text, blocks}`: a header with the title, the markdown as mrkdwn, the properties as fields.
 */
import { apiOrigin, postJson } from './http.js';
import { clip, markdownToSlack } from './markdown.js';
import { DeliveryError, type NotificationMessage, type Sender } from './types.js';

export function slackBody({ title, body, properties }: Required<NotificationMessage>) {
  const text = markdownToSlack(body);
  const blocks: unknown[] = [];
  if (title) blocks.push({ type: 'header', text: { type: 'plain_text', text: clip(title, 150) } });
  if (text) blocks.push({ type: 'section', text: { type: 'mrkdwn', text: clip(text, 3000) } });
  const fields = Object.entries(properties)
    .slice(0, 10)
    .map(([key, value]) => ({ type: 'mrkdwn', text: clip(`*${key}*\n${value}`, 2000) }));
  if (fields.length) blocks.push({ type: 'section', fields });
  return { text: [title, text].filter(Boolean).join('\n'), blocks };
}

/** The webhook's three path parts, joined by `-` (shoutrrr's hook token) or `/`. */
function webhookToken(url: URL): string | undefined {
  if (url.username === 'hook') return decodeURIComponent(url.password);
  if (url.username || url.password) return undefined;
  const parts = `${url.hostname}${url.pathname}`.split('/').filter(Boolean);
  return parts.length === 3 ? parts.join('-') : undefined;
}

const SLACK_HOOKS = 'https://hooks.slack.com';
const SLACK_API = 'https://slack.com';

/** Posts to a Slack webhook given as http(s). */
export const sendSlackWebhook: Sender = async (endpoint, message, ctx) => {
  const url = endpoint.url.toString();
  ctx.secret(endpoint.url.pathname);
  await postJson(url, slackBody(message), ctx, `Slack webhook ${endpoint.url.host}`);
  return { destination: `Slack webhook ${endpoint.url.host}` };
};

export const sendSlack: Sender = async (endpoint, message, ctx) => {
  const { url } = endpoint;
  const hook = webhookToken(url);
  if (hook) {
    ctx.secret(hook);
    ctx.secret(hook.replace(/-/g, '/'));
    const webhook = `${apiOrigin('slack', SLACK_HOOKS)}/services/${hook.replace(/-/g, '/')}`;
    await postJson(webhook, slackBody(message), ctx, 'Slack webhook');
    return { destination: 'Slack webhook' };
  }
  const token = url.password
    ? `${decodeURIComponent(url.username)}-${decodeURIComponent(url.password)}`
    : decodeURIComponent(url.username);
  ctx.secret(token);
  const channel = decodeURIComponent(url.hostname);
  if (!token || !channel)
    throw new DeliveryError(
      'the Slack URL names neither a webhook (slack://hook:…@webhook) nor a bot token and a channel (slack://xoxb:…@channel)',
      false,
    );
  const answer = await postJson(
    `${apiOrigin('slack', SLACK_API)}/api/chat.postMessage`,
    { channel, ...slackBody(message) },
    ctx,
    `Slack channel ${channel}`,
    { authorization: `Bearer ${token}` },
  );
  let result: { ok?: boolean; error?: string } = {};
  try {
    result = JSON.parse(answer.text) as typeof result;
  } catch {
    // Slack always answers JSON; anything else is its failure.
  }
  if (result.ok !== true)
    throw new DeliveryError(
      `Slack refused the message to ${channel}: ${result.error ?? answer.text.slice(0, 200)}`,
      result.error === 'ratelimited' || result.error === 'service_unavailable',
    );
  return { destination: `Slack channel ${channel}` };
};
