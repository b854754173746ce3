/** The choices the notifications screens offer and how they name them (spec 2 §4, §5, §9; spec 3 §4). */
import type { SendStatus } from '../../../../common/notifications.js';

export { NOTIFICATION_EVENTS, REPEAT_INTERVALS, SEND_STATUSES } from '../../../../common/notifications.js';
export type { SendStatus } from '../../../../common/notifications.js';

const STATUS_LABELS: Record<SendStatus, string> = {
  sent: 'Sent',
  error: 'Error',
  pending: 'Pending',
  cancelled: 'Cancelled',
  'repeat-interval': 'Repeated',
  silenced: 'Silenced',
};

/** A send status as the screens show it: repeat-interval reads 'Repeated'. */
export const statusLabel = (status: string) => STATUS_LABELS[status as SendStatus] ?? status;

export type ResourceType = 'check' | 'config' | 'component' | 'canary';

/** The history's Resource Type filter: a config is a catalog item. */
export const RESOURCE_TYPE_OPTIONS: readonly { value: ResourceType; label: string }[] = [
  { value: 'canary', label: 'Canary' },
  { value: 'check', label: 'Check' },
  { value: 'component', label: 'Component' },
  { value: 'config', label: 'Catalog' },
];

/** The kinds of resource a silence can name in its form, and the column each fills. */
export const SILENCE_KINDS = [
  { value: 'config', label: 'Catalog', column: 'config_id' },
  { value: 'component', label: 'Component', column: 'component_id' },
  { value: 'check', label: 'Check', column: 'check_id' },
] as const;
export type SilenceKind = (typeof SILENCE_KINDS)[number]['value'];
