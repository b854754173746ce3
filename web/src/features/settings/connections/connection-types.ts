/**
 * The connection types of spec 3 §9 and their fields. A field is stored in one of the row's
 * columns (`column`), in `properties[key]`, or — for notification types — only in the provider
 * URL built from the fields on submit (`inUrl`). Mapping follows the platform's own forms: the
 * AWS access key is the username, the secret key the password; region, bucket, tenant, ... are
 * properties.
 */
import type { SelectOption } from '../../../components/Form/index.js';

export type FieldKind = 'text' | 'secret' | 'number' | 'checkbox' | 'select' | 'textarea';

/** The row's columns a field can be stored in; password and certificate are write-only. */
export type ConnectionColumn = 'url' | 'username' | 'password' | 'certificate' | 'insecure_tls';

export type FormValue = string | boolean;
export type FormValues = Record<string, FormValue>;

export interface ConnectionField {
  key: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  default?: FormValue;
  options?: readonly (SelectOption | string)[];
  hint?: string;
  /** Stored in this column; without it (and without `inUrl`) in `properties[key]`. */
  column?: ConnectionColumn;
  /** Only part of the provider URL (notification types): neither a column nor a property. */
  inUrl?: boolean;
  /** Shown (and sent) only while this holds, e.g. the git SSH key for SSH authentication. */
  when?: (values: FormValues) => boolean;
}

export interface ConnectionType {
  value: string;
  title: string;
  fields: ConnectionField[];
  /** Delivers notifications only: its fields build `url` (notification-urls.ts). */
  notification?: boolean;
  /** Kept for existing rows, not offered for new ones (jmeter). */
  hidden?: boolean;
}

const url = (label = 'URL', required = true): ConnectionField => ({
  key: 'url',
  label,
  kind: 'text',
  column: 'url',
  required,
});
const username = (label = 'Username', required = false, hint?: string): ConnectionField => ({
  key: 'username',
  label,
  kind: 'text',
  column: 'username',
  required,
  hint,
});
const password = (label = 'Password', required = false, hint?: string): ConnectionField => ({
  key: 'password',
  label,
  kind: 'secret',
  column: 'password',
  required,
  hint,
});
const certificate = (label = 'Certificate', required = false): ConnectionField => ({
  key: 'certificate',
  label,
  kind: 'textarea',
  column: 'certificate',
  required,
});
const insecureTls: ConnectionField = {
  key: 'insecure_tls',
  label: 'Insecure TLS',
  kind: 'checkbox',
  column: 'insecure_tls',
};
const property = (key: string, label: string, extra: Partial<ConnectionField> = {}): ConnectionField => ({
  key,
  label,
  kind: 'text',
  ...extra,
});
const urlPart = (key: string, label: string, extra: Partial<ConnectionField> = {}): ConnectionField => ({
  key,
  label,
  kind: 'text',
  inUrl: true,
  ...extra,
});

/** URL, username, password and insecure TLS: the SQL, HTTP and search back ends. */
const urlWithCredentials = (value: string, title: string): ConnectionType => ({
  value,
  title,
  fields: [url(), username(), password(), insecureTls],
});

const awsFields: ConnectionField[] = [
  property('region', 'Region'),
  property('profile', 'Profile'),
  username('Access Key'),
  password('Secret Key'),
  insecureTls,
];

export const EMAIL_ENCRYPTION = ['None', 'ExplicitTLS', 'ImplicitTLS', 'Auto'] as const;
export const EMAIL_AUTH = ['None', 'Plain', 'CRAMMD5', 'Unknown', 'OAuth2'] as const;
export const GIT_AUTH: readonly SelectOption[] = [
  { value: 'basic', label: 'Basic' },
  { value: 'ssh', label: 'SSH key' },
];
export const NTFY_PUBLIC_SERVER = 'ntfy.sh';

