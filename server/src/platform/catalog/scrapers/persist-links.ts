/**
 * An item's place among the others once every item of the scrape is stored: `parent_id` (the
 * first of its `parents` found, or the first config a `parent` relationship rule finds) with
 * `path`, the dot-separated ids of its ancestors; and its config_relationships rows, marked with
 * the scraper's id as selector_id. After a full scrape without errors the scraper's links that
 * were not found again are removed; a user's links (selector_id 'manual') are never touched.
 */
import type { Db } from '../../db/db.js';
import type { WrittenItem } from './persist-configs.js';
import { refKey, selectorKey, type ConfigResolver } from './refs.js';

const CHUNK = 500;

interface Edge {
  config_id: string;
  related_id: string;
  relation: 'hard' | 'soft';
}

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

export interface LinkOptions {
  scraperId: string;
  /** A full scrape without errors: links of the scraper not found again are removed. */
  replaceLinks: boolean;
}

export async function writeLinks(
  db: Db,
  written: WrittenItem[],
  resolver: ConfigResolver,
  { scraperId, replaceLinks }: LinkOptions,
): Promise<void> {
  const live = written.filter((w) => !w.deleted);
  const refs = live.flatMap((w) => [
    ...(w.item.parents ?? []),
    ...(w.item.relationships ?? []).map((r) => r.related),
  ]);
  const resolved = await resolver.resolve(refs);
  const selected = await resolver.select(
    live.flatMap((w) => (w.item.ruleLinks ?? []).map((l) => l.selector)),
  );

  const parentOf = new Map<string, string | null>();
  const edges = new Map<string, Edge>();
  const addEdge = (from: string, to: string, relation: 'hard' | 'soft') => {
    if (from === to) return;
    const key = `${from}/${to}`;
    const known = edges.get(key);
    // A hard link wins over a soft one between the same two configs.
    if (!known || (known.relation === 'soft' && relation === 'hard'))
      edges.set(key, { config_id: from, related_id: to, relation });
  };
  for (const w of live) {
    let parent: string | undefined;
    for (const ref of w.item.parents ?? []) {
      const id = resolved.get(refKey(ref));
      if (id && id !== w.id) {
        parent = id;
        break;
      }
    }
    for (const link of w.item.ruleLinks ?? []) {
      const ids = (selected.get(selectorKey(link.selector)) ?? []).filter((id) => id !== w.id);
      if (link.parent) parent ??= ids[0];
      else for (const id of ids) addEdge(w.id, id, 'hard');
    }
    parentOf.set(w.id, parent ?? null);
    for (const rel of w.item.relationships ?? []) {
      const id = resolved.get(refKey(rel.related));
      if (!id) continue;
      if (rel.incoming) addEdge(id, w.id, rel.relation ?? 'hard');
      else addEdge(w.id, id, rel.relation ?? 'hard');
    }
  }

  await writeParents(db, live, parentOf);
  await writeEdges(db, [...edges.values()], scraperId, replaceLinks);
}

/** parent_id and path of every item whose ancestry changed. */
async function writeParents(
  db: Db,
  live: WrittenItem[],
  parentOf: Map<string, string | null>,
): Promise<void> {
  const outside = [...new Set([...parentOf.values()].filter((p): p is string => !!p && !parentOf.has(p)))];
  const storedPath = new Map<string, string | null>();
  for (const part of chunks(outside, 5000)) {
    const { rows } = await db.query<{ id: string; path: string | null }>(
      `select id, path from configs where id = any($1::uuid[])`,
      [part],
    );
    for (const row of rows) storedPath.set(row.id, row.path);
  }
  const pathOf = new Map<string, string | null>();
  const compute = (id: string, seen: Set<string>): string | null => {
    if (pathOf.has(id)) return pathOf.get(id)!;
    const parent = parentOf.get(id);
    if (!parent) return null;
    let parentPath: string | null;
    if (parentOf.has(parent)) {
      if (seen.has(parent)) return parent; // a cycle: stop at the parent itself
      seen.add(parent);
      parentPath = compute(parent, seen);
    } else parentPath = storedPath.get(parent) ?? null;
    const path = parentPath ? `${parentPath}.${parent}` : parent;
    pathOf.set(id, path);
    return path;
  };
  const changed: { id: string; parent_id: string | null; path: string | null }[] = [];
  for (const w of live) {
    const parentId = parentOf.get(w.id) ?? null;
    const path = compute(w.id, new Set([w.id]));
    if (parentId !== w.parentId || path !== w.path) changed.push({ id: w.id, parent_id: parentId, path });
  }
  for (const part of chunks(changed, CHUNK))
    await db.query(
      `update configs c set parent_id = x.parent_id, path = x.path
         from jsonb_to_recordset($1::jsonb) as x(id uuid, parent_id uuid, path text)
        where c.id = x.id`,
      [JSON.stringify(part)],
    );
}

async function writeEdges(db: Db, edges: Edge[], scraperId: string, replace: boolean): Promise<void> {
  for (const part of chunks(edges, CHUNK))
    await db.query(
      `insert into config_relationships (config_id, related_id, relation, selector_id)
       select x.config_id, x.related_id, x.relation, $1
         from jsonb_to_recordset($2::jsonb) as x(config_id uuid, related_id uuid, relation text)
       on conflict (config_id, related_id, selector_id) do update
         set relation = excluded.relation, deleted_at = null
         where config_relationships.relation is distinct from excluded.relation
            or config_relationships.deleted_at is not null`,
      [scraperId, JSON.stringify(part)],
    );
  if (!replace) return;
  await db.query(
    `delete from config_relationships r
      where r.selector_id = $1
        and not exists (
          select 1 from jsonb_to_recordset($2::jsonb) as d(config_id uuid, related_id uuid)
           where d.config_id = r.config_id and d.related_id = r.related_id)`,
    [scraperId, JSON.stringify(edges.map((e) => ({ config_id: e.config_id, related_id: e.related_id })))],
  );
}
