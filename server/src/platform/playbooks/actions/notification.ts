/**
 * The notification action: `title`, `message` and `properties` sent to `url` or a connection's
 * URL. Where it goes decides the shape (the platform's shoutrrr-style URLs, and the console's
 * connection types):
 *
 * - Email (`smtp://` / `smtps://` URLs, connection type `email`): over SMTP with nodemailer, as
 *   the email responders send (`?from=` or the connection's `from`/username is the sender;
 *   `?to=` / `?toAddresses=` or the connection's `to` property the recipients, comma separated;
 *   encryptionMethod None / ExplicitTLS / ImplicitTLS / Auto). Subject = title, text = message
 *   and the properties as `key: value` lines.
 * - Slack: `https://hooks.slack.com/...` URLs, a connection of type `slack` with an http(s) URL,
 *   or `slack://hook:<token>@webhook` / `slack://<a>/<b>/<c>` (→ https://hooks.slack.com/services/a/b/c):
 *   `{text, blocks}` (a header block with the title, a section with the message, the properties
 *   as fields). `slack://<bot token>@<channel>`: chat.postMessage with the token, to the channel.
 * - Microsoft Teams: `teams://host/path` (→ https://host/path), `*.webhook.office.com`,
 *   `*.logic.azure.com` / Power Automate URLs, or a connection of type `teams`: a MessageCard
 *   (title, text, a section of facts from the properties).
 * - Anything else http(s) (`generic+https://`, `generic://` and `generic_webhook` connections
 *   too): JSON `{title, message, properties}`; a connection's `titleKey`, `messageKey`, `method`
 *   and `contentType` properties rename the keys and choose the request, as the platform's generic
 *   webhook does.
 * Other schemes (discord://, telegram://, opsgenie://, ...) fail with a clear message.
 * The result is `{sent: <where, without credentials>, kind}`.
 */
import { smtpSender, smtpTransport } from '../../../lib/smtp.js';
import { connectionOf, messageOf, safeUrl, stopReason, text, isObject } from './support.js';
import { ActionFailure, type ActionContext, type ActionExecutor, type ResolvedConnection } from './types.js';

const SEND_TIMEOUT_MS = 30_000;

interface Message {
  title: string;
  message: string;
  properties: Record<string, string>;
}

interface Target {
  url: string;
  type?: string;
  username?: string;
  password?: string;
  properties: Record<string, string>;
}

const propertyLines = (properties: Record<string, string>) =>
  Object.entries(properties).map(([key, value]) => `${key}: ${value}`);

export function slackBody({ title, message, properties }: Message) {
  const blocks: unknown[] = [];
  if (title) blocks.push({ type: 'header', text: { type: 'plain_text', text: title.slice(0, 150) } });
  if (message) blocks.push({ type: 'section', text: { type: 'mrkdwn', text: message.slice(0, 3000) } });
  const fields = Object.entries(properties)
    .slice(0, 10)
    .map(([key, value]) => ({ type: 'mrkdwn', text: `*${key}*\n${value}` }));
  if (fields.length) blocks.push({ type: 'section', fields });
  return { text: [title, message].filter(Boolean).join('\n'), blocks };
}

export function teamsBody({ title, message, properties }: Message) {
  return {
    '@type': 'MessageCard',
    '@context': 'https://schema.org/extensions',
    summary: title || message.slice(0, 80),
    title,
    text: message,
    sections: Object.keys(properties).length
      ? [{ facts: Object.entries(properties).map(([name, value]) => ({ name, value })) }]
      : [],
  };
}

