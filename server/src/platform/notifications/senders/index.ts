/**
 * One home for every delivery kind: `deliver` sends one message to one target (a provider URL
 * in the platform's shoutrrr notation, or a stored notification connection) and says how it
 * went. One attempt per call, bounded by a timeout (30 s by default); retrying is the caller's.
 * Failures are DeliveryErrors whose message names the status and a piece of the answer, never a
 * token or a password, and which say whether another try may go through.
 */
import { connectionSecrets, passwordsInUrl, safeUrl } from '../../connections/index.js';
import { redactSecrets } from '../../health/references.js';
import { sendDiscord } from './discord.js';
import { sendGeneric } from './generic.js';
import { sendGoogleChat } from './google-chat.js';
import { sendIfttt } from './ifttt.js';
import { sendMatrix } from './matrix.js';
import { sendMattermost } from './mattermost.js';
import { sendNtfy } from './ntfy.js';
import { sendOpsgenie } from './opsgenie.js';
import { sendPushbullet } from './pushbullet.js';
import { sendPushover } from './pushover.js';
import { sendRocketchat } from './rocketchat.js';
import { sendEmail } from './smtp.js';
import { sendSlack, sendSlackWebhook } from './slack.js';
import { isTeamsHost, sendTeams } from './teams.js';
import { sendTelegram } from './telegram.js';
import { sendZulip } from './zulip.js';
import {
  DeliveryError,
  type Delivered,
  type DeliveryTarget,
  type Endpoint,
  type NotificationMessage,
  type SendContext,
  type Sender,
} from './types.js';

export {
  DeliveryError,
  type Delivered,
  type DeliveryTarget,
  type NotificationMessage,
  type ResolvedConnection,
} from './types.js';

export const DEFAULT_TIMEOUT_MS = 30_000;

interface Kind {
  kind: string;
  send: Sender;
}

const EMAIL: Kind = { kind: 'email', send: sendEmail };
const SLACK: Kind = { kind: 'slack', send: sendSlack };
const SLACK_WEBHOOK: Kind = { kind: 'slack', send: sendSlackWebhook };
const TEAMS: Kind = { kind: 'teams', send: sendTeams };
const WEBHOOK: Kind = { kind: 'webhook', send: sendGeneric };
const DISCORD: Kind = { kind: 'discord', send: sendDiscord };
const MATTERMOST: Kind = { kind: 'mattermost', send: sendMattermost };
const GOOGLE_CHAT: Kind = { kind: 'google_chat', send: sendGoogleChat };
const NTFY: Kind = { kind: 'ntfy', send: sendNtfy };
const PUSHOVER: Kind = { kind: 'pushover', send: sendPushover };
const TELEGRAM: Kind = { kind: 'telegram', send: sendTelegram };
const OPSGENIE: Kind = { kind: 'opsgenie', send: sendOpsgenie };
const IFTTT: Kind = { kind: 'ifttt', send: sendIfttt };
const MATRIX: Kind = { kind: 'matrix', send: sendMatrix };
const PUSHBULLET: Kind = { kind: 'pushbullet', send: sendPushbullet };
const ROCKETCHAT: Kind = { kind: 'rocketchat', send: sendRocketchat };
const ZULIP: Kind = { kind: 'zulip', send: sendZulip };

/** Senders by URL scheme (the platform's shoutrrr notation). */
const BY_SCHEME: Readonly<Record<string, Kind>> = {
  smtp: EMAIL,
  smtps: EMAIL,
  slack: SLACK,
  teams: TEAMS,
  discord: DISCORD,
  mattermost: MATTERMOST,
  googlechat: GOOGLE_CHAT,
  ntfy: NTFY,
  pushover: PUSHOVER,
  telegram: TELEGRAM,
  opsgenie: OPSGENIE,
  ifttt: IFTTT,
  matrix: MATRIX,
  pushbullet: PUSHBULLET,
  rocketchat: ROCKETCHAT,
  zulip: ZULIP,
  generic: WEBHOOK,
  'generic+http': WEBHOOK,
  'generic+https': WEBHOOK,
  'teams+https': TEAMS,
};

/** Senders of an http(s) URL by the connection's type. */
const BY_TYPE: Readonly<Record<string, Kind>> = {
  slack: SLACK_WEBHOOK,
  teams: TEAMS,
  discord: DISCORD,
  mattermost: MATTERMOST,
  google_chat: GOOGLE_CHAT,
  ntfy: NTFY,
  generic_webhook: WEBHOOK,
};

