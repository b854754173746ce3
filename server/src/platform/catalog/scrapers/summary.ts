/** What one scrape did, as the platform's scrape_summary counts it (per config type). */
export interface TypeSummary {
  added: number;
  updated: number;
  unchanged: number;
  deleted: number;
}

export interface ScrapeSummary extends TypeSummary {
  /** Changes written (new ones, and repeats of known ones counted again). */
  changes: number;
  errors: string[];
  /** The same counts per config type: job_histories.details.scrape_summary. */
  byType: Record<string, TypeSummary>;
}

export function emptySummary(): ScrapeSummary {
  return { added: 0, updated: 0, unchanged: 0, deleted: 0, changes: 0, errors: [], byType: {} };
}

export function count(summary: ScrapeSummary, type: string, what: keyof TypeSummary, n = 1): void {
  if (n === 0) return;
  summary[what] += n;
  const row = (summary.byType[type] ??= { added: 0, updated: 0, unchanged: 0, deleted: 0 });
  row[what] += n;
}
