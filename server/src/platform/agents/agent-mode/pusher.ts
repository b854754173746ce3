/**
 * Drains the outbox to the hub, oldest first. A batch's entries are removed only after a 2xx;
 * while the hub is away, or refuses the token, the same batch is tried again after a pause that
 * doubles from 1 s to 60 s, so order is kept and nothing is lost. A batch whose content the
 * hub refuses (400, 409, 413, 422) is halved until the row at fault is alone; that row goes to
 * the back of the queue (its parent may come later) and, refused a few times, is dropped with
 * a warning.
 */
import type { Logger } from '../../../http/logging.js';
import type { Db } from '../../db/db.js';
import { HubError, type HubClient } from './client.js';
import { DEFAULT_LIMITS, nextBatch, settle, setAside, type Batch, type BatchLimits } from './outbox.js';
import type { UpstreamStatus } from './state.js';

export interface RetryPolicy {
  firstMs: number;
  maxMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { firstMs: 1000, maxMs: 60_000 };

/** Times the hub may refuse one row before it is dropped. */
export const MAX_REFUSALS = 5;

/** The pause after the n-th failure in a row (n ≥ 1). */
export function retryDelay(failures: number, policy: RetryPolicy = DEFAULT_RETRY): number {
  return Math.min(policy.maxMs, policy.firstMs * 2 ** Math.max(0, failures - 1));
}

export interface OutboxPusherOptions {
  db: Db;
  client: HubClient;
  status: UpstreamStatus;
  log: Logger;
  limits?: BatchLimits;
  retry?: RetryPolicy;
  now?: () => number;
}

export class OutboxPusher {
  private failures = 0;
  private retryAt = 0;
  /** Entries per batch while the hub refuses content: halved until the culprit is alone. */
  private entryLimit: number;
  private lastFailure: string | undefined;
  private readonly limits: BatchLimits;
  private readonly retry: RetryPolicy;
  private readonly now: () => number;

  constructor(private readonly options: OutboxPusherOptions) {
    this.limits = options.limits ?? DEFAULT_LIMITS;
    this.retry = options.retry ?? DEFAULT_RETRY;
    this.now = options.now ?? Date.now;
    this.entryLimit = this.limits.entries;
  }

  /** Milliseconds until the next try (0: now). */
  get waitingMs(): number {
    return Math.max(0, this.retryAt - this.now());
  }

  /** Tries again at once (the hub answered a ping after failures). */
  retryNow(): void {
    this.retryAt = 0;
  }

  /**
   * Pushes batches until the outbox is empty, a push fails (then waits its pause), or the
   * signal aborts. Does nothing while a pause runs. Answers the batches the hub took.
   */
  async drain(signal: AbortSignal): Promise<number> {
    let pushed = 0;
    while (!signal.aborted && this.waitingMs === 0) {
      const batch = await nextBatch(this.options.db, { ...this.limits, entries: this.entryLimit });
      if (!batch) break;
      if (!(await this.send(batch, signal))) break;
      pushed += 1;
    }
    return pushed;
  }

  /** One batch: true when it is settled. */
  private async send(batch: Batch, signal: AbortSignal): Promise<boolean> {
    const { db, client, status, log } = this.options;
    if (batch.rows > 0) {
      try {
        const answer =
          batch.op === 'delete'
            ? await client.remove(batch.data, signal)
            : await client.push(batch.data, signal);
        const details = { op: batch.op, rows: batch.rows, counts: answer.counts, skipped: answer.skipped };
        // Skipped: rows the hub holds for someone else, or naming a row it does not hold as this agent's.
        if (answer.skipped) log.warn(details, `the hub skipped ${answer.skipped} of the rows pushed`);
        else log.debug(details, 'pushed to the hub');
      } catch (error) {
        if (signal.aborted) return false;
        await this.failed(batch, error);
        return false;
      }
      status.pushed();
    }
    await settle(db, batch);
    this.failures = 0;
    this.lastFailure = undefined;
    // Back to full batches: a row the hub refuses further on is found by halving again.
    this.entryLimit = this.limits.entries;
    return true;
  }

  private async failed(batch: Batch, error: unknown): Promise<void> {
    const { db, status, log } = this.options;
    if (!(error instanceof HubError)) throw error;
    if (error.kind === 'rejected') {
      status.answered();
      if (batch.entries.length > 1) {
        this.entryLimit = Math.max(1, Math.floor(batch.entries.length / 2));
        return;
      }
      const entry = batch.entries[0]!;
      const dropped = await setAside(db, entry, MAX_REFUSALS);
      log.warn(
        {
          table: entry.table_name,
          key: entry.pk,
          op: entry.op,
          attempts: entry.attempts + 1,
          reason: error.message,
        },
        dropped
          ? `the hub refused a row ${MAX_REFUSALS} times: dropped from the outbox`
          : 'the hub refused a row: it goes to the back of the outbox',
      );
      return;
    }
    if (error.kind === 'refused') status.refused(error.message);
    else if (error.kind === 'unreachable') status.unreachable(error.message);
    else {
      status.answered();
      if (error.message !== this.lastFailure)
        log.warn({ reason: error.message }, 'pushing to the hub failed; retrying');
    }
    this.lastFailure = error.message;
    this.failures += 1;
    this.retryAt = this.now() + retryDelay(this.failures, this.retry);
  }
}
