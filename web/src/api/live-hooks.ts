import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { liveEvents, type LiveEvents, type PlatformEvent, type PlatformEventName } from './live.js';

/** How often data hooks poll while the live stream is down. */
export const FALLBACK_POLL_MS = 15_000;

/** Whether the live-update stream is open. */
export function useLiveConnected(events: LiveEvents = liveEvents): boolean {
  return useSyncExternalStore(events.onStatusChange, events.isConnected, () => false);
}

/**
 * The SWR refreshInterval for data that live events keep fresh: `pollMs` (0: none) while the
 * stream is open; while it is down, at most FALLBACK_POLL_MS.
 */
export function useLivePollInterval(pollMs = 0, events: LiveEvents = liveEvents): number {
  const connected = useLiveConnected(events);
  if (connected) return pollMs;
  return pollMs > 0 ? Math.min(pollMs, FALLBACK_POLL_MS) : FALLBACK_POLL_MS;
}

export interface LiveRevalidateOptions {
  /** Only events this accepts revalidate (e.g. those about the check on screen); default all. */
  matches?: (event: PlatformEvent) => boolean;
  events?: LiveEvents;
}

/**
 * Runs `revalidate` (an SWR mutate) when one of the named events arrives, and when the stream
 * says events may have been missed. Events that come while a revalidation runs make one more
 * run after it, not one each.
 */
export function useLiveRevalidate(
  names: readonly PlatformEventName[],
  revalidate: () => unknown,
  { matches, events = liveEvents }: LiveRevalidateOptions = {},
): void {
  const latest = useRef({ revalidate, matches });
  latest.current = { revalidate, matches };
  const key = names.join(',');
  useEffect(() => {
    let running = false;
    let again = false;
    const run = async () => {
      if (running) return void (again = true);
      running = true;
      try {
        do {
          again = false;
          await Promise.resolve(latest.current.revalidate()).catch(() => {});
        } while (again);
      } finally {
        running = false;
      }
    };
    return events.subscribe(key.split(','), (event) => {
      if (event === null || (latest.current.matches?.(event) ?? true)) void run();
    });
  }, [key, events]);
}

/**
 * A counter for views that reload as a whole when it changes (a drawer whose queries all depend
 * on one version): it goes up when one of the named events arrives (that `matches` accepts), and
 * every FALLBACK_POLL_MS while the stream is down.
 */
export function useLiveVersion(
  names: readonly PlatformEventName[],
  { matches, events = liveEvents }: LiveRevalidateOptions = {},
): number {
  const [version, setVersion] = useState(0);
  const connected = useLiveConnected(events);
  useLiveRevalidate(names, () => setVersion((n) => n + 1), { matches, events });
  useEffect(() => {
    if (connected) return;
    const timer = setInterval(() => setVersion((n) => n + 1), FALLBACK_POLL_MS);
    return () => clearInterval(timer);
  }, [connected]);
  return version;
}