async function post(
  url: string,
  init: { method?: string; headers: Record<string, string>; body: string },
  ctx: ActionContext,
): Promise<string> {
  const timeout = AbortSignal.timeout(SEND_TIMEOUT_MS);
  const signal = AbortSignal.any([ctx.signal, timeout]);
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? 'POST',
      headers: init.headers,
      body: init.body,
      signal,
    });
  } catch (error) {
    if (ctx.signal.aborted)
      throw new ActionFailure(`the notification was stopped: ${stopReason(ctx.signal)}`);
    const cause = (error as { cause?: unknown }).cause;
    throw new ActionFailure(`the notification to ${safeUrl(url)} failed: ${messageOf(cause ?? error)}`);
  }
  const answer = await response.text().catch(() => '');
  if (response.status >= 400)
    throw new ActionFailure(
      `the notification to ${safeUrl(url)} was refused: HTTP ${response.status}${answer ? ` ${answer.slice(0, 200)}` : ''}`,
    );
  return answer;
}

const json = { 'content-type': 'application/json' };

async function sendEmail(target: Target, message: Message, ctx: ActionContext) {
  const url = new URL(target.url);
  const props = target.properties;
  const encryption = (props.encryptionMethod ?? url.searchParams.get('encryption') ?? 'Auto').toLowerCase();
  const username = target.username || (url.username ? decodeURIComponent(url.username) : undefined);
  const password = target.password || (url.password ? decodeURIComponent(url.password) : undefined);
  if (password) ctx.secrets.add(password);
  const from = url.searchParams.get('from') || props.from || username;
  if (!from) throw new ActionFailure('the email has no sender: add ?from= to the URL or a from property');
  const to = (url.searchParams.get('to') || url.searchParams.get('toAddresses') || props.to || '')
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
  if (!to.length) throw new ActionFailure('the email has no recipient: add ?to= to the URL or a to property');
  const transport = smtpTransport(url, { encryption, username, password, timeoutMs: SEND_TIMEOUT_MS });
  const onAbort = () => transport.close();
  ctx.signal.addEventListener('abort', onAbort, { once: true });
  try {
    const lines = propertyLines(message.properties);
    const info = await transport.sendMail({
      from: smtpSender(from, props.fromName),
      to,
      subject: message.title,
      text: lines.length ? `${message.message}\n\n${lines.join('\n')}` : message.message,
    });
    return { sent: `smtp://${url.host}`, kind: 'email', to, messageId: info.messageId };
  } catch (error) {
    if (ctx.signal.aborted) throw new ActionFailure(`the email was stopped: ${stopReason(ctx.signal)}`);
    throw new ActionFailure(`the email could not be sent: ${messageOf(error)}`);
  } finally {
    ctx.signal.removeEventListener('abort', onAbort);
    transport.close();
  }
}

const isTeamsHost = (host: string) =>
  host.endsWith('.webhook.office.com') ||
  host === 'outlook.office.com' ||
  host.endsWith('.logic.azure.com') ||
  host.endsWith('.powerplatform.com');

