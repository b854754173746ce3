/**
 * One scrape of a config_scrapers row: each `spec[kind]` entry is read by its kind, the entry's
 * transform applied, the resolved secrets redacted, and the whole written (persist*.ts):
 *  1. items, a batch (default 500) per short transaction: inserted, updated with a diff change,
 *     or left alone when unchanged;
 *  2. parent_id/path and relationships, once every item has its id;
 *  3. changes (deduplicated by external id) and insights;
 *  4. soft deletes of what a complete read no longer finds (never after a failed read);
 *  5. spec.retention.
 * Platform events (config.created/updated/deleted/<health>) come from the configs table's own
 * trigger (migration 0016), as for every other writer. Writes for one scraper (a scrape, a
 * watch update) never run at once.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from '../../../http/logging.js';
import type { KubeConnection } from '../../../kube/index.js';
import { connectionResolver } from '../../connections/index.js';
import type { Db } from '../../db/db.js';
import { redactSecrets } from '../../health/references.js';
import { canonical } from './diff.js';
import {
  DELETED_FROM_CHANGE,
  DELETED_MISSING,
  writeConfigBatch,
  type WrittenItem,
} from './persist-configs.js';
import { deleteIds, deleteMissing } from './persist-deletions.js';
import { writeAnalyses, writeChanges } from './persist-findings.js';
import { writeLinks } from './persist-links.js';
import { ConfigResolver, refKey } from './refs.js';
import { applyRetention } from './retention.js';
import { retentionOf, scraperEntries, type ScraperEntry, type ScraperRow } from './spec.js';
import { emptySummary, type ScrapeSummary } from './summary.js';
import { applyTransform, type TransformedItem, type TransformedOutput } from './transform.js';
import type { ScrapeContext, ScrapedChange, ScraperKind, ScrapeOutput } from './types.js';

export const DEFAULT_BATCH_SIZE = 500;
/** How stale last_scraped_time (and an open finding's last_observed) may get before a scrape that finds nothing new refreshes it. */
export const REFRESH_SCRAPED_AFTER_MS = 15 * 60_000;
/** The most errors a summary keeps (the rest are counted). */
const MAX_ERRORS = 50;

export interface ScrapeDependencies {
  db: Db;
  logger: Logger;
  kube?: KubeConnection;
  /** `<dataDir>/scrapers/<id>` is each scraper's scratch directory (a temporary one without it). */
  dataDir?: string;
  /** Items per transaction (default 500). */
  batchSize?: number;
  /** The directories `file` entries may read (default none). */
  fileRoots?: readonly string[];
  signal?: AbortSignal;
  now?: () => Date;
}

/** Serialises the writes of each scraper: a full scrape and its watch updates take turns. */
class ScraperLocks {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const next = previous.catch(() => {}).then(fn);
    const tail = next.catch(() => {});
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return next;
  }
}
const locks = new ScraperLocks();

/** Values that must never be written, redacted from the strings of an output. */
function redactOutput(output: TransformedOutput, secrets: Set<string>): TransformedOutput {
  if (!secrets.size) return output;
  const list = [...secrets];
  const clean = <T>(value: T): T => redactSecrets(value, list);
  const change = (c: ScrapedChange): ScrapedChange => ({
    ...c,
    summary: clean(c.summary),
    details: clean(canonical(c.details)),
  });
  return {
    ...output,
    errors: clean(output.errors),
    changes: output.changes.map(change),
    items: output.items.map((item) => ({
      ...item,
      name: clean(item.name),
      description: clean(item.description),
      status: clean(item.status),
      labels: clean(item.labels),
      tags: clean(item.tags),
      properties: clean(canonical(item.properties) as unknown[] | undefined),
      config: clean(canonical(item.config)),
      changes: item.changes?.map(change),
      analysis: item.analysis?.map((a) => ({ ...a, message: clean(a.message), summary: clean(a.summary) })),
    })),
  };
}

export async function scratchDirOf(scraperId: string, dataDir?: string): Promise<string> {
  const dir = dataDir
    ? path.join(dataDir, 'scrapers', scraperId)
    : path.join(os.tmpdir(), 'ops-console-scrapers', scraperId);
  await fs.mkdir(dir, { recursive: true });
  return dir;
}

export async function scrapeContextOf(
  row: ScraperRow,
  deps: ScrapeDependencies,
  secrets: Set<string>,
  signal: AbortSignal,
): Promise<ScrapeContext> {
  return {
    scraper: { id: row.id, name: row.name, namespace: row.namespace, agentId: row.agent_id },
    db: deps.db,
    kube: deps.kube,
    connection: connectionResolver(deps.db, { namespace: row.namespace, kube: deps.kube, secrets }),
    secrets,
    workDir: await scratchDirOf(row.id, deps.dataDir),
    fileRoots: deps.fileRoots ?? [],
    signal,
    logger: deps.logger.child({ scraper: `${row.namespace}/${row.name}` }),
  };
}

