/**
 * What a scraper kind hands to the engine. A kind (kubernetes, file, http, sql) only reads its
 * source and describes what it found; the engine (engine.ts) applies the entry's `transform`
 * (exclude, mask, relationship rules), writes configs, changes, analyses and relationships in
 * short transactions, soft-deletes what is gone, applies retention and records the run.
 */
import type { AnalysisType, Severity } from '../../../../../common/catalog.js';
import type { Logger } from '../../../http/logging.js';
import type { KubeConnection } from '../../../kube/index.js';
import type { ResolvedConnection } from '../../connections/index.js';
import type { Queryable } from '../../db/db.js';

export type ConfigHealth = 'healthy' | 'unhealthy' | 'warning' | 'unknown';

/**
 * Another config named by what the source knows of it: its external id (a Kubernetes uid), or
 * its type with name and namespace. Resolved against this scrape's items first, then the
 * scraper's stored configs, then every stored config of the same agent.
 */
export type ConfigRef =
  { type?: string; externalId: string } | { type: string; name: string; namespace?: string };

export interface ScrapedRelationship {
  /** The other end: this item → related (outgoing) unless `incoming`, then related → this item. */
  related: ConfigRef;
  incoming?: boolean;
  /** 'hard' (default) or 'soft'. */
  relation?: 'hard' | 'soft';
}

export interface ScrapedChange {
  /** The change's own id at its source (a Kubernetes Event's uid): the same id twice is one change, counted. */
  externalChangeId?: string;
  /** The config the change is about, when it is not the item carrying it (an Event's involvedObject). */
  config?: ConfigRef;
  changeType: string;
  severity?: Severity;
  source?: string;
  summary?: string;
  details?: unknown;
  createdBy?: string;
  createdAt?: Date;
  firstObserved?: Date;
}

export interface ScrapedAnalysis {
  /** One open finding per item and analyzer; a finding not reported again by the item's next scrape is resolved. */
  analyzer: string;
  analysisType: AnalysisType;
  severity: Severity;
  message: string;
  summary?: string;
  source?: string;
}

/** One config item as its source describes it. `id` (external id) and `type` identify it within the scraper. */
export interface ScrapedItem {
  id: string;
  type: string;
  name: string;
  configClass?: string;
  namespace?: string;
  description?: string;
  status?: string;
  health?: ConfigHealth;
  ready?: boolean;
  labels?: Record<string, string>;
  tags?: Record<string, string>;
  properties?: unknown[];
  /** The body: an object (stored as JSON) or, for a non-JSON format, its text. */
  config: unknown;
  /** json (default), yaml, properties, ... */
  format?: string;
  /** Other external ids the item is known by. */
  aliases?: string[];
  source?: string;
  createdAt?: Date;
  /** Set when the source itself says the item is gone (a Kubernetes object being deleted). */
  deletedAt?: Date;
  /** The parent (first one found in the scrape or the store becomes `parent_id`). */
  parents?: ConfigRef[];
  relationships?: ScrapedRelationship[];
  changes?: ScrapedChange[];
  analysis?: ScrapedAnalysis[];
}

export interface ScrapeOutput {
  items: ScrapedItem[];
  /** Changes about items not in `items` (or found apart from them), each naming its `config`. */
  changes?: ScrapedChange[];
  /** What went wrong while reading, one message each; never a secret. */
  errors?: string[];
  /**
   * The item types this output is the whole truth for: stored items of these types that the
   * output lacks are soft-deleted. Default, when `errors` is empty: every type the scraper has
   * (an item whose type vanished altogether is deleted too), as long as the scraper's other
   * entries read cleanly as well; none otherwise (a failed or partial read never deletes). A
   * watch update passes [] (nothing deleted).
   */
  completeTypes?: string[];
}

export interface ScrapeContext {
  scraper: { id: string; name: string; namespace: string; agentId: string };
  db: Queryable;
  /** The console's cluster, when it has one. */
  kube?: KubeConnection;
  /** A stored connection by `connection://[namespace|type/]name` (secrets added to `secrets`). */
  connection(ref: string): Promise<ResolvedConnection | undefined>;
  /** Values that must never reach an item, a change, an error or a log (resolved secrets). */
  secrets: Set<string>;
  /** A scratch directory of this scraper's own, kept between runs (git clones). */
  workDir: string;
  /** The directories of this machine a `file` entry may read (SCRAPER_FILE_ROOTS); empty: none. */
  fileRoots: readonly string[];
  signal: AbortSignal;
  logger: Logger;
}

/** One kind of scraper: the key of the ScrapeConfig spec it reads (`kubernetes`, `file`, `http`, `sql`). */
export interface ScraperKind<Entry = Record<string, unknown>> {
  readonly kind: string;
  /** One entry of `spec[kind]`, read whole. Throwing counts as an error of the whole entry (nothing deleted). */
  scrape(entry: Entry, ctx: ScrapeContext): Promise<ScrapeOutput>;
  /**
   * Optional: follow the source between full scrapes (Kubernetes watches and Events), emitting
   * each update as it comes, until `ctx.signal` aborts. Updates never delete by absence.
   */
  watch?(entry: Entry, ctx: ScrapeContext, emit: (update: ScrapeOutput) => Promise<void>): Promise<void>;
}
