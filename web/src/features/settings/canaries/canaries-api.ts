import { getRow, PLAIN_MESSAGES, rowKey } from '../../spec-editor/index.js';

/** A canaries row: the definition of a set of health checks (spec 3 §3 Health check). */
export interface Canary {
  id: string;
  name: string;
  namespace: string;
  icon: string | null;
  labels: Record<string, string> | null;
  schedule: string | null;
  spec: Record<string, unknown> | null;
  /** 'UI' for rows made here; anything else (KubernetesCRD, ...) is managed elsewhere. */
  source: string | null;
  agent_id: string;
  /** Its agent's name (getRow embeds it). */
  agent?: { id: string; name: string } | null;
  created_by: string | null;
  created_at: string;
  updated_at: string | null;
  deleted_at: string | null;
}

/** What the editor writes besides name and namespace. */
export type CanaryFields = Pick<Canary, 'icon' | 'labels' | 'schedule' | 'spec'>;

export const DEFAULT_SCHEDULE = '@every 5m';

export const CANARY_MESSAGES = {
  ...PLAIN_MESSAGES,
  savedInfo: 'Saved. Its checks will run within a few seconds.',
} as const;

export const canaryKey = (id: string) => rowKey('canaries', id);

export const getCanary = (id: string) => getRow<Canary>('canaries', id);

/** Where canary specs written in YAML are checked: problems at their lines. */
export const VALIDATE_PATH = 'api/specs/canaries/validate';
export const SCHEMA_PATH = 'api/specs/canaries/schema';
