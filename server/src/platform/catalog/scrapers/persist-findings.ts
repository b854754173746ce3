/**
 * The changes and insights a scrape reports.
 *  - Changes go to the item carrying them, or to the config their `config` names (a change whose
 *    config is not found is dropped). A change with an external id already stored for that
 *    config is the same change seen again: counted once more (first_observed kept) when it
 *    differs from what is stored, left alone when it is identical, so re-reading a source writes
 *    nothing. Severities outside the platform's list are written as info.
 *  - Insights: one finding per item and analyzer; reported again, it is updated (and reopened)
 *    when it changed; an item of the scrape that no longer reports an analyzer has that
 *    analyzer's open finding (from this scraper) resolved.
 */
import type { Db } from '../../db/db.js';
import { canonical, stableJson } from './diff.js';
import { insertChanges, type ChangeRow, type WrittenItem } from './persist-configs.js';
import { ANALYSIS_TYPES, SEVERITIES } from '../../../../../common/catalog.js';
import { refKey, type ConfigResolver } from './refs.js';
import type { ScrapeSummary } from './summary.js';
import type { ScrapedAnalysis, ScrapedChange } from './types.js';

const CHUNK = 500;
const SEVERITY = new Set<string>(SEVERITIES);
const ANALYSIS_TYPE = new Set<string>(ANALYSIS_TYPES);

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

function changeRow(configId: string, change: ScrapedChange): ChangeRow | undefined {
  if (!change.changeType?.trim()) return undefined;
  const severity = change.severity?.toLowerCase();
  return {
    config_id: configId,
    change_type: change.changeType.trim(),
    severity: severity && SEVERITY.has(severity) ? severity : 'info',
    source: change.source ?? null,
    summary: change.summary ?? null,
    details: change.details === undefined ? null : canonical(change.details),
    external_change_id: change.externalChangeId ?? null,
    external_created_by: change.createdBy ?? null,
    created_at: change.createdAt?.toISOString() ?? null,
    first_observed: (change.firstObserved ?? change.createdAt)?.toISOString() ?? null,
    count: 1,
  };
}

interface StoredChange {
  id: string;
  config_id: string;
  external_change_id: string;
  severity: string | null;
  summary: string | null;
  details: unknown;
  created_at: Date;
}

/** What makes a repeated change a new sighting: its text, details, severity and, when given, its time. */
const sightingOf = (
  c: { severity: string | null; summary: string | null; details: unknown },
  at?: string | null,
) => stableJson([c.severity, c.summary, c.details, at ?? null]);

export async function writeChanges(
  db: Db,
  written: WrittenItem[],
  standalone: ScrapedChange[],
  resolver: ConfigResolver,
  summary: ScrapeSummary,
): Promise<void> {
  const pending: { change: ScrapedChange; configId?: string }[] = [];
  for (const w of written)
    for (const change of w.item.changes ?? [])
      pending.push({ change, configId: change.config ? undefined : w.id });
  for (const change of standalone) if (change.config) pending.push({ change });
  const resolved = await resolver.resolve(pending.filter((p) => !p.configId).map((p) => p.change.config!));

  const rows: ChangeRow[] = [];
  const byExternal = new Map<string, ChangeRow>();
  for (const { change, configId } of pending) {
    const id = configId ?? resolved.get(refKey(change.config!));
    const row = id ? changeRow(id, change) : undefined;
    if (!row) continue;
    if (!row.external_change_id) {
      rows.push(row);
      continue;
    }
    // The same change twice in one scrape is one change, counted twice.
    const key = `${row.config_id}/${row.external_change_id}`;
    const seen = byExternal.get(key);
    if (seen) {
      seen.count = (seen.count ?? 1) + 1;
      Object.assign(seen, {
        severity: row.severity,
        summary: row.summary,
        details: row.details,
        created_at: row.created_at,
      });
    } else byExternal.set(key, row);
  }

  for (const part of chunks([...byExternal.values()], CHUNK)) {
    const { rows: stored } = await db.query<StoredChange>(
      `select c.id, c.config_id, c.external_change_id, c.severity, c.summary, c.details, c.created_at
         from config_changes c
         join unnest($1::uuid[], $2::text[]) as k(config_id, external_change_id)
           on c.config_id = k.config_id and c.external_change_id = k.external_change_id`,
      [part.map((r) => r.config_id), part.map((r) => r.external_change_id)],
    );
    const known = new Map(stored.map((s) => [`${s.config_id}/${s.external_change_id}`, s]));
    const repeats: {
      id: string;
      add: number;
      severity: string | null;
      summary: string | null;
      details: unknown;
      created_at: string | null;
    }[] = [];
    for (const row of part) {
      const old = known.get(`${row.config_id}/${row.external_change_id}`);
      if (!old) {
        rows.push(row);
        continue;
      }
      const oldAt = row.created_at ? old.created_at.toISOString() : null;
      const newAt = row.created_at ? new Date(row.created_at).toISOString() : null;
      if (sightingOf(old, oldAt) === sightingOf(row, newAt) && (row.count ?? 1) === 1) continue;
      repeats.push({
        id: old.id,
        add: row.count ?? 1,
        severity: row.severity,
        summary: row.summary,
        details: row.details,
        created_at: row.created_at ?? null,
      });
    }
    if (repeats.length) {
      const result = await db.query(
        `update config_changes c set count = c.count + x.add, severity = x.severity, summary = x.summary,
                details = x.details, created_at = coalesce(x.created_at, now())
           from jsonb_to_recordset($1::jsonb) as x(id uuid, add integer, severity text, summary text,
                details jsonb, created_at timestamptz)
          where c.id = x.id`,
        [JSON.stringify(repeats)],
      );
      summary.changes += result.rowCount;
    }
  }
  for (const part of chunks(rows, CHUNK)) summary.changes += await insertChanges(db, part);
}

