/** API shapes of the live-update stream (/api/events); the web imports them as types. */

/** The events the database queues (0016_platform_events.sql; spec 2 §4's rule events). */
export type PlatformEventName =
  | 'check.passed'
  | 'check.failed'
  | `component.${Health}`
  | `config.${Health}`
  | 'config.created'
  | 'config.updated'
  | 'config.deleted';
type Health = 'healthy' | 'unhealthy' | 'warning' | 'unknown';

/**
 * One platform event as the stream sends it: the SSE `id:` is `seq`, `event:` is `name`, and
 * `data:` is this object as JSON.
 */
export interface PlatformEvent {
  /** Increases with every event the database announces, across replicas and restarts. */
  seq: number;
  /** e.g. check.failed, component.unhealthy, config.updated (spec 2 §4). */
  name: string;
  /** The rows it names: `id` (the check, component or config) and any `*_id` it carries. */
  ids: Record<string, string>;
}

/** The stream's event name for "events may have been missed: revalidate everything". */
export type ResetEventName = 'reset';
export const RESET_EVENT: ResetEventName = 'reset';
