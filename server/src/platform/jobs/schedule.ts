import { Cron } from 'croner';
import { durationMs } from '../../lib/duration.js';

/** When something runs: `@every 30s` (also `@every 1h30m`), a cron line, or `@hourly`/`@daily`/`@weekly`... */
export interface Schedule {
  /** The text it was read from. */
  readonly text: string;
  /** The first run time strictly after `from`. */
  next(from: Date): Date;
}

/** A schedule that cannot be read; the message says why, in words. */
export class ScheduleError extends Error {}

/** Shorter intervals would hammer targets and the database for no one's benefit. */
const MIN_INTERVAL_MS = 1000;

/** `30s`, `1h30m`, `500ms` → milliseconds; undefined when the text is not such a duration. */
export function parseInterval(text: string): number | undefined {
  return durationMs(text, { units: ['ms', 's', 'm', 'h'], decimals: false });
}

function everySchedule(text: string, ms: number): Schedule {
  if (ms < MIN_INTERVAL_MS) throw new ScheduleError(`'${text}' is shorter than the smallest interval, 1s`);
  return intervalSchedule(ms, text);
}

/** Every `ms` milliseconds after the previous run (no lower bound: for the console's own tasks). */
export function intervalSchedule(ms: number, text = `@every ${ms}ms`): Schedule {
  if (!(ms > 0)) throw new ScheduleError(`an interval must be positive, not ${ms}`);
  return { text, next: (from) => new Date(from.getTime() + ms) };
}

/** Reads a schedule; throws ScheduleError naming the problem. */
export function parseSchedule(text: string): Schedule {
  const trimmed = text.trim();
  if (!trimmed) throw new ScheduleError('the schedule is empty');
  const every = /^@every\s+(.+)$/i.exec(trimmed);
  if (every) {
    const ms = parseInterval(every[1]!);
    if (ms === undefined)
      throw new ScheduleError(`'${trimmed}' is not '@every' followed by a duration such as 30s, 5m or 1h30m`);
    return everySchedule(trimmed, ms);
  }
  let cron: Cron;
  try {
    cron = new Cron(trimmed, { paused: true });
  } catch (error) {
    throw new ScheduleError(`'${trimmed}' is not a cron schedule: ${(error as Error).message}`);
  }
  const probe = cron.nextRun(new Date());
  if (!probe) throw new ScheduleError(`'${trimmed}' never runs`);
  return {
    text: trimmed,
    next(from) {
      // croner answers null past its horizon; a year out keeps the job idle rather than stuck.
      return cron.nextRun(from) ?? new Date(from.getTime() + 365 * 86_400_000);
    },
  };
}
