/**
 * A scrape's counts as one sentence for the "Run now" toast. The platform records them per
 * config type (`{ "Kubernetes::Pod": { added, updated, ... } }`) or as one set of counts, under
 * `scrape_summary` of the job's details, or answers them from the run itself.
 */
const COUNTS = ['added', 'updated', 'unchanged', 'deleted'] as const;
type Count = (typeof COUNTS)[number] | 'errors';
export type ScrapeCounts = Record<Count, number>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const numberOf = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const errorCount = (value: unknown) => (Array.isArray(value) ? value.length : numberOf(value));

const hasCounts = (value: Record<string, unknown>) =>
  [...COUNTS, 'errors'].some((key) => typeof value[key] === 'number' || Array.isArray(value[key]));

function total(parts: Record<string, unknown>[], errors: unknown): ScrapeCounts {
  const sum: ScrapeCounts = { added: 0, updated: 0, unchanged: 0, deleted: 0, errors: 0 };
  for (const part of parts) {
    for (const key of COUNTS) sum[key] += numberOf(part[key]);
    sum.errors += errorCount(part.errors);
  }
  if (sum.errors === 0) sum.errors = errorCount(errors);
  return sum;
}

/**
 * The counts in what the platform gave back: the run's own totals first, else its summary (one
 * set of counts, or one per config type); null when it holds none.
 */
export function scrapeCounts(source: unknown): ScrapeCounts | null {
  if (!isRecord(source)) return null;
  if (hasCounts(source)) return total([source], undefined);
  const summary = source.scrape_summary ?? source.summary;
  if (!isRecord(summary)) return null;
  const parts = hasCounts(summary) ? [summary] : Object.values(summary).filter(isRecord).filter(hasCounts);
  return parts.length === 0 ? null : total(parts, source.errors);
}

/** The job status a run answered or recorded ('SUCCESS', 'FAILED', ...), if it says one. */
export const scrapeStatus = (source: unknown): string | undefined =>
  isRecord(source) && typeof source.status === 'string' ? source.status : undefined;

/** 'Scrape finished: 3 added, 1 updated, 10 unchanged, 0 deleted' (and the errors when any). */
export function describeScrape(counts: ScrapeCounts): string {
  const text = COUNTS.map((key) => `${counts[key]} ${key}`).join(', ');
  const errors = counts.errors > 0 ? `, ${counts.errors} ${counts.errors === 1 ? 'error' : 'errors'}` : '';
  return `Scrape finished: ${text}${errors}`;
}

/** The first error a run answered or a job recorded, as text. */
export function firstError(source: unknown): string | undefined {
  if (!isRecord(source) || !Array.isArray(source.errors)) return undefined;
  const [first] = source.errors as unknown[];
  if (typeof first === 'string') return first;
  return isRecord(first) && typeof first.message === 'string' ? first.message : undefined;
}
