/**
 * Reading a config_scrapers row: its scraper entries (`spec[kind]`, each a list), its schedule
 * and its retention, as the platform reads a ScrapeConfig spec.
 */
import { SCRAPER_KINDS as SPEC_KINDS } from '../../../kube/schemas/scrape-config.js';

/** config-db's default schedule for a scraper that names none. */
export const DEFAULT_SCRAPE_SCHEDULE = '@every 60m';

/** The columns of config_scrapers the engine reads. */
export interface ScraperRow {
  id: string;
  name: string;
  namespace: string;
  agent_id: string;
  schedule: string | null;
  spec: Record<string, unknown> | null;
}

export interface ScraperEntry {
  kind: string;
  /** Its place in spec[kind], to tell two entries of one kind apart. */
  index: number;
  entry: Record<string, unknown>;
}

export interface RetentionRules {
  changes: { name: string; age?: string; count?: number }[];
  types: { name: string; createdAge?: string; updatedAge?: string; deletedAge?: string }[];
  staleItemAge?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every scraper entry of the spec; a spec key that is neither a kind nor a setting is an error. */
export function scraperEntries(spec: Record<string, unknown> | null): {
  entries: ScraperEntry[];
  errors: string[];
} {
  const entries: ScraperEntry[] = [];
  const errors: string[] = [];
  for (const [key, value] of Object.entries(spec ?? {})) {
    if (!(key in SPEC_KINDS)) continue;
    const list = Array.isArray(value) ? value : [value];
    list.forEach((entry, index) => {
      if (isRecord(entry)) entries.push({ kind: key, index, entry });
      else errors.push(`${key}[${index}]: an entry must be an object`);
    });
  }
  return { entries, errors };
}

/** The schedule text: spec.schedule, else the column, else the platform's default. */
export function scheduleTextOf(row: Pick<ScraperRow, 'schedule' | 'spec'>): string {
  const fromSpec = row.spec?.schedule;
  if (typeof fromSpec === 'string' && fromSpec.trim()) return fromSpec.trim();
  if (row.schedule?.trim()) return row.schedule.trim();
  return DEFAULT_SCRAPE_SCHEDULE;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/** spec.retention, with what cannot be read left out. */
export function retentionOf(spec: Record<string, unknown> | null): RetentionRules {
  const retention = isRecord(spec?.retention) ? spec.retention : {};
  const list = (value: unknown) => (Array.isArray(value) ? value.filter(isRecord) : []);
  return {
    changes: list(retention.changes)
      .filter((c) => text(c.name))
      .map((c) => ({
        name: text(c.name)!,
        age: text(c.age),
        count: typeof c.count === 'number' && c.count >= 0 ? Math.floor(c.count) : undefined,
      })),
    types: list(retention.types)
      .filter((t) => text(t.name))
      .map((t) => ({
        name: text(t.name)!,
        createdAge: text(t.createdAge),
        updatedAge: text(t.updatedAge),
        deletedAge: text(t.deletedAge),
      })),
    staleItemAge: text(retention.staleItemAge),
  };
}
