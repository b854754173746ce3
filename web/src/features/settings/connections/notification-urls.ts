/**
 * Notification connections keep their target as a provider URL in shoutrrr notation (slack://,
 * smtp://, ...), built from the form's fields on submit and read back into them when the
 * connection is edited. The URL never holds a secret: the token stays in the write-only password
 * column (and the key of Google Chat in username). Where the console's sender reads the
 * connection's own credentials the URL leaves them out; elsewhere it names them with the
 * platform's placeholders `$(username)` and `$(password)`, which are filled in when a message is sent.
 */
import type { FormValues } from './connection-types.js';

export const USERNAME_PLACEHOLDER = '$(username)';
export const PASSWORD_PLACEHOLDER = '$(password)';

type Fields = Record<string, string>;

interface UrlShape {
  build: (fields: Fields, insecureTls: boolean) => string;
  parse: (url: URL) => Fields;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const enc = encodeURIComponent;
const dec = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};
const segments = (url: URL) => url.pathname.split('/').filter(Boolean).map(dec);
/** `?a=1&b=` without the empty ones. */
function query(params: Record<string, string>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== '') search.set(key, value);
  const result = search.toString();
  return result ? `?${result}` : '';
}
/** A query parameter, whatever its case. */
function param(url: URL, name: string): string {
  for (const [key, value] of url.searchParams) if (key.toLowerCase() === name.toLowerCase()) return value;
  return '';
}
const isPlaceholder = (value: string) => value === USERNAME_PLACEHOLDER || value === PASSWORD_PLACEHOLDER;
const plain = (value: string) => (isPlaceholder(dec(value)) ? '' : dec(value));
const hostAndPort = (host: string, port: string) => (port ? `${host}:${port}` : host);

