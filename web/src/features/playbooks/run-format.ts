// How a run's times and starter read on the runs list and the run page.
import { formatDuration, NO_VALUE, toDate, type DateInput } from '../../lib/format.js';
import type { PersonRef } from './types.js';

/** The time between two moments; up to now while the second has not come. Empty without a start. */
export function durationBetween(start: DateInput, end: DateInput, now: Date = new Date()): string {
  const from = toDate(start);
  if (!from) return '';
  const to = toDate(end) ?? now;
  return formatDuration(Math.max(0, to.getTime() - from.getTime()));
}

const TRIGGER_TEXT: Record<string, string> = {
  manual: 'Manual',
  schedule: 'Schedule',
  webhook: 'Webhook',
};

/** Who or what started a run: the person, else its trigger ('Schedule', 'check.failed'). */
export function triggeredBy(
  creator: PersonRef | null | undefined,
  trigger: string | null | undefined,
): string {
  if (creator?.name) return creator.name;
  if (!trigger) return NO_VALUE;
  return TRIGGER_TEXT[trigger] ?? trigger;
}

/** A moment as a local date and time; the empty mark without one. */
export function formatMoment(value: DateInput): string {
  const date = toDate(value);
  return date ? date.toLocaleString() : NO_VALUE;
}
