/**
 * A `kubernetes` entry of a ScrapeConfig spec, read into the fields this kind uses (config-db's
 * api/v1 Kubernetes). The schema (kube/schemas/scrape-config.ts) has already checked the shapes;
 * here only defaults are filled in.
 */

export interface Lookup {
  expr?: string;
  value?: string;
  label?: string;
}

export interface RelationshipRule {
  kind?: Lookup;
  name?: Lookup;
  namespace?: Lookup;
}

export interface KubernetesEntry {
  clusterName: string;
  namespace?: string;
  /** `cluster`: only cluster-scoped kinds; `namespace`/`namespaced`: only namespaced ones. */
  scope?: string;
  since?: string;
  selector?: string;
  fieldSelector?: string;
  maxInflight: number;
  kubeconfig?: unknown;
  connection?: string;
  exclusions: { name: string[]; kind: string[]; namespace: string[]; labels: Record<string, string> };
  event: {
    exclusions: { name: string[]; namespace: string[]; reason: string[] };
    severityKeywords: { warn: string[]; error: string[] };
  };
  relationships: RelationshipRule[];
  /** Kinds to follow between scrapes (apiVersion + kind); empty: every scraped kind. */
  watch: { apiVersion: string; kind: string }[];
}

/** How many list requests run at once when the entry does not say. */
export const DEFAULT_MAX_INFLIGHT = 5;

type Raw = Record<string, unknown>;
const obj = (value: unknown): Raw => (value && typeof value === 'object' ? (value as Raw) : {});
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
const texts = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== '') : [];
const textMap = (value: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries(obj(value)).filter((pair): pair is [string, string] => typeof pair[1] === 'string'),
  );

export function readEntry(raw: unknown): KubernetesEntry {
  const entry = obj(raw);
  const clusterName = text(entry.clusterName);
  if (!clusterName) throw new Error('clusterName is required for a kubernetes scraper');
  const exclusions = obj(entry.exclusions);
  const event = obj(entry.event);
  const eventExclusions = obj(event.exclusions);
  const keywords = obj(event.severityKeywords);
  const maxInflight = Number(entry.maxInflight);
  return {
    clusterName,
    namespace: text(entry.namespace),
    scope: text(entry.scope),
    since: text(entry.since),
    selector: text(entry.selector),
    fieldSelector: text(entry.fieldSelector),
    maxInflight: Number.isInteger(maxInflight) && maxInflight > 0 ? maxInflight : DEFAULT_MAX_INFLIGHT,
    kubeconfig: entry.kubeconfig,
    connection: text(entry.connection),
    exclusions: {
      name: texts(exclusions.name),
      kind: texts(exclusions.kind),
      namespace: texts(exclusions.namespace),
      labels: textMap(exclusions.labels),
    },
    event: {
      exclusions: {
        name: texts(eventExclusions.name),
        namespace: texts(eventExclusions.namespace),
        reason: texts(eventExclusions.reason),
      },
      severityKeywords: { warn: texts(keywords.warn), error: texts(keywords.error) },
    },
    relationships: Array.isArray(entry.relationships) ? (entry.relationships as RelationshipRule[]) : [],
    watch: Array.isArray(entry.watch)
      ? (entry.watch as Raw[])
          .filter((w) => typeof w.apiVersion === 'string' && typeof w.kind === 'string')
          .map((w) => ({ apiVersion: w.apiVersion as string, kind: w.kind as string }))
      : [],
  };
}

/** What a scraper's state in this process (event cursor, object index) is kept under. */
export const indexKey = (ctx: { scraper: { id: string } }, entry: KubernetesEntry) =>
  `${ctx.scraper.id}/${entry.clusterName}`;