const SHAPES: Record<string, UrlShape> = {
  discord: {
    build: (f) => `discord://${PASSWORD_PLACEHOLDER}@${enc(f.webhookId!)}`,
    parse: (url) => ({ webhookId: dec(url.hostname) }),
  },
  email: {
    build: (f, insecureTls) =>
      `smtp://${hostAndPort(f.host!, f.port!)}/` +
      query({
        from: f.from!,
        fromName: f.fromName!,
        to: f.to!,
        encryption: f.encryptionMethod!,
        auth: f.authMethod!,
        useStartTLS: f.encryptionMethod === 'ExplicitTLS' ? 'yes' : '',
        skipTLSVerify: insecureTls ? 'yes' : '',
      }),
    parse: (url) => ({
      host: url.hostname,
      port: url.port || (url.protocol === 'smtps:' ? '465' : ''),
      from: param(url, 'from') || param(url, 'fromAddress'),
      fromName: param(url, 'fromName'),
      to: param(url, 'to') || param(url, 'toAddresses'),
      encryptionMethod: param(url, 'encryption'),
      authMethod: param(url, 'auth'),
    }),
  },
  google_chat: {
    build: (f) =>
      `googlechat://chat.googleapis.com/v1/spaces/${enc(f.space!)}/messages?key=${USERNAME_PLACEHOLDER}&token=${PASSWORD_PLACEHOLDER}`,
    parse: (url) => ({ space: dec(/\/spaces\/([^/]+)/.exec(url.pathname)?.[1] ?? '') }),
  },
  ifttt: {
    build: (f) => `ifttt://${PASSWORD_PLACEHOLDER}/${query({ events: f.events! })}`,
    parse: (url) => ({ events: param(url, 'events') }),
  },
  mattermost: {
    build: (f) =>
      `mattermost://${f.user ? `${enc(f.user)}@` : ''}${f.host}/${PASSWORD_PLACEHOLDER}${f.channel ? `/${enc(f.channel)}` : ''}`,
    parse: (url) => ({ user: plain(url.username), host: url.host, channel: segments(url)[1] ?? '' }),
  },
  // Insecure TLS is the connection's own column, which the sender reads: not shoutrrr's disableTLS (plain http).
  matrix: {
    build: (f) =>
      `matrix://${USERNAME_PLACEHOLDER}:${PASSWORD_PLACEHOLDER}@${f.host}/${query({ rooms: f.rooms! })}`,
    parse: (url) => ({ host: url.host, rooms: param(url, 'rooms') }),
  },
  ntfy: {
    build: (f, insecureTls) =>
      `ntfy://${f.host}/${f.topic!.split('/').map(enc).join('/')}` +
      query({ scheme: insecureTls ? 'http' : '' }),
    parse: (url) => ({ host: url.host, topic: segments(url).join('/') }),
  },
  opsgenie: {
    build: (f) => `opsgenie://${hostAndPort(f.host!, f.port!)}/`,
    parse: (url) => ({ host: url.hostname, port: url.port || '443' }),
  },
  pushbullet: {
    build: (f) =>
      `pushbullet://${PASSWORD_PLACEHOLDER}/${f
        .targets!.split(',')
        .map((target) => enc(target.trim()))
        .filter(Boolean)
        .join('/')}`,
    parse: (url) => ({ targets: segments(url).join(',') }),
  },
  pushover: {
    build: (f) => `pushover://${enc(f.user!)}/`,
    parse: (url) => ({ user: dec(url.hostname) }),
  },
  rocketchat: {
    build: (f) =>
      `rocketchat://${f.user ? `${enc(f.user)}@` : ''}${hostAndPort(f.host!, f.port!)}/${USERNAME_PLACEHOLDER}/${PASSWORD_PLACEHOLDER}/${enc(f.channel!)}`,
    parse: (url) => ({
      user: plain(url.username),
      host: url.hostname,
      port: url.port,
      channel: segments(url)[2] ?? '',
    }),
  },
  slack: {
    build: (f) => `slack://${PASSWORD_PLACEHOLDER}@${enc(f.channel!)}${query({ botname: f.botName! })}`,
    parse: (url) => ({ channel: dec(url.hostname), botName: param(url, 'botname') }),
  },
  teams: {
    build: (f) =>
      `teams://${enc(f.group!)}@${enc(f.tenant!)}/${enc(f.altId!)}/${enc(f.groupOwner!)}${query({ host: f.host! })}`,
    parse: (url) => {
      const [altId = '', groupOwner = ''] = segments(url);
      return {
        group: dec(url.username),
        tenant: dec(url.hostname),
        altId,
        groupOwner,
        host: param(url, 'host'),
      };
    },
  },
  telegram: {
    build: (f) => `telegram://telegram/${query({ chats: f.chats! })}`,
    parse: (url) => ({ chats: param(url, 'chats') || param(url, 'channels') }),
  },
  zulip_chat: {
    build: (f) =>
      `zulip://${USERNAME_PLACEHOLDER}:${PASSWORD_PLACEHOLDER}@${f.host}/` +
      query({ stream: f.stream!, topic: f.topic! }),
    parse: (url) => ({ host: url.host, stream: param(url, 'stream'), topic: param(url, 'topic') }),
  },
  generic_webhook: {
    build: (f, insecureTls) => {
      const target = new URL(f.target!);
      for (const [key, value] of Object.entries({
        method: f.method!,
        contenttype: f.contentType!,
        messagekey: f.messageKey!,
        titlekey: f.titleKey!,
        disabletls: insecureTls ? 'yes' : '',
      }))
        if (value) target.searchParams.set(key, value);
      return `generic+${target.toString()}`;
    },
    parse: (url) => {
      const target = new URL(url.toString().replace(/^generic\+/, ''));
      const fields = {
        method: param(target, 'method') || param(target, 'requestmethod'),
        contentType: param(target, 'contenttype'),
        messageKey: param(target, 'messagekey'),
        titleKey: param(target, 'titlekey'),
      };
      for (const key of [...target.searchParams.keys()])
        if (
          ['method', 'requestmethod', 'contenttype', 'messagekey', 'titlekey', 'disabletls'].includes(
            key.toLowerCase(),
          )
        )
          target.searchParams.delete(key);
      return { target: target.toString(), ...fields };
    },
  },
};

export const NOTIFICATION_URL_TYPES = Object.keys(SHAPES);

/** The provider URL of a notification connection from its form values; undefined for other types. */
export function buildNotificationUrl(type: string, values: FormValues): string | undefined {
  const shape = SHAPES[type];
  if (!shape) return undefined;
  const fields: Fields = {};
  for (const [key, value] of Object.entries(values)) fields[key] = text(value);
  // A field the form left out reads as empty.
  const orEmpty = new Proxy(fields, { get: (target, key: string) => target[key] ?? '' });
  return shape.build(orEmpty, values.insecure_tls === true);
}

/**
 * The form values a stored provider URL holds (only the ones it names: empty parts are left
 * out, so the form's defaults stay); {} when the URL is not one this type reads.
 */
export function parseNotificationUrl(type: string, url: string | null | undefined): Fields {
  const shape = SHAPES[type];
  if (!shape || !url) return {};
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return {};
  }
  const fields = shape.parse(parsed);
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ''));
}