const entryName = (e: ScraperEntry) => `${e.kind}[${e.index}]`;

/** Every type of the scraper: the store's items not found by a clean scrape are gone. */
export const ALL_TYPES = '*';

/**
 * Several entries' outputs as one. When every entry read its source cleanly without naming its
 * complete types, the scrape is the whole truth for all the scraper's types (config-db's rule).
 * Otherwise a type is complete when every entry of its kind says so (two clusters' entries both
 * list pods: one that failed to list them must not let the other's scrape delete its pods) and no
 * entry read it partially.
 */
function merge(outputs: EntryOutput[], errors: string[]): TransformedOutput {
  const items = new Map<string, TransformedItem>();
  const partialTypes = new Set<string>();
  const completeByKind = new Map<string, Set<string>>();
  for (const { kind, output, complete } of outputs) {
    for (const item of output.items) items.set(`${item.type}\u0000${item.id}`, item);
    const seen = completeByKind.get(kind);
    completeByKind.set(
      kind,
      seen ? new Set(output.completeTypes.filter((t) => seen.has(t))) : new Set(output.completeTypes),
    );
    if (!complete) for (const item of output.items) partialTypes.add(item.type);
    for (const item of output.items)
      if (!output.completeTypes.includes(item.type)) partialTypes.add(item.type);
  }
  const completeTypes = [...completeByKind.values()].flatMap((types) => [...types]);
  const everything = outputs.every(({ output, complete }) => complete && !output.explicitComplete);
  return {
    items: [...items.values()],
    changes: outputs.flatMap(({ output }) => output.changes),
    errors: [...errors, ...outputs.flatMap(({ output }) => output.errors)],
    completeTypes:
      everything && !errors.length
        ? [ALL_TYPES]
        : [...new Set(completeTypes)].filter((t) => !partialTypes.has(t)),
    explicitComplete: true,
    deletions: outputs.flatMap(({ output }) => output.deletions),
  };
}

interface EntryOutput {
  kind: string;
  output: TransformedOutput;
  complete: boolean;
}

export interface PersistOptions {
  scraper: { id: string; agentId: string };
  /** A full scrape: links not found again are removed (when it has no errors). Watch updates are not. */
  full: boolean;
  batchSize?: number;
}

/** Writes one (transformed, redacted) output of a scraper and counts what it did. */
export function persistOutput(
  db: Db,
  output: TransformedOutput,
  options: PersistOptions,
): Promise<ScrapeSummary> {
  return locks.run(options.scraper.id, () => persist(db, output, options));
}

async function persist(
  db: Db,
  output: TransformedOutput,
  { scraper, full, batchSize }: PersistOptions,
): Promise<ScrapeSummary> {
  const summary = emptySummary();
  summary.errors.push(...output.errors);
  const batch = Math.max(1, batchSize ?? DEFAULT_BATCH_SIZE);
  const unique = new Map<string, TransformedItem>();
  for (const item of output.items)
    if (item.id && item.type) unique.set(`${item.type}\u0000${item.id}`, item);
    else
      summary.errors.push(
        `an item without ${item.id ? 'a type' : 'an id'} was skipped (${item.type || item.name || '?'})`,
      );
  const items = [...unique.values()];

  const written: WrittenItem[] = [];
  for (let i = 0; i < items.length; i += batch) {
    const part = items.slice(i, i + batch);
    written.push(
      ...(await db.transaction((tx) =>
        writeConfigBatch(tx, part, {
          scraperId: scraper.id,
          agentId: scraper.agentId,
          summary,
          refreshScrapedAfterMs: REFRESH_SCRAPED_AFTER_MS,
        }),
      )),
    );
  }

  const resolver = new ConfigResolver(db, scraper.id, scraper.agentId);
  for (const w of written)
    resolver.add({
      id: w.id,
      type: w.item.type,
      externalIds: w.externalIds,
      name: w.item.name,
      namespace: w.item.namespace,
      labels: w.item.labels,
    });
  const clean = summary.errors.length === 0;
  await writeLinks(db, written, resolver, { scraperId: scraper.id, replaceLinks: full && clean });
  await writeChanges(db, written, output.changes, resolver, summary);
  await writeAnalyses(db, written, {
    scraperId: scraper.id,
    refreshObservedAfterMs: REFRESH_SCRAPED_AFTER_MS,
  });

  if (output.deletions.length) {
    const ids = await resolver.resolve(output.deletions.map((d) => d.ref));
    const found = output.deletions.map((d) => ids.get(refKey(d.ref))).filter((id): id is string => !!id);
    await deleteIds(db, [...new Set(found)], DELETED_FROM_CHANGE, batch, summary);
  }
  if (full && output.completeTypes.length)
    await deleteMissing(
      db,
      scraper.id,
      output.completeTypes,
      written.map((w) => w.id),
      DELETED_MISSING,
      batch,
      summary,
    );
  return summary;
}

