/**
 * The fan-out hub of the live-update stream: one LISTEN on the database's `platform_events`
 * channel (0016_platform_events.sql) per server process, a bounded ring of recent events for
 * clients that resume, and the subscribers (one per open stream).
 */
import type { Logger } from '../../http/logging.js';
import type { Db, Unlisten } from '../db/db.js';
import type { PlatformEvent } from './types.js';

export const PLATFORM_EVENTS_CHANNEL = 'platform_events';

/** What a subscriber receives: an event, or word that events may have been missed. */
export type HubMessage = { kind: 'event'; event: PlatformEvent } | { kind: 'reset'; lastSeq?: number };

export type Subscriber = (message: HubMessage) => void;

export interface EventHubOptions {
  db: Db;
  logger: Logger;
  /** How many recent events a reconnecting client can resume from. */
  ringSize?: number;
}

function parsePayload(payload: string): PlatformEvent | undefined {
  try {
    const value = JSON.parse(payload) as Partial<PlatformEvent>;
    if (typeof value.seq !== 'number' || typeof value.name !== 'string') return undefined;
    const ids = value.ids && typeof value.ids === 'object' ? value.ids : {};
    return { seq: value.seq, name: value.name, ids };
  } catch {
    return undefined;
  }
}

export class EventHub {
  private ring: PlatformEvent[] = [];
  private readonly subscribers = new Set<Subscriber>();
  private listening: Promise<Unlisten> | undefined;
  private readonly ringSize: number;

  constructor(private readonly options: EventHubOptions) {
    this.ringSize = options.ringSize ?? 1000;
  }

  /** Starts listening, once; a failed start is tried again by the next call. */
  async start(): Promise<void> {
    this.listening ??= this.options.db.listen(PLATFORM_EVENTS_CHANNEL, (payload) => this.receive(payload), {
      onConnectionChange: (state) => this.connectionChanged(state),
    });
    try {
      await this.listening;
    } catch (error) {
      this.listening = undefined;
      throw error;
    }
  }

  async stop(): Promise<void> {
    const listening = this.listening;
    this.listening = undefined;
    this.subscribers.clear();
    await (
      await listening?.catch(() => undefined)
    )?.();
  }

  /**
   * Adds a subscriber. With `afterSeq` (a resuming client's Last-Event-ID), it first receives
   * the ring's events after that one, or a reset when that event is no longer in the ring.
   * Returns the unsubscribe function.
   */
  subscribe(subscriber: Subscriber, afterSeq?: number): () => void {
    if (afterSeq !== undefined) {
      const at = this.ring.findIndex((event) => event.seq === afterSeq);
      if (at < 0) subscriber({ kind: 'reset', lastSeq: this.ring.at(-1)?.seq });
      else for (const event of this.ring.slice(at + 1)) subscriber({ kind: 'event', event });
    }
    this.subscribers.add(subscriber);
    return () => void this.subscribers.delete(subscriber);
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  private receive(payload: string): void {
    const event = parsePayload(payload);
    if (!event) {
      this.options.logger.warn({ payload }, 'ignored a malformed platform event notification');
      return;
    }
    this.ring.push(event);
    if (this.ring.length > this.ringSize) this.ring.splice(0, this.ring.length - this.ringSize);
    this.broadcast({ kind: 'event', event });
  }

  private connectionChanged({ connected, error }: { connected: boolean; error?: Error }): void {
    if (!connected) {
      this.options.logger.warn(
        { err: error },
        'live-update listener lost its database connection; reconnecting',
      );
      return;
    }
    this.options.logger.info('live-update listener reconnected');
    // Whatever was announced while it was away is missing from the ring: nobody can resume
    // across the gap, and everyone connected now revalidates.
    this.ring = [];
    this.broadcast({ kind: 'reset' });
  }

  private broadcast(message: HubMessage): void {
    for (const subscriber of this.subscribers) subscriber(message);
  }
}
