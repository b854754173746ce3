import type { Logger } from '../../http/logging.js';
import { isDatabaseUnavailable, logDatabaseUnavailable } from '../db/unavailable.js';
import type { QueueConsumer } from './types.js';

/**
 * The UPDATE that claims up to `$1` due rows of a queue table in one statement: the rows are
 * locked with FOR UPDATE SKIP LOCKED (two claimers never wait for, nor get, the same row) and
 * marked taken by `set` before the transaction ends. Names and clauses are the caller's
 * constants, never request input; values are bound parameters ($2 onwards).
 */
export function claimStatement(queue: {
  table: string;
  /** Which rows are due. */
  due: string;
  orderBy: string;
  /** What marks a row taken (so it stops being due). */
  set: string;
  returning: string;
}): string {
  return `update ${queue.table} set ${queue.set}
     where id in (select id from ${queue.table} where ${queue.due}
                  order by ${queue.orderBy} limit $1 for update skip locked)
     returning ${queue.returning}`;
}

/** A queue consumer's loop: claim a batch, handle it, look again (at once while the queue is full). */
export class QueueLoop<Item> {
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;

  constructor(
    readonly consumer: QueueConsumer<Item>,
    private readonly log: Logger,
  ) {}

  start(signal: AbortSignal): void {
    this.loop ??= this.run(signal).finally(() => (this.loop = undefined));
  }

  /** Looks at the queue now rather than after the poll interval. */
  wake(): void {
    this.wakeUp?.();
  }

  /** Resolves once the batch in hand is handled (its handlers see the signal aborted). */
  async stop(): Promise<void> {
    this.wake();
    await this.loop;
  }

  private async run(signal: AbortSignal): Promise<void> {
    const { consumer } = this;
    const batch = consumer.batchSize ?? 20;
    const ctx = { signal, log: this.log };
    while (!signal.aborted) {
      let items: Item[] = [];
      try {
        items = await consumer.claim(batch);
      } catch (error) {
        // An outage fails every claim, each poll: one line for the burst rather than one a second.
        if (signal.aborted) continue;
        if (isDatabaseUnavailable(error)) logDatabaseUnavailable(this.log, error);
        else this.log.warn({ err: error }, 'claiming queued items failed');
      }
      await Promise.all(
        items.map((item) =>
          consumer
            .handle(item, ctx)
            .catch((error: unknown) => this.log.warn({ err: error }, 'handling a queued item failed')),
        ),
      );
      if (items.length < batch) await this.sleep(consumer.pollMs ?? 1000, signal);
    }
  }

  private sleep(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        this.wakeUp = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      signal.addEventListener('abort', done, { once: true });
      this.wakeUp = done;
    });
  }
}
