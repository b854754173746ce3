/** The playbooks part's pure pieces: the runs list's requests, and the figures of a queue of runs. */
import { summarize } from './stats.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The columns and embeds the runs list page asks for (web/src/features/playbooks). */
export const RUN_LIST_SELECT = [
  'id,playbook_id,status,parameters,component_id,config_id,check_id,scheduled_time,start_time,end_time,error,trigger,created_by,created_at',
  'playbook:playbook_id(id,name,title,icon)',
  'creator:created_by(id,name,avatar)',
  'component:component_id(id,name)',
  'config:config_id(id,name,type)',
  'check:check_id(id,name)',
].join(',');

/**
 * The runs list as the page asks for it (with `Prefer: count=exact`): created in the last 7 days
 * (the default range), newest first, the first page of 50; then filtered by one playbook, and
 * by one status.
 */
export function runListPaths(now: Date, playbookId: string, status: string) {
  const since = new Date(now.getTime() - 7 * DAY_MS).toISOString();
  const list =
    `api/db/playbook_runs?select=${encodeURIComponent(RUN_LIST_SELECT)}` +
    `&created_at=gte.${encodeURIComponent(since)}&order=created_at.desc.nullslast,id.asc&offset=0&limit=50`;
  return {
    list,
    byPlaybook: `${list}&playbook_id=eq.${encodeURIComponent(playbookId)}`,
    byStatus: `${list}&status=eq.${encodeURIComponent(status)}`,
  };
}

/** A run as the bench polls it. */
export interface QueuedRun {
  status: string;
  created_at: string;
  start_time: string | null;
  end_time: string | null;
}

export interface QueueFigures {
  /** Runs with an end time. */
  ended: number;
  /** Ended runs whose status is not completed. */
  notCompleted: number;
  /** Runs ended per second, from the first POST to the last end; NaN when none ended. */
  perSecond: number;
  /** The delay from POST (the row's created_at) to started (start_time), p95 over the started runs. */
  startDelayP95: number;
  started: number;
  /** The delay from POST to ended (end_time), p95 over the ended runs. */
  endDelayP95: number;
}

/** The figures of a queue of runs, the first POST sent at `firstPostMs` (epoch ms). */
export function queueFigures(runs: readonly QueuedRun[], firstPostMs: number): QueueFigures {
  const ended = runs.filter((run) => run.end_time);
  const lastEnd = Math.max(...ended.map((run) => Date.parse(run.end_time!)));
  const delays = runs
    .filter((run) => run.start_time)
    .map((run) => Date.parse(run.start_time!) - Date.parse(run.created_at));
  return {
    ended: ended.length,
    notCompleted: ended.filter((run) => run.status !== 'completed').length,
    perSecond:
      ended.length > 0 && lastEnd > firstPostMs ? ended.length / ((lastEnd - firstPostMs) / 1000) : NaN,
    startDelayP95: summarize(delays).p95,
    started: delays.length,
    endDelayP95: summarize(ended.map((run) => Date.parse(run.end_time!) - Date.parse(run.created_at))).p95,
  };
}

/** Calls fn for 0..n-1, `size` at a time (a batch starts when the one before has settled). */
export async function inBatches<T>(n: number, size: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < n; start += size) {
    const batch = Array.from({ length: Math.min(size, n - start) }, (_, k) => fn(start + k));
    results.push(...(await Promise.all(batch)));
  }
  return results;
}
