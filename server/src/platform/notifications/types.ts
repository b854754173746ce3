/** The notifications area's API shapes; the web imports them with `import type`. */
import type { SendStatus } from '../../../../common/notifications.js';

export * from '../../../../common/notifications.js';

export type ResourceType = 'check' | 'component' | 'config' | 'canary';

/** POST /api/notification/silence and /silence/preview. */
export interface SilenceRequest {
  canary_id?: string | null;
  check_id?: string | null;
  component_id?: string | null;
  config_id?: string | null;
  from?: string | null;
  until?: string | null;
  description?: string | null;
  recursive?: boolean;
  namespace?: string | null;
  filter?: string | null;
}

/** A send-history row a silence would have silenced. */
export interface SilencePreviewMatch {
  id: string;
  source_event: string;
  resource_type: ResourceType | null;
  resource: { id: string; name: string; type?: string | null } | null;
  created_at: string;
  notification_id: string;
  status: SendStatus;
}

export interface SilencePreview {
  matches: SilencePreviewMatch[];
  total: number;
}

/** POST /api/notification/test's answer. */
export interface TestSendResult {
  status: 'sent' | 'error';
  error?: string;
  duration_millis: number;
  recipients: string[];
}
