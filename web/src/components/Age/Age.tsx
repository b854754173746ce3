import { useEffect, useState } from 'react';
import { type DateInput, formatAge, formatPastAge, toDate } from '../../lib/format.js';

const MINUTE = 60_000;

export interface AgeProps {
  from: DateInput;
  /** 'ago' / 'in' around the distance; default true. */
  suffix?: boolean;
  /** Render nothing when the date is older than this (spec 1 §4: status ages older than 7 days). */
  hideOlderThanMs?: number;
  /** Render nothing until the date is at least this old. */
  minimumAgeMs?: number;
  /** The date may lie ahead (an expiry): 'in 3 days'. Otherwise it is a past moment, never shown ahead. */
  future?: boolean;
}

/**
 * '5 minutes ago' in a <time> element, kept current by re-rendering each minute. "Now" is read
 * at every render: a newer date from the server (a run just made) must not meet an older "now".
 */
export function Age({ from, suffix = true, hideOlderThanMs, minimumAgeMs, future = false }: AgeProps) {
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), MINUTE);
    return () => clearInterval(timer);
  }, []);

  const date = toDate(from);
  if (!date) return null;
  const now = new Date();
  const age = future ? now.getTime() - date.getTime() : Math.max(0, now.getTime() - date.getTime());
  if (hideOlderThanMs !== undefined && age > hideOlderThanMs) return null;
  if (minimumAgeMs !== undefined && age < minimumAgeMs) return null;
  return (
    <time dateTime={date.toISOString()} title={date.toLocaleString()}>
      {(future ? formatAge : formatPastAge)(date, now, suffix)}
    </time>
  );
}