function kindOf(url: URL, type: string | undefined): Kind {
  const scheme = url.protocol.slice(0, -1).toLowerCase();
  if (scheme === 'http' || scheme === 'https') {
    const byType = type ? BY_TYPE[type] : undefined;
    if (byType) return byType;
    if (url.hostname === 'hooks.slack.com') return SLACK_WEBHOOK;
    if (isTeamsHost(url.hostname)) return TEAMS;
    if (/(^|\.)discord(app)?\.com$/.test(url.hostname) && url.pathname.startsWith('/api/webhooks/'))
      return DISCORD;
    if (url.hostname === 'chat.googleapis.com') return GOOGLE_CHAT;
    return WEBHOOK;
  }
  const byScheme = BY_SCHEME[scheme];
  if (byScheme) return byScheme;
  throw new DeliveryError(`notifications to ${scheme}:// are not supported by this console`, false);
}

/** The target as the senders read it; a connection's URL with its type, credentials and properties. */
function endpointOf(target: DeliveryTarget): Endpoint {
  const connection = 'connection' in target ? target.connection : undefined;
  const text = connection ? connection.url : (target as { url: string }).url;
  if (!text) throw new DeliveryError(`the connection ${connection?.name} has no URL to send to`, false);
  let url: URL;
  try {
    url = new URL(text.trim().replace(/^teams\+https:/i, 'https:'));
  } catch {
    throw new DeliveryError(`'${safeUrl(text)}' is not a notification URL`, false);
  }
  if (connection?.type === 'email' && url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new DeliveryError(`the email connection ${connection.name} has no smtp:// URL`, false);
  return {
    url,
    type: connection?.type?.toLowerCase(),
    username: connection?.username,
    password: connection?.password,
    properties: connection?.properties ?? {},
  };
}

function secretsOf(target: DeliveryTarget): string[] {
  if ('connection' in target) return connectionSecrets(target.connection);
  return passwordsInUrl(target.url);
}

const seconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);

/** Sends `message` to `target`, once. */
export async function deliver(
  target: DeliveryTarget,
  message: NotificationMessage,
  opts: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<Delivered> {
  const started = performance.now();
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const secrets = secretsOf(target);
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  const ctx: SendContext = {
    signal,
    timeoutMs,
    stopReason: () =>
      opts.signal?.aborted
        ? `was stopped: ${reasonOf(opts.signal)}`
        : `got no answer within ${seconds(timeoutMs)}`,
    secret: (value) => {
      if (value) secrets.push(value, ...safeForms(value));
    },
    insecureTls: 'connection' in target && target.connection.insecureTls === true,
  };
  try {
    const endpoint = endpointOf(target);
    const { kind, send } = kindOf(endpoint.url, endpoint.type);
    const sent = await send(
      endpoint,
      { title: message.title ?? '', body: message.body ?? '', properties: message.properties ?? {} },
      ctx,
    );
    return {
      kind,
      destination: redactSecrets(sent.destination, secrets),
      durationMs: Math.round(performance.now() - started),
      ...(sent.id ? { id: sent.id } : {}),
    };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    throw new DeliveryError(
      redactSecrets(text, secrets),
      error instanceof DeliveryError ? error.retryable : false,
    );
  }
}

/** A secret's other spellings in a message: without its leading slash, URL-decoded. */
function safeForms(value: string): string[] {
  const forms = [value.replace(/^\/+/, '')];
  try {
    forms.push(decodeURIComponent(value));
  } catch {
    // not URL-encoded
  }
  return forms;
}

function reasonOf(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name !== 'AbortError') return reason.message;
  if (typeof reason === 'string' && reason) return reason;
  return 'cancelled';
}

/** The console's own outgoing mail (SMTP_URL), set once at start. */
let consoleSmtpUrl: string | undefined;
let consoleSmtpRead = false;

/** Sets the console's own SMTP server (config.smtpUrl); undefined: it sends no mail of its own. */
export function configureConsoleMail(smtpUrl: string | undefined): void {
  consoleSmtpUrl = smtpUrl;
  consoleSmtpRead = true;
}

/** Through the console's own SMTP_URL; undefined when it is not configured. */
export function emailTarget(to: string[]): DeliveryTarget | undefined {
  if (!consoleSmtpRead) configureConsoleMail(process.env.SMTP_URL || undefined);
  if (!consoleSmtpUrl) return undefined;
  const url = new URL(consoleSmtpUrl);
  url.searchParams.delete('toAddresses');
  url.searchParams.set('to', to.join(','));
  return { url: url.toString() };
}
