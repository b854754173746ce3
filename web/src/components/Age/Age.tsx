import { useEffect, useState } from 'react';
import { type DateInput, formatAge, toDate } from '../../lib/format.js';

const MINUTE = 60_000;

export interface AgeProps {
  from: DateInput;
  /** 'ago' / 'in' around the distance; default true. */
  suffix?: boolean;
  /** Render nothing when the date is older than this (spec 1 §4: status ages older than 7 days). */
  hideOlderThanMs?: number;
  /** Render nothing until the date is at least this old. */
  minimumAgeMs?: number;
}

/** '5 minutes ago' in a <time> element, kept current by re-rendering each minute. */
export function Age({ from, suffix = true, hideOlderThanMs, minimumAgeMs }: AgeProps) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), MINUTE);
    return () => clearInterval(timer);
  }, []);

  const date = toDate(from);
  if (!date) return null;
  const age = now.getTime() - date.getTime();
  if (hideOlderThanMs !== undefined && age > hideOlderThanMs) return null;
  if (minimumAgeMs !== undefined && age < minimumAgeMs) return null;
  return (
    <time dateTime={date.toISOString()} title={date.toLocaleString()}>
      {formatAge(date, now, suffix)}
    </time>
  );
}
