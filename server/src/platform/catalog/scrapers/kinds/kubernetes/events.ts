/**
 * Kubernetes Events (v1) as changes of the objects they are about: change type = reason,
 * summary = message, the event's uid as external change id (an event seen again — its count
 * raised — is the same change, counted), severity from the entry's `event.severityKeywords`
 * (error → high, warn → warning) and else the event's type (Warning → warning, else info),
 * `event.exclusions` honoured. Only events newer than the ones already reported are reported:
 * each scraper keeps a cursor, started from its last stored Event change (or `since`).
 */
import { durationMs } from '../../../../../lib/duration.js';
import type { Queryable } from '../../../../db/db.js';
import type { ScrapedChange } from '../../types.js';
import { indexKey, type KubernetesEntry } from './entry.js';
import { eventExcluded, matchItems } from './exclusions.js';
import { typeOf, type KubeObject } from './objects.js';

export const EVENT_SOURCE = 'Kubernetes/Event';

export interface KubeEvent {
  metadata: {
    uid?: string;
    name?: string;
    namespace?: string;
    creationTimestamp?: string;
    managedFields?: unknown;
  };
  involvedObject?: { kind?: string; name?: string; namespace?: string; uid?: string; apiVersion?: string };
  reason?: string;
  message?: string;
  type?: string;
  count?: number;
  firstTimestamp?: string | null;
  lastTimestamp?: string | null;
  eventTime?: string | null;
  source?: { component?: string; host?: string };
  series?: { lastObservedTime?: string; count?: number };
}

const dateOf = (text: unknown) => {
  if (typeof text !== 'string' || !text) return undefined;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

/** When the event last happened. */
export function lastSeen(event: KubeEvent): Date | undefined {
  return (
    dateOf(event.series?.lastObservedTime) ??
    dateOf(event.lastTimestamp) ??
    dateOf(event.eventTime) ??
    dateOf(event.metadata.creationTimestamp)
  );
}

function severityOf(event: KubeEvent, entry: KubernetesEntry): ScrapedChange['severity'] {
  const reason = event.reason ?? '';
  const { error, warn } = entry.event.severityKeywords;
  if (reason && error.length && matchItems(reason, error)) return 'high';
  if (reason && warn.length && matchItems(reason, warn)) return 'warning';
  return event.type === 'Warning' ? 'warning' : 'info';
}

/** The change an event makes, or undefined when it is excluded or about nothing. */
export function changeOf(event: KubeEvent, entry: KubernetesEntry): ScrapedChange | undefined {
  const involved = event.involvedObject;
  if (!involved?.kind || !involved.name || eventExcluded(entry, event)) return undefined;
  const type = typeOf(involved.kind);
  const { managedFields: _managed, ...metadata } = event.metadata;
  const { involvedObject: _involved, ...details } = { ...event, metadata };
  const happened = lastSeen(event);
  const first =
    dateOf(event.firstTimestamp) ?? dateOf(event.eventTime) ?? dateOf(event.metadata.creationTimestamp);
  return {
    ...(event.metadata.uid ? { externalChangeId: event.metadata.uid } : {}),
    config: involved.uid
      ? { type, externalId: involved.uid }
      : { type, name: involved.name, ...(involved.namespace ? { namespace: involved.namespace } : {}) },
    changeType: event.reason || 'Event',
    severity: severityOf(event, entry),
    source: EVENT_SOURCE,
    ...(event.message ? { summary: event.message } : {}),
    details,
    ...(event.source?.component ? { createdBy: event.source.component } : {}),
    ...(happened ? { createdAt: happened } : {}),
    ...(first ? { firstObserved: first } : {}),
  };
}

/** How long before the newest event reported ones are remembered. */
const REMEMBERED_MS = 10 * 60_000;

/**
 * Which events a scraper has reported: those that happened before `since` are old, and the ones
 * at or after it are told apart by uid and count (the same event seen again with a higher count
 * is new).
 */
export class EventCursor {
  private since: Date | undefined;
  private readonly reported = new Map<string, number>();

  constructor(since?: Date) {
    this.since = since;
  }

  /**
   * Whether the event is news, marking it reported. A `live` event (from a watch, so written
   * since the watch started) is news whatever its time says: clocks of the components that
   * report events differ.
   */
  take(event: KubeEvent, live = false): boolean {
    const happened = lastSeen(event);
    if (!live && this.since && happened && happened < this.since) return false;
    const key = `${event.metadata.uid ?? event.metadata.name}@${happened?.toISOString() ?? ''}`;
    const count = event.series?.count ?? event.count ?? 1;
    if ((this.reported.get(key) ?? 0) >= count) return false;
    this.reported.set(key, count);
    return true;
  }

  /**
   * After a scrape: starts from the newest event it saw, and forgets what it reported well
   * before (a watched event can be older than `since` by the reporters' clock differences).
   */
  advance(events: readonly KubeEvent[]): void {
    let newest = this.since;
    for (const event of events) {
      const happened = lastSeen(event);
      if (happened && (!newest || happened > newest)) newest = happened;
    }
    if (!newest) return;
    this.since = newest;
    const floor = new Date(newest.getTime() - REMEMBERED_MS).toISOString();
    for (const key of this.reported.keys()) if ((key.split('@')[1] ?? '') < floor) this.reported.delete(key);
  }
}

const cursors = new Map<string, Promise<EventCursor>>();

/** Where a scraper's events start: its newest stored Event change, else `since` ago, else the beginning. */
async function startOf(db: Queryable, scraperId: string, entry: KubernetesEntry): Promise<Date | undefined> {
  const { rows } = await db.query<{ newest: Date | string | null }>(
    `select max(c.created_at) as newest from config_changes c join configs i on i.id = c.config_id
      where i.scraper_id = $1 and c.source = $2`,
    [scraperId, EVENT_SOURCE],
  );
  const newest = rows[0]?.newest ? new Date(rows[0].newest) : undefined;
  const window = entry.since ? durationMs(entry.since) : undefined;
  const since = window === undefined ? undefined : new Date(Date.now() - window);
  if (newest && since) return newest > since ? newest : since;
  return newest ?? since;
}

/** The cursor of a scraper (one per scraper and cluster name, kept while the process runs). */
export function cursorFor(db: Queryable, scraperId: string, entry: KubernetesEntry): Promise<EventCursor> {
  const key = indexKey({ scraper: { id: scraperId } }, entry);
  let cursor = cursors.get(key);
  if (!cursor) {
    cursor = startOf(db, scraperId, entry).then((since) => new EventCursor(since));
    cursor.catch(() => cursors.delete(key));
    cursors.set(key, cursor);
  }
  return cursor;
}

/** The changes of the events that are news to the cursor (`live`: events a watch reported). */
export function changesOf(
  events: readonly KubeEvent[],
  entry: KubernetesEntry,
  cursor: EventCursor,
  { live = false } = {},
): ScrapedChange[] {
  const changes: ScrapedChange[] = [];
  for (const event of events) {
    if (!cursor.take(event, live)) continue;
    const change = changeOf(event, entry);
    if (change) changes.push(change);
  }
  cursor.advance(events);
  return changes;
}

export const asEvent = (object: KubeObject | KubeEvent) => object as unknown as KubeEvent;
