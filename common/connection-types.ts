/** Connection types (spec 3 §9): those of checks, scrapers and playbooks, then the notification-only ones. */
import { NOTIFICATION_CONNECTION_TYPES } from './notifications.js';

export const RESOURCE_CONNECTION_TYPES = [
  'postgres',
  'mysql',
  'sql_server',
  'http',
  'prometheus',
  'elasticsearch',
  'mongo',
  'ldap',
  'redis',
  'windows',
  'google_cloud',
  'gcs',
  'sftp',
  'aws',
  's3',
  'kubernetes',
  'azure_devops',
  'azure',
  'github',
  'gitlab',
  'restic',
  'smb',
  'jmeter',
  'dynatrace',
  'git',
] as const;

export const CONNECTION_TYPES: readonly string[] = [
  ...RESOURCE_CONNECTION_TYPES,
  ...NOTIFICATION_CONNECTION_TYPES,
];