const TYPES: ConnectionType[] = [
  urlWithCredentials('postgres', 'PostgreSQL'),
  urlWithCredentials('mysql', 'MySQL'),
  urlWithCredentials('sql_server', 'SQL Server'),
  urlWithCredentials('http', 'HTTP'),
  urlWithCredentials('prometheus', 'Prometheus'),
  urlWithCredentials('elasticsearch', 'Elasticsearch'),
  urlWithCredentials('mongo', 'MongoDB'),
  urlWithCredentials('ldap', 'LDAP'),
  {
    value: 'redis',
    title: 'Redis',
    fields: [
      url(),
      username(),
      password(),
      insecureTls,
      property('db', 'Database', { kind: 'number', default: '0' }),
    ],
  },
  {
    value: 'windows',
    title: 'Windows',
    fields: [username('Username', true), password('Password', true), property('domain', 'Domain')],
  },
  {
    value: 'google_cloud',
    title: 'Google Cloud',
    fields: [url('Endpoint'), certificate('Certificate', true)],
  },
  {
    value: 'gcs',
    title: 'Google Cloud Storage',
    fields: [url('Endpoint'), certificate('Certificate', true)],
  },
  {
    value: 'sftp',
    title: 'SFTP',
    fields: [
      { ...url('Host'), hint: 'The server name or address' },
      property('port', 'Port', { kind: 'number', default: '22' }),
      username('Username', true),
      password('Password', true),
    ],
  },
  { value: 'aws', title: 'AWS', fields: awsFields },
  { value: 's3', title: 'AWS S3', fields: [...awsFields, property('bucket', 'Bucket', { required: true })] },
  { value: 'kubernetes', title: 'Kubernetes', fields: [certificate('Kubeconfig')] },
  {
    value: 'azure_devops',
    title: 'Azure DevOps',
    fields: [username('Organization', true), password('Personal Access Token', true)],
  },
  {
    value: 'azure',
    title: 'Azure',
    fields: [
      username('Client ID', true),
      password('Client Secret', true),
      property('tenant', 'Tenant ID', { required: true }),
    ],
  },
  { value: 'github', title: 'GitHub', fields: [password('Personal Access Token', true)] },
  { value: 'gitlab', title: 'GitLab', fields: [password('Personal Access Token', true)] },
  {
    value: 'restic',
    title: 'Restic',
    fields: [
      password('Password', true),
      url('Repository URL'),
      property('awsConnectionName', 'AWS Connection Name'),
      property('accessKey', 'Access Key'),
      property('secretKey', 'Secret Key', { kind: 'secret' }),
    ],
  },
  {
    value: 'smb',
    title: 'SMB',
    fields: [
      property('server', 'Server', { required: true }),
      property('port', 'Port', { kind: 'number', default: '445' }),
      property('share', 'Share', { required: true }),
      username(),
      password(),
    ],
  },
  {
    value: 'jmeter',
    title: 'JMeter',
    hidden: true,
    fields: [url('Host'), property('port', 'Port', { kind: 'number' })],
  },
  {
    value: 'dynatrace',
    title: 'Dynatrace',
    fields: [
      url('Host'),
      password('API Key', true),
      property('scheme', 'Scheme', { kind: 'select', options: ['https', 'http'], default: 'https' }),
    ],
  },
  {
    value: 'git',
    title: 'Git',
    fields: [
      url(),
      property('authentication', 'Authentication', { kind: 'select', options: GIT_AUTH, default: 'basic' }),
      { ...username(), when: (values) => values.authentication !== 'ssh' },
      { ...password(), when: (values) => values.authentication !== 'ssh' },
      { ...certificate('SSH Key'), when: (values) => values.authentication === 'ssh' },
      property('ref', 'Ref', { required: true, default: 'main' }),
    ],
  },

  // Notification-only types (spec 3 §9): their fields build `url` on submit.
  {
    value: 'discord',
    title: 'Discord',
    notification: true,
    fields: [urlPart('webhookId', 'Webhook ID', { required: true }), password('Token', true)],
  },
  {
    value: 'email',
    title: 'Email',
    notification: true,
    fields: [
      urlPart('host', 'Host', { required: true }),
      urlPart('port', 'Port', { kind: 'number', required: true, default: '587' }),
      insecureTls,
      username(),
      password('Password', false, 'SMTP server password or hash (for OAuth2)'),
      urlPart('from', 'From Address', { required: true }),
      urlPart('fromName', 'From Name'),
      urlPart('to', 'To Address'),
      urlPart('encryptionMethod', 'Encryption Method', {
        kind: 'select',
        options: EMAIL_ENCRYPTION,
        default: 'Auto',
      }),
      urlPart('authMethod', 'SMTP Authentication Method', {
        kind: 'select',
        options: EMAIL_AUTH,
        default: 'Unknown',
      }),
    ],
  },
  {
    value: 'google_chat',
    title: 'Google Chat',
    notification: true,
    fields: [
      urlPart('space', 'Space', { required: true, hint: 'The space of the webhook (spaces/{space})' }),
      username('Key', true),
      password('Token', true),
    ],
  },
  {
    value: 'ifttt',
    title: 'IFTTT',
    notification: true,
    fields: [
      password('Webhook ID', true),
      urlPart('events', 'Events', { required: true, hint: 'Comma-separated' }),
    ],
  },
  {
    value: 'mattermost',
    title: 'Mattermost',
    notification: true,
    fields: [
      urlPart('host', 'Host', { required: true, hint: 'Mattermost server host (host:port)' }),
      password('Token', true, 'Webhook token'),
      urlPart('user', 'Username', { hint: 'Override webhook user' }),
      urlPart('channel', 'Channel', { hint: 'Override webhook channel' }),
      insecureTls,
    ],
  },
  {
    value: 'matrix',
    title: 'Matrix',
    notification: true,
    fields: [
      urlPart('host', 'Host', { required: true }),
      username('User', false, 'Username, or empty with an access token'),
      password('Password', true, 'Password or access token'),
      urlPart('rooms', 'Rooms'),
      insecureTls,
    ],
  },
  {
    value: 'ntfy',
    title: 'Ntfy',
    notification: true,
    fields: [
      urlPart('host', 'Host', {
        required: true,
        default: NTFY_PUBLIC_SERVER,
        hint: 'Server hostname and port',
      }),
      urlPart('topic', 'Topic', { required: true }),
      username(),
      password(),
      insecureTls,
    ],
  },
  {
    value: 'opsgenie',
    title: 'OpsGenie',
    notification: true,
    fields: [
      urlPart('host', 'Host', { required: true, default: 'api.opsgenie.com' }),
      urlPart('port', 'Port', { kind: 'number', required: true, default: '443' }),
      password('API Key', true),
    ],
  },
  {
    value: 'pushbullet',
    title: 'Pushbullet',
    notification: true,
    fields: [
      password('Token', true),
      urlPart('targets', 'Targets', { required: true, hint: 'Devices, channels or emails, comma-separated' }),
    ],
  },
  {
    value: 'pushover',
    title: 'Pushover',
    notification: true,
    fields: [urlPart('user', 'User Key', { required: true }), password('Token', true)],
  },
  {
    value: 'rocketchat',
    title: 'Rocket.Chat',
    notification: true,
    fields: [
      urlPart('host', 'Host', { required: true }),
      urlPart('port', 'Port', { kind: 'number' }),
      urlPart('user', 'Username'),
      username('Token A', true),
      password('Token B', true),
      urlPart('channel', 'Channel', { required: true }),
      insecureTls,
    ],
  },
  {
    value: 'slack',
    title: 'Slack',
    notification: true,
    fields: [
      urlPart('channel', 'Channel', {
        required: true,
        hint: 'Channel to send messages to in Cxxxxxxxxxx format',
      }),
      password('Bot Token', true),
      urlPart('botName', 'Bot Name'),
    ],
  },
  {
    value: 'teams',
    title: 'Microsoft Teams',
    notification: true,
    fields: [
      urlPart('group', 'Group', { required: true }),
      urlPart('tenant', 'Tenant', { required: true }),
      urlPart('altId', 'AltID', { required: true }),
      urlPart('groupOwner', 'GroupOwner', { required: true }),
      urlPart('host', 'Host', { required: true, default: 'outlook.office.com' }),
    ],
  },
  {
    value: 'telegram',
    title: 'Telegram',
    notification: true,
    fields: [
      password('Token', true),
      urlPart('chats', 'Chats', {
        required: true,
        hint: 'Chat IDs or channel names (@channel-name), comma-separated',
      }),
    ],
  },
  {
    value: 'zulip_chat',
    title: 'Zulip Chat',
    notification: true,
    fields: [
      urlPart('host', 'Host', { required: true }),
      username('Bot Email', true),
      password('Bot Key', true),
      urlPart('stream', 'Stream', { required: true }),
      urlPart('topic', 'Topic', { hint: 'The title of each message when empty' }),
      insecureTls,
    ],
  },
  {
    value: 'generic_webhook',
    title: 'Generic Webhook',
    notification: true,
    fields: [
      urlPart('target', 'URL', { required: true, hint: 'http(s) address the message is sent to' }),
      urlPart('method', 'Request Method', {
        kind: 'select',
        options: ['POST', 'GET', 'PUT'],
        default: 'POST',
      }),
      urlPart('contentType', 'Content Type', { default: 'application/json' }),
      urlPart('messageKey', 'Message Key', { required: true, default: 'message' }),
      urlPart('titleKey', 'Title Key', { required: true, default: 'title' }),
      insecureTls,
    ],
  },
];