interface StoredFinding {
  id: string;
  config_id: string;
  analyzer: string;
  analysis_type: string;
  severity: string;
  status: string;
  message: string | null;
  summary: string | null;
  source: string | null;
  scraper_id: string | null;
  last_observed: Date;
}

function findingColumns(configId: string, a: ScrapedAnalysis) {
  const severity = a.severity?.toLowerCase();
  return {
    config_id: configId,
    analyzer: a.analyzer,
    analysis_type: ANALYSIS_TYPE.has(a.analysisType) ? a.analysisType : 'other',
    severity: severity && SEVERITY.has(severity) ? severity : 'info',
    message: a.message ?? null,
    summary: a.summary ?? null,
    source: a.source ?? null,
  };
}

const findingText = (f: ReturnType<typeof findingColumns> | StoredFinding) =>
  stableJson([f.analysis_type, f.severity, f.message, f.summary, f.source]);

export async function writeAnalyses(
  db: Db,
  written: WrittenItem[],
  { scraperId, refreshObservedAfterMs }: { scraperId: string; refreshObservedAfterMs: number },
): Promise<void> {
  const live = written.filter((w) => !w.deleted);
  const now = Date.now();
  for (const part of chunks(live, CHUNK)) {
    const { rows: stored } = await db.query<StoredFinding>(
      `select id, config_id, analyzer, analysis_type, severity, status, message, summary, source, scraper_id, last_observed
         from config_analysis where config_id = any($1::uuid[])
        order by (status = 'open') desc, last_observed desc`,
      [part.map((w) => w.id)],
    );
    const known = new Map<string, StoredFinding>();
    for (const s of stored)
      if (!known.has(`${s.config_id}/${s.analyzer}`)) known.set(`${s.config_id}/${s.analyzer}`, s);
    const inserts: ReturnType<typeof findingColumns>[] = [];
    const updates: (ReturnType<typeof findingColumns> & { id: string })[] = [];
    const observed: string[] = [];
    const resolve: string[] = [];
    for (const w of part) {
      const reported = new Set<string>();
      for (const analysis of w.item.analysis ?? []) {
        if (!analysis.analyzer?.trim() || reported.has(analysis.analyzer)) continue;
        reported.add(analysis.analyzer);
        const columns = findingColumns(w.id, analysis);
        const old = known.get(`${w.id}/${analysis.analyzer}`);
        if (!old) inserts.push(columns);
        else if (old.status === 'silenced') continue;
        else if (old.status !== 'open' || findingText(old) !== findingText(columns))
          updates.push({ ...columns, id: old.id });
        else if (now - old.last_observed.getTime() > refreshObservedAfterMs) observed.push(old.id);
      }
      for (const s of stored)
        if (
          s.config_id === w.id &&
          s.status === 'open' &&
          s.scraper_id === scraperId &&
          !reported.has(s.analyzer)
        )
          resolve.push(s.id);
    }
    if (!inserts.length && !updates.length && !observed.length && !resolve.length) continue;
    await db.transaction(async (tx) => {
      if (inserts.length)
        await tx.query(
          `insert into config_analysis (config_id, scraper_id, analyzer, analysis_type, severity, status, message, summary, source)
           select x.config_id, $1, x.analyzer, x.analysis_type, x.severity, 'open', x.message, x.summary, x.source
             from jsonb_to_recordset($2::jsonb) as x(config_id uuid, analyzer text, analysis_type text, severity text,
                  message text, summary text, source text)`,
          [scraperId, JSON.stringify(inserts)],
        );
      if (updates.length)
        await tx.query(
          `update config_analysis a set analysis_type = x.analysis_type, severity = x.severity, status = 'open',
                  message = x.message, summary = x.summary, source = x.source, scraper_id = $1,
                  last_observed = now(),
                  first_observed = case when a.status = 'open' then a.first_observed else now() end
             from jsonb_to_recordset($2::jsonb) as x(id uuid, analysis_type text, severity text, message text,
                  summary text, source text)
            where a.id = x.id`,
          [scraperId, JSON.stringify(updates)],
        );
      if (observed.length)
        await tx.query(`update config_analysis set last_observed = now() where id = any($1::uuid[])`, [
          observed,
        ]);
      if (resolve.length)
        await tx.query(`update config_analysis set status = 'resolved' where id = any($1::uuid[])`, [
          resolve,
        ]);
    });
  }
}
