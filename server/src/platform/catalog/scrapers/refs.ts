/**
 * Finding the configs a scrape names: a ConfigRef (an external id, or a type with a name and a
 * namespace) or a relationship rule's selector. This scrape's own items are looked at first,
 * then the scraper's stored configs, then every live config of the same agent.
 */
import type { Queryable } from '../../db/db.js';
import type { ConfigSelector } from './transform.js';
import type { ConfigRef } from './types.js';

/** One item of the scrape being written, as references find it. */
export interface IndexedItem {
  id: string;
  type: string;
  externalIds: string[];
  name: string;
  namespace?: string;
  labels?: Record<string, string>;
}

/** The most configs one selector links an item to. */
const SELECTOR_LIMIT = 500;
/** Names looked up in the store per statement. */
const LOOKUP_CHUNK = 1000;

const byName = (type: string, name: string, namespace?: string) =>
  `${type}\u0000${name}\u0000${namespace ?? ''}`;

export const refKey = (ref: ConfigRef): string =>
  'externalId' in ref
    ? `x\u0000${ref.type ?? ''}\u0000${ref.externalId}`
    : `n\u0000${byName(ref.type, ref.name, ref.namespace)}`;

export const selectorKey = (s: ConfigSelector): string =>
  JSON.stringify([s.id, s.externalId, s.name, s.namespace, s.type, Object.entries(s.labels ?? {}).sort()]);

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

export class ConfigResolver {
  private readonly byExternalId = new Map<string, IndexedItem[]>();
  private readonly byTypedName = new Map<string, IndexedItem>();
  private readonly byUntypedName = new Map<string, IndexedItem>();
  private readonly items: IndexedItem[] = [];

  constructor(
    private readonly db: Queryable,
    private readonly scraperId: string,
    private readonly agentId: string,
  ) {}

  add(item: IndexedItem): void {
    this.items.push(item);
    for (const externalId of item.externalIds) {
      const list = this.byExternalId.get(externalId) ?? [];
      list.push(item);
      this.byExternalId.set(externalId, list);
    }
    this.byTypedName.set(byName(item.type, item.name, item.namespace), item);
    // A ref without a namespace finds the item of that type and name in any namespace.
    if (!this.byUntypedName.has(byName(item.type, item.name)))
      this.byUntypedName.set(byName(item.type, item.name), item);
  }

  private scraped(ref: ConfigRef): string | undefined {
    if ('externalId' in ref) {
      const found = this.byExternalId.get(ref.externalId) ?? [];
      return (ref.type ? found.find((i) => i.type === ref.type) : found[0])?.id;
    }
    return (
      ref.namespace === undefined
        ? this.byUntypedName.get(byName(ref.type, ref.name))
        : this.byTypedName.get(byName(ref.type, ref.name, ref.namespace))
    )?.id;
  }

  /** The config id of each ref that names one (keyed by refKey). */
  async resolve(refs: ConfigRef[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    const missing = new Map<string, ConfigRef>();
    for (const ref of refs) {
      const key = refKey(ref);
      if (found.has(key) || missing.has(key)) continue;
      const id = this.scraped(ref);
      if (id) found.set(key, id);
      else missing.set(key, ref);
    }
    if (!missing.size) return found;
    const external = [...missing.values()].filter(
      (r): r is Extract<ConfigRef, { externalId: string }> => 'externalId' in r,
    );
    const named = [...missing.values()].filter(
      (r): r is Extract<ConfigRef, { name: string }> => !('externalId' in r),
    );
    for (const part of chunks(external, LOOKUP_CHUNK)) {
      const { rows } = await this.db.query<{ id: string; type: string; external_id: string[]; own: boolean }>(
        `select id, type, external_id, scraper_id is not distinct from $3::uuid as own from configs
          where agent_id = $1 and deleted_at is null and external_id && $2::text[]
          order by own desc, created_at`,
        [this.agentId, part.map((r) => r.externalId), this.scraperId],
      );
      for (const ref of part) {
        const row = rows.find(
          (r) => r.external_id.includes(ref.externalId) && (!ref.type || r.type === ref.type),
        );
        if (row) found.set(refKey(ref), row.id);
      }
    }
    for (const part of chunks(named, LOOKUP_CHUNK)) {
      const { rows } = await this.db.query<{
        id: string;
        type: string;
        name: string;
        namespace: string | null;
      }>(
        `select c.id, c.type, c.name, c.namespace from configs c
           join unnest($2::text[], $3::text[]) as n(type, name) on n.type = c.type and n.name = c.name
          where c.agent_id = $1 and c.deleted_at is null
          order by c.scraper_id is not distinct from $4::uuid desc, c.created_at`,
        [this.agentId, part.map((r) => r.type), part.map((r) => r.name), this.scraperId],
      );
      for (const ref of part) {
        const row = rows.find(
          (r) =>
            r.type === ref.type &&
            r.name === ref.name &&
            (ref.namespace === undefined || (r.namespace ?? '') === ref.namespace),
        );
        if (row) found.set(refKey(ref), row.id);
      }
    }
    return found;
  }

  private matchesScraped(item: IndexedItem, s: ConfigSelector): boolean {
    return (
      (!s.id || item.id === s.id) &&
      (!s.externalId || item.externalIds.includes(s.externalId)) &&
      (!s.name || item.name === s.name) &&
      (!s.namespace || (item.namespace ?? '') === s.namespace) &&
      (!s.type || item.type === s.type) &&
      Object.entries(s.labels ?? {}).every(([k, v]) => item.labels?.[k] === v)
    );
  }

  /** The config ids each selector finds (keyed by selectorKey), this scrape's items first. */
  async select(selectors: ConfigSelector[]): Promise<Map<string, string[]>> {
    const found = new Map<string, string[]>();
    for (const selector of selectors) {
      const key = selectorKey(selector);
      if (found.has(key)) continue;
      const ids = this.items.filter((i) => this.matchesScraped(i, selector)).map((i) => i.id);
      const validId = !selector.id || /^[0-9a-f-]{36}$/i.test(selector.id);
      if (validId) {
        const { rows } = await this.db.query<{ id: string }>(
          `select id from configs
            where agent_id = $1 and deleted_at is null
              and ($2::uuid is null or id = $2::uuid)
              and ($3::text is null or external_id @> array[$3::text])
              and ($4::text is null or name = $4)
              and ($5::text is null or namespace = $5)
              and ($6::text is null or type = $6)
              and labels @> $7::jsonb
            order by scraper_id is not distinct from $8::uuid desc, created_at
            limit $9`,
          [
            this.agentId,
            selector.id ?? null,
            selector.externalId ?? null,
            selector.name ?? null,
            selector.namespace ?? null,
            selector.type ?? null,
            JSON.stringify(selector.labels ?? {}),
            this.scraperId,
            SELECTOR_LIMIT,
          ],
        );
        for (const row of rows) if (!ids.includes(row.id)) ids.push(row.id);
      }
      found.set(key, ids.slice(0, SELECTOR_LIMIT));
    }
    return found;
  }
}