const byTitle = (a: ConnectionType, b: ConnectionType) =>
  a.title.localeCompare(b.title, undefined, { sensitivity: 'base' });

/** Every type by its value (hidden ones included, so existing rows still open). */
export const CONNECTION_TYPES: ReadonlyMap<string, ConnectionType> = new Map(TYPES.map((t) => [t.value, t]));

/** The types offered for a new connection, sorted by title. */
export const PICKABLE_TYPES: readonly ConnectionType[] = TYPES.filter((t) => !t.hidden).sort(byTitle);

export const connectionType = (value: string): ConnectionType | undefined => CONNECTION_TYPES.get(value);

/** The pickable types whose title or value holds `search` (case-insensitive), still sorted. */
export function searchTypes(search: string): readonly ConnectionType[] {
  const words = search.trim().toLowerCase();
  if (words === '') return PICKABLE_TYPES;
  return PICKABLE_TYPES.filter(
    (t) => t.title.toLowerCase().includes(words) || t.value.replace(/_/g, ' ').includes(words),
  );
}

/** The fields of a type shown for these values (a field's `when` decides). */
export const visibleFields = (type: ConnectionType, values: FormValues): ConnectionField[] =>
  type.fields.filter((field) => field.when?.(values) ?? true);

export const isWriteOnly = (field: ConnectionField) =>
  field.column === 'password' || field.column === 'certificate';
