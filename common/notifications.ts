/**
 * The notification vocabulary both sides use (spec 2 §4, §5, §9; spec 3 §9): the events a rule
 * fires on, in the order the rule form offers them, the repeat intervals, the send statuses and
 * the connection types that only notify. The server's write rules check rules with these; the UI
 * offers only these.
 */

export const NOTIFICATION_EVENTS = [
  'check.failed',
  'check.passed',
  'component.healthy',
  'component.unhealthy',
  'component.unknown',
  'component.warning',
  'config.created',
  'config.deleted',
  'config.healthy',
  'config.unhealthy',
  'config.unknown',
  'config.updated',
  'config.warning',
  'playbook.approval.inserted',
  'playbook.spec.approval.updated',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** How long a rule waits before sending again for the same resource; none sends every time. */
export const REPEAT_INTERVALS = ['1h', '2h', '3h', '6h', '1d', '1w', '1m'] as const;
export type RepeatInterval = (typeof REPEAT_INTERVALS)[number];

export const SEND_STATUSES = [
  'sent',
  'error',
  'pending',
  'cancelled',
  'repeat-interval',
  'silenced',
] as const;
export type SendStatus = (typeof SEND_STATUSES)[number];

/** The connection types that only send notifications: a rule's Others. */
export const NOTIFICATION_CONNECTION_TYPES = [
  'discord',
  'email',
  'google_chat',
  'ifttt',
  'mattermost',
  'matrix',
  'ntfy',
  'opsgenie',
  'pushbullet',
  'pushover',
  'rocketchat',
  'slack',
  'teams',
  'telegram',
  'zulip_chat',
  'generic_webhook',
] as const;
