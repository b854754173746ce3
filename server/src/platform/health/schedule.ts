/** The canary side of scheduling: which text a canary's schedule is read from (jobs/schedule.ts reads it). */
export const DEFAULT_SCHEDULE = '@every 5m';

interface CanaryScheduleSource {
  schedule?: string | null;
  spec?: { schedule?: unknown; interval?: unknown } | null;
}

/**
 * The schedule text of a canary: the canaries.schedule column, else spec.schedule, else
 * spec.interval (seconds), else '@every 5m'.
 */
export function scheduleTextOf(canary: CanaryScheduleSource): string {
  if (canary.schedule && canary.schedule.trim()) return canary.schedule.trim();
  const spec = canary.spec ?? {};
  if (typeof spec.schedule === 'string' && spec.schedule.trim()) return spec.schedule.trim();
  const interval = spec.interval;
  if (typeof interval === 'number' || (typeof interval === 'string' && interval.trim())) {
    const seconds = Number(interval);
    if (!Number.isFinite(seconds) || seconds <= 0 || !Number.isInteger(seconds))
      return `@every ${String(interval).trim()}`; // parseSchedule then says what is wrong with it
    return `@every ${seconds}s`;
  }
  return DEFAULT_SCHEDULE;
}
