/**
 * The UI's one connection to the live-update stream (GET api/events): opened while something
 * listens, closed when nothing does. The browser's EventSource reconnects by itself after a
 * dropped connection (resuming with Last-Event-ID); when the server refuses the stream (signed
 * out, restarting) it gives up, and this opens it again after a pause.
 */
import type { PlatformEvent, ResetEventName } from '../../../server/src/platform/events/types.js';
import { apiUrl } from './fetch.js';

export type { PlatformEvent, PlatformEventName } from '../../../server/src/platform/events/types.js';

const RESET: ResetEventName = 'reset';
const REOPEN_AFTER_MS = 5_000;

/** An event, or null when events may have been missed and everything should be read again. */
export type LiveListener = (event: PlatformEvent | null) => void;

export class LiveEvents {
  private source: EventSource | undefined;
  private readonly listeners = new Map<LiveListener, ReadonlySet<string>>();
  /** Event names the open source has a handler for. */
  private readonly handled = new Set<string>();
  private readonly statusListeners = new Set<() => void>();
  private reopenTimer: ReturnType<typeof setTimeout> | undefined;
  private connected = false;
  /** Set by a failure: the next open may follow missed events. */
  private interrupted = false;

  private readonly reopenAfterMs: number;

  constructor(
    private readonly path = 'api/events',
    options: { reopenAfterMs?: number } = {},
  ) {
    this.reopenAfterMs = options.reopenAfterMs ?? REOPEN_AFTER_MS;
  }

  /** Whether the stream is open now (hooks poll while it is not). */
  isConnected = (): boolean => this.connected;

  /** Calls back when isConnected() changes; returns the unsubscribe function. */
  onStatusChange = (callback: () => void): (() => void) => {
    this.statusListeners.add(callback);
    return () => void this.statusListeners.delete(callback);
  };

  /** Listens to the named events (and to resets); returns the unsubscribe function. */
  subscribe(names: readonly string[], listener: LiveListener): () => void {
    this.listeners.set(listener, new Set(names));
    if (this.source) for (const name of names) this.handle(this.source, name);
    else this.open();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.close();
    };
  }

  private open(): void {
    if (this.source || typeof EventSource === 'undefined') return;
    const source = new EventSource(apiUrl(this.path), { withCredentials: true });
    this.source = source;
    this.handled.clear();
    source.addEventListener('open', () => {
      this.setConnected(true);
      if (!this.interrupted) return;
      // A fresh connection resumes nothing: read again what may have changed meanwhile.
      this.interrupted = false;
      this.dispatch(null);
    });
    source.addEventListener('error', () => {
      this.interrupted = true;
      this.setConnected(false);
      if (source.readyState === EventSource.CLOSED) this.reopenLater();
    });
    source.addEventListener(RESET, () => this.dispatch(null));
    for (const names of this.listeners.values()) for (const name of names) this.handle(source, name);
  }

  private handle(source: EventSource, name: string): void {
    if (this.handled.has(name)) return;
    this.handled.add(name);
    source.addEventListener(name, (message) => {
      try {
        this.dispatch(JSON.parse((message as MessageEvent<string>).data) as PlatformEvent);
      } catch {
        // Not one of ours: nothing to revalidate for it.
      }
    });
  }

  private dispatch(event: PlatformEvent | null): void {
    for (const [listener, names] of this.listeners) {
      if (event === null || names.has(event.name)) listener(event);
    }
  }

  private reopenLater(): void {
    this.source = undefined;
    clearTimeout(this.reopenTimer);
    this.reopenTimer = setTimeout(() => {
      this.reopenTimer = undefined;
      if (this.listeners.size > 0) this.open();
    }, this.reopenAfterMs);
  }

  private close(): void {
    this.interrupted = false;
    clearTimeout(this.reopenTimer);
    this.reopenTimer = undefined;
    this.source?.close();
    this.source = undefined;
    this.setConnected(false);
  }

  private setConnected(connected: boolean): void {
    if (this.connected === connected) return;
    this.connected = connected;
    for (const callback of this.statusListeners) callback();
  }
}

/** The app's stream: one EventSource, whatever number of hooks listen. */
export const liveEvents = new LiveEvents();
