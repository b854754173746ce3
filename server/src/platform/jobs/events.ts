import type { Db } from '../db/db.js';
import { claimStatement } from './queue.js';
import type { QueueConsumer, QueueContext } from './types.js';

/** A row of event_queue, as its consumers get it. */
export interface PlatformEvent {
  id: string;
  /** e.g. check.failed, config.updated */
  name: string;
  properties: Record<string, unknown>;
  /** Tries so far, this one included. */
  attempts: number;
  created_at: Date;
}

export type EventHandler = (event: PlatformEvent, ctx: QueueContext) => Promise<void>;

export interface EventQueueOptions {
  /** Tries before an event is given up (left in the table with its error). Default 5. */
  maxAttempts?: number;
  /** The wait after the first failure, doubled after each next one (default 10 s)... */
  backoffMs?: number;
  /** ...up to this (default 1 hour). */
  maxBackoffMs?: number;
  /** How long a claimed event stays taken: a replica that died handling it lets it go then (default 5 min). */
  leaseMs?: number;
  batchSize?: number;
  pollMs?: number;
}

/** The wait before the next try of an event that failed its `attempts`-th try (pure). */
export function backoffAfter(attempts: number, backoffMs: number, maxBackoffMs: number): number {
  return Math.min(maxBackoffMs, backoffMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * event_queue.next_attempt_at (migration 0017): null without an error, waiting for its first
 * try; a time, taken until then (lease) or to be tried again then; null with an error, given up.
 * The two due sets are claimed apart, each through its own index (event_queue_next_attempt_idx,
 * event_queue_fresh_idx): one statement with both under an OR scans and sorts the whole queue,
 * which after a large scrape holds a hundred thousand events.
 */
const RETRY_DUE = 'next_attempt_at <= now()';
const FRESH = 'error is null and next_attempt_at is null';
const DUE = `((${FRESH}) or ${RETRY_DUE})`;
const claimOf = (due: string) =>
  claimStatement({
    table: 'event_queue',
    due: `${due} and name = any($3::text[])`,
    orderBy: 'priority desc, created_at',
    set: `attempts = attempts + 1, last_attempt = now(), next_attempt_at = now() + $2::float8 * interval '1 millisecond'`,
    returning: 'id, name, properties, attempts, created_at',
  });
const CLAIM_RETRIES = claimOf(RETRY_DUE);
const CLAIM_FRESH = claimOf(FRESH);

/**
 * The names in the queue, read as a skip over its name index: a few probes however long the
 * queue is, where reading the events would scan it whole at every claim.
 */
const NAMES_PRESENT = `with recursive present (name) as (
    (select name from event_queue order by name limit 1)
    union all
    select (select e.name from event_queue e where e.name > present.name order by e.name limit 1)
    from present where present.name is not null
  )
  select name from present where name is not null`;
/** Due events of names no consumer wants, deleted so they never pile up. */
const SWEEP = `delete from event_queue where name = any($1::text[]) and ${DUE}`;

/**
 * Platform events: consumers register by event name; the dispatcher (a queue consumer of the
 * jobs registry) claims events, runs every consumer of the name, deletes the event once they
 * all succeeded, and on a failure records it (attempts, last_attempt, error) and tries again
 * after a backoff, all of them: consumers must bear being called twice for one event. Events
 * nobody consumes are deleted when seen, so they do not pile up.
 */
export class PlatformEvents {
  private readonly handlers = new Map<string, EventHandler[]>();

  on(name: string, handler: EventHandler): void {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), handler]);
  }

  consumer(db: Db, options: EventQueueOptions = {}): QueueConsumer<PlatformEvent> {
    const maxAttempts = options.maxAttempts ?? 5;
    const backoffMs = options.backoffMs ?? 10_000;
    const maxBackoffMs = options.maxBackoffMs ?? 3_600_000;
    const leaseMs = options.leaseMs ?? 300_000;
    return {
      queue: 'event_queue',
      batchSize: options.batchSize,
      pollMs: options.pollMs,
      claim: async (limit) => {
        const names = [...this.handlers.keys()];
        const present = (await db.query<{ name: string }>(NAMES_PRESENT)).rows.map((row) => row.name);
        const unwanted = present.filter((name) => !this.handlers.has(name));
        if (unwanted.length > 0) await db.query(SWEEP, [unwanted]);
        const retries = (await db.query<PlatformEvent>(CLAIM_RETRIES, [limit, leaseMs, names])).rows;
        if (retries.length >= limit) return retries;
        const fresh = await db.query<PlatformEvent>(CLAIM_FRESH, [limit - retries.length, leaseMs, names]);
        return [...retries, ...fresh.rows];
      },
      handle: async (event, ctx) => {
        try {
          for (const handler of this.handlers.get(event.name) ?? []) await handler(event, ctx);
        } catch (error) {
          if (ctx.signal.aborted) {
            // Stopping is not the event's fault: another replica, or the next start, tries it.
            await db.query(`update event_queue set next_attempt_at = now() where id = $1`, [event.id]);
            return;
          }
          const retryIn =
            event.attempts >= maxAttempts ? null : backoffAfter(event.attempts, backoffMs, maxBackoffMs);
          await db.query(
            `update event_queue set error = $2, next_attempt_at = now() + $3::float8 * interval '1 millisecond'
              where id = $1`,
            [event.id, error instanceof Error ? error.message : String(error), retryIn],
          );
          return;
        }
        await db.query(`delete from event_queue where id = $1`, [event.id]);
      },
    };
  }
}