async function send(target: Target, message: Message, ctx: ActionContext) {
  let url: URL;
  try {
    url = new URL(target.url);
  } catch {
    throw new ActionFailure(`'${safeUrl(target.url)}' is not a notification URL`);
  }
  const type = (target.type ?? '').toLowerCase();
  const scheme = url.protocol.slice(0, -1);

  if (scheme === 'smtp' || scheme === 'smtps') return sendEmail(target, message, ctx);
  if (type === 'email') throw new ActionFailure('the email connection has no smtp:// URL');

  if (scheme === 'slack') {
    // slack://hook:<token>@webhook or slack://<a>/<b>/<c>: an incoming webhook.
    const webhookToken =
      url.hostname === 'webhook' && url.username === 'hook'
        ? decodeURIComponent(url.password)
        : url.username || url.password
          ? undefined
          : `${url.hostname}${url.pathname}`.replace(/\/$/, '');
    if (webhookToken) {
      ctx.secrets.add(webhookToken);
      const hook = `https://hooks.slack.com/services/${webhookToken.replace(/-/g, '/')}`;
      await post(hook, { headers: json, body: JSON.stringify(slackBody(message)) }, ctx);
      return { sent: 'slack webhook', kind: 'slack' };
    }
    // slack://<token>@<channel>: the Web API with a bot token.
    const token = decodeURIComponent(url.password || url.username);
    ctx.secrets.add(token);
    const channel = url.hostname;
    const answer = await post(
      'https://slack.com/api/chat.postMessage',
      {
        headers: { ...json, authorization: `Bearer ${token}` },
        body: JSON.stringify({ channel, ...slackBody(message) }),
      },
      ctx,
    );
    let ok = false;
    try {
      ok = (JSON.parse(answer) as { ok?: boolean }).ok === true;
    } catch {
      // not JSON
    }
    if (!ok) throw new ActionFailure(`Slack refused the message to ${channel}: ${answer.slice(0, 200)}`);
    return { sent: `slack #${channel}`, kind: 'slack' };
  }

  if (scheme === 'teams') {
    const hook = `https://${url.host}${url.pathname}${url.search}`;
    ctx.secrets.add(hook);
    await post(hook, { headers: json, body: JSON.stringify(teamsBody(message)) }, ctx);
    return { sent: `teams ${url.host}`, kind: 'teams' };
  }

  let httpUrl: string;
  if (scheme === 'generic+https' || scheme === 'generic+http') httpUrl = target.url.replace(/^generic\+/, '');
  else if (scheme === 'generic') httpUrl = target.url.replace(/^generic:/, 'https:');
  else if (scheme === 'http' || scheme === 'https') httpUrl = target.url;
  else throw new ActionFailure(`notifications to ${scheme}:// are not supported by this console`);

  const host = new URL(httpUrl).hostname;
  const headers: Record<string, string> = { ...json };
  if (target.username || target.password)
    headers.authorization = `Basic ${Buffer.from(`${target.username ?? ''}:${target.password ?? ''}`).toString('base64')}`;
  if (type === 'slack' || host === 'hooks.slack.com') {
    await post(httpUrl, { headers, body: JSON.stringify(slackBody(message)) }, ctx);
    return { sent: safeUrl(httpUrl), kind: 'slack' };
  }
  if (type === 'teams' || isTeamsHost(host)) {
    await post(httpUrl, { headers, body: JSON.stringify(teamsBody(message)) }, ctx);
    return { sent: safeUrl(httpUrl), kind: 'teams' };
  }
  const props = target.properties;
  const titleKey = props.titleKey || 'title';
  const messageKey = props.messageKey || 'message';
  if (props.contentType) headers['content-type'] = props.contentType;
  const payload = {
    [titleKey]: message.title,
    [messageKey]: message.message,
    properties: message.properties,
  };
  await post(httpUrl, { method: props.method || 'POST', headers, body: JSON.stringify(payload) }, ctx);
  return { sent: safeUrl(httpUrl), kind: 'webhook' };
}

export const notificationAction: ActionExecutor = async (body, ctx) => {
  const properties: Record<string, string> = {};
  if (isObject(body.properties))
    for (const [key, value] of Object.entries(body.properties))
      if (value !== undefined && value !== null) properties[key] = String(value);
  const message: Message = {
    title: text(body, 'title') ?? '',
    message: text(body, 'message') ?? '',
    properties,
  };
  if (!message.title && !message.message) throw new ActionFailure('notification needs a title or a message');
  let target: Target | undefined;
  const url = text(body, 'url');
  if (url) {
    target = { url, properties: {} };
  } else if (typeof body.connection === 'string' && body.connection) {
    const connection: ResolvedConnection = await connectionOf(ctx, body.connection);
    if (!connection.url) throw new ActionFailure(`connection ${body.connection} has no URL to send to`);
    target = {
      url: connection.url,
      type: connection.type,
      username: connection.username,
      password: connection.password,
      properties: connection.properties,
    };
  }
  if (!target) throw new ActionFailure('notification needs a url or a connection');
  try {
    const parsed = new URL(target.url);
    if (parsed.password) ctx.secrets.add(decodeURIComponent(parsed.password));
  } catch {
    // reported by send
  }
  return send(target, message, ctx);
};