function limitErrors(errors: string[]): string[] {
  const unique = [...new Set(errors)];
  return unique.length > MAX_ERRORS
    ? [...unique.slice(0, MAX_ERRORS), `... and ${unique.length - MAX_ERRORS} more errors`]
    : unique;
}

/**
 * Scrapes a scraper row once with the kinds given and writes what it found. Never throws for a
 * kind's failure: an unknown kind, a kind that throws or reports errors ends up in `errors` (and
 * deletes nothing it did not read completely).
 */
export async function runScrape(
  row: ScraperRow,
  kinds: readonly ScraperKind[],
  deps: ScrapeDependencies,
): Promise<ScrapeSummary> {
  const { entries, errors } = scraperEntries(row.spec);
  if (!entries.length && !errors.length)
    errors.push('the spec has no scraper entry (kubernetes, file, http, sql, ...)');
  const secrets = new Set<string>();
  const signal = deps.signal ?? new AbortController().signal;
  const ctx = await scrapeContextOf(row, deps, secrets, signal);
  const outputs: EntryOutput[] = [];
  let failed = false;
  for (const entry of entries) {
    if (signal.aborted) {
      errors.push('the scrape was stopped');
      failed = true;
      break;
    }
    const kind = kinds.find((k) => k.kind === entry.kind);
    if (!kind) {
      errors.push(`${entryName(entry)}: the ${entry.kind} scraper is not supported by this console`);
      failed = true;
      continue;
    }
    let output: ScrapeOutput;
    try {
      output = await kind.scrape(entry.entry, ctx);
    } catch (error) {
      errors.push(`${entryName(entry)}: ${(error as Error)?.message ?? String(error)}`);
      failed = true;
      continue;
    }
    const transformed = applyTransform(output, entry.entry.transform);
    transformed.errors = transformed.errors.map((e) => `${entryName(entry)}: ${e}`);
    outputs.push({ kind: entry.kind, output: transformed, complete: transformed.errors.length === 0 });
  }
  const merged = redactOutput(merge(outputs, errors), secrets);
  // An entry that failed outright may have owned any type: nothing is deleted by absence.
  if (failed) merged.completeTypes = [];
  const summary = await persistOutput(deps.db, merged, {
    scraper: { id: row.id, agentId: row.agent_id },
    full: true,
    batchSize: deps.batchSize,
  });
  // Retention follows a scrape that read something; staleness only a clean one (an outage
  // leaves items unscraped without them being stale).
  if (outputs.length) {
    const rules = retentionOf(row.spec);
    if (summary.errors.length) rules.staleItemAge = undefined;
    const retention = await applyRetention(deps.db, row.id, rules, {
      now: deps.now?.(),
      batch: deps.batchSize ?? DEFAULT_BATCH_SIZE,
    });
    summary.errors.push(...retention.errors);
    summary.deleted += retention.deleted;
  }
  summary.errors = limitErrors(redactSecrets(summary.errors, [...secrets]));
  return summary;
}

/**
 * Follows a kind's watch for one entry until `signal` aborts, writing each update as a partial
 * scrape (nothing deleted by absence). Returns when the watch ends; throws what it throws.
 */
export async function runWatch(
  row: ScraperRow,
  entry: ScraperEntry,
  kind: ScraperKind,
  deps: ScrapeDependencies & { signal: AbortSignal; onUpdate?: (summary: ScrapeSummary) => void },
): Promise<void> {
  const secrets = new Set<string>();
  const ctx = await scrapeContextOf(row, deps, secrets, deps.signal);
  await kind.watch!(entry.entry, ctx, async (update) => {
    if (deps.signal.aborted) return;
    const transformed = applyTransform({ ...update, completeTypes: [] }, entry.entry.transform);
    transformed.completeTypes = [];
    const summary = await persistOutput(deps.db, redactOutput(transformed, secrets), {
      scraper: { id: row.id, agentId: row.agent_id },
      full: false,
      batchSize: deps.batchSize,
    });
    summary.errors = redactSecrets(summary.errors, [...secrets]);
    deps.onUpdate?.(summary);
  });
}
