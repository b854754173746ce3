/**
 * Reading a topologies row: its schedule, and the plain values of its spec.
 */
import type { Health, Spec, Status, TopologyRow } from './types.js';

/** canary-checker's schedule for a topology that names none. */
export const DEFAULT_TOPOLOGY_SCHEDULE = '@every 5m';

export const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

export const isRecord = (value: unknown): value is Spec =>
  !!value && typeof value === 'object' && !Array.isArray(value);

export const records = (value: unknown): Spec[] => (Array.isArray(value) ? value.filter(isRecord) : []);

/** The schedule text: spec.schedule, else the column, else the platform's default. */
export function scheduleTextOf(row: Pick<TopologyRow, 'schedule' | 'spec'>): string {
  return text(row.spec?.schedule) ?? text(row.schedule) ?? DEFAULT_TOPOLOGY_SCHEDULE;
}

/** A map of string values (labels); other values are written as text, objects left out. */
export function stringMap(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value))
    if (v !== null && v !== undefined && typeof v !== 'object') out[k] = String(v);
  return out;
}

const HEALTHS = new Set<string>(['healthy', 'unhealthy', 'warning', 'unknown']);
const STATUSES = new Set<string>(['info', 'healthy', 'warning', 'unhealthy', 'unknown']);

export function healthOf(value: unknown): Health | null {
  const v = text(value)?.toLowerCase();
  return v && HEALTHS.has(v) ? (v as Health) : null;
}

export function statusOf(value: unknown): Status | null {
  const v = text(value)?.toLowerCase();
  return v && STATUSES.has(v) ? (v as Status) : null;
}
