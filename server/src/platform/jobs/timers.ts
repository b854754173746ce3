import type { Logger } from '../../http/logging.js';

/** Intervals a registry hands to its services: cleared together, their calls in flight awaited. */
export class Timers {
  private readonly intervals = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly log: Logger) {}

  /** Calls fn every ms; a call still running when the next is due is not doubled. */
  every(ms: number, fn: () => Promise<void> | void): void {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      const call = Promise.resolve()
        .then(fn)
        .catch((error: unknown) => this.log.warn({ err: error }, 'a periodic job failed'))
        .finally(() => {
          running = false;
          this.inFlight.delete(call);
        });
      this.inFlight.add(call);
    }, ms);
    timer.unref();
    this.intervals.add(timer);
  }

  /** Stops every interval; resolves when the calls in flight have settled. */
  async clear(): Promise<void> {
    for (const timer of this.intervals) clearInterval(timer);
    this.intervals.clear();
    await Promise.allSettled([...this.inFlight]);
  }
}
