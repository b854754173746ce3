/**
 * A topology snapshot (GET /api/snapshot/topology/{id}): a zip of what was known of a component
 * and everything below it at one moment, laid out as the platform's snapshot package lays it
 * out: components.json (the topology answer for the component), then one CSV per table —
 * components, config_items, config_component_relationships, config_changes, config_analysis,
 * incidents, hypotheses, evidences — and the checks with their recent statuses. Changes, check
 * statuses and incidents are those since `start`. Every column is named here: check specs,
 * a Secret item's body and changes' diffs and details (which repeat a body) are never written.
 */
import type { Queryable } from '../db/db.js';
import { queryTopology } from './query.js';
import { toCsv } from './csv.js';
import { descendantPrefix } from './sql.js';

export interface SnapshotRequest {
  componentId: string;
  /** Also the components above it, and those linked to the same catalog items. */
  related: boolean;
  since: Date;
}

/** One file of the zip, its text made when it is written. */
export interface SnapshotFile {
  name: string;
  content: () => Promise<string>;
}

const COMPONENT_COLUMNS = [
  'id',
  'topology_id',
  'parent_id',
  'agent_id',
  'external_id',
  'name',
  'title',
  'text',
  'namespace',
  'type',
  'icon',
  'owner',
  'labels',
  'properties',
  'status',
  'health',
  'status_reason',
  'description',
  'lifecycle',
  'tooltip',
  'path',
  'is_leaf',
  'hidden',
  'log_selectors',
  'cost_per_minute',
  'cost_total_1d',
  'cost_total_7d',
  'cost_total_30d',
  'created_at',
  'updated_at',
  'deleted_at',
];
const CHECK_COLUMNS = [
  'component_id',
  'id',
  'canary_id',
  'agent_id',
  'type',
  'name',
  'namespace',
  'description',
  'endpoint',
  'icon',
  'owner',
  'severity',
  'labels',
  'status',
  'last_runtime',
  'last_transition_time',
  'created_at',
  'updated_at',
  'deleted_at',
];
const CHECK_STATUS_COLUMNS = ['check_id', 'time', 'status', 'duration', 'message', 'error', 'invalid'];
const CONFIG_COLUMNS = [
  'id',
  'agent_id',
  'scraper_id',
  'parent_id',
  'path',
  'external_id',
  'type',
  'config_class',
  'name',
  'namespace',
  'description',
  'status',
  'health',
  'ready',
  'labels',
  'tags',
  'config',
  'format',
  'source',
  'cost_total_30d',
  'last_scraped_time',
  'created_at',
  'updated_at',
  'deleted_at',
];
const LINK_COLUMNS = ['component_id', 'config_id', 'selector_id', 'created_at', 'updated_at', 'deleted_at'];
const CHANGE_COLUMNS = [
  'id',
  'config_id',
  'external_change_id',
  'change_type',
  'severity',
  'source',
  'summary',
  'tags',
  'external_created_by',
  'first_observed',
  'count',
  'created_at',
];
const ANALYSIS_COLUMNS = [
  'id',
  'config_id',
  'analyzer',
  'analysis_type',
  'severity',
  'status',
  'message',
  'summary',
  'source',
  'first_observed',
  'last_observed',
];
const INCIDENT_COLUMNS = [
  'id',
  'incident_id',
  'title',
  'description',
  'type',
  'status',
  'severity',
  'acknowledged',
  'resolved',
  'closed',
  'created_at',
  'updated_at',
];
const HYPOTHESIS_COLUMNS = [
  'id',
  'incident_id',
  'parent_id',
  'title',
  'type',
  'status',
  'created_at',
  'updated_at',
];
const EVIDENCE_COLUMNS = [
  'id',
  'hypothesis_id',
  'type',
  'description',
  'component_id',
  'config_id',
  'config_analysis_id',
  'config_change_id',
  'check_id',
  'definition_of_done',
  'done',
  'created_at',
  'updated_at',
];

/** Items whose body is a secret (a Kubernetes Secret, a cloud secret store's entry). */
const SECRET_TYPES = '(secret|credential|password|token)';

const list = (columns: readonly string[], alias: string) => columns.map((c) => `${alias}.${c}`).join(', ');

async function rowsOf(db: Queryable, text: string, params: unknown[]): Promise<Record<string, unknown>[]> {
  return (await db.query(text, params)).rows;
}

/**
 * The components of the snapshot: the one asked for and everything below it (`tree`), and with
 * `related` the components above it and those linked to the same catalog items (`related`).
 */
async function componentIds(
  db: Queryable,
  request: SnapshotRequest,
): Promise<{ tree: string[]; related: string[] } | undefined> {
  const prefix = await descendantPrefix(db, request.componentId);
  if (prefix === undefined) return undefined;
  const { rows } = await db.query<{ id: string }>(
    `select id from components
     where deleted_at is null
       and (id = $1 or parent_id = $1 or path = $2 or (path ~>=~ ($2 || '.') and path ~<~ ($2 || '/')))`,
    [request.componentId, prefix],
  );
  const tree = rows.map((row) => row.id);
  if (!request.related) return { tree, related: [] };
  const { rows: related } = await db.query<{ id: string }>(
    `select c.id from components c
     where c.deleted_at is null and c.id::text = any(string_to_array($2, '.'))
     union
     select other.component_id from config_component_relationships mine
     join config_component_relationships other
       on other.config_id = mine.config_id and other.deleted_at is null
     join components c on c.id = other.component_id and c.deleted_at is null
     where mine.component_id = any($1::uuid[]) and mine.deleted_at is null`,
    [tree, prefix],
  );
  const inTree = new Set(tree);
  return { tree, related: related.map((row) => row.id).filter((id) => !inTree.has(id)) };
}

/** The files of a component's snapshot, or undefined when it is no live component. */
export async function snapshotFiles(
  db: Queryable,
  request: SnapshotRequest,
): Promise<SnapshotFile[] | undefined> {
  const found = await componentIds(db, request);
  if (!found) return undefined;
  const ids = [...found.tree, ...found.related];
  const { rows: configRows } = await db.query<{ id: string }>(
    `select distinct config_id as id from config_component_relationships
     where component_id = any($1::uuid[]) and deleted_at is null`,
    [ids],
  );
  const configIds = configRows.map((row) => row.id);
  const { rows: incidentRows } = await db.query<{ id: string }>(
    `select distinct i.id from evidences e
     join hypotheses h on h.id = e.hypothesis_id
     join incidents i on i.id = h.incident_id
     where (e.component_id = any($1::uuid[]) or e.config_id = any($2::uuid[]))
       and (i.created_at >= $3 or i.updated_at >= $3)`,
    [ids, configIds, request.since],
  );
  const incidentIds = incidentRows.map((row) => row.id);
  const since = request.since;
  const csv = (name: string, columns: readonly string[], text: string, params: unknown[]): SnapshotFile => ({
    name,
    content: async () => toCsv(columns, await rowsOf(db, text, params)),
  });

  return [
    {
      name: 'components.json',
      content: async () => {
        const answer = (id: string, depth: number) =>
          queryTopology(db, {
            id,
            depth,
            statuses: [],
            types: [],
            descending: false,
            flatten: false,
            hidden: true,
          });
        // The component with everything below it; each related one alone (its own tree may be the whole topology).
        const components = (await answer(request.componentId, Number.MAX_SAFE_INTEGER)).components;
        for (const id of found.related) components.push(...(await answer(id, 1)).components);
        return JSON.stringify(components, null, 2);
      },
    },
    csv(
      'components.csv',
      COMPONENT_COLUMNS,
      `select ${list(COMPONENT_COLUMNS, 'c')} from components c where c.id = any($1::uuid[]) order by c.path nulls first, c.name`,
      [ids],
    ),
    csv(
      'checks.csv',
      CHECK_COLUMNS,
      `select r.component_id, ${list(CHECK_COLUMNS.slice(1), 'k')} from check_component_relationships r
       join checks k on k.id = r.check_id
       where r.component_id = any($1::uuid[]) and r.deleted_at is null order by k.name, r.component_id`,
      [ids],
    ),
    csv(
      'check_statuses.csv',
      CHECK_STATUS_COLUMNS,
      `select ${list(CHECK_STATUS_COLUMNS, 's')} from check_statuses s
       where s.check_id in (select check_id from check_component_relationships
                            where component_id = any($1::uuid[]) and deleted_at is null)
         and s.time >= $2
       order by s.check_id, s.time desc`,
      [ids, since],
    ),
    csv(
      'config_items.csv',
      CONFIG_COLUMNS,
      `select ${list(CONFIG_COLUMNS, 'g').replace(
        'g.config,',
        `case when coalesce(g.type, '') || ' ' || coalesce(g.config_class, '') ~* '${SECRET_TYPES}' then null else g.config end as config,`,
      )} from configs g where g.id = any($1::uuid[]) order by g.type, g.name`,
      [configIds],
    ),
    csv(
      'config_component_relationships.csv',
      LINK_COLUMNS,
      `select ${list(LINK_COLUMNS, 'r')} from config_component_relationships r
       where r.component_id = any($1::uuid[]) and r.deleted_at is null order by r.component_id, r.config_id`,
      [ids],
    ),
    csv(
      'config_changes.csv',
      CHANGE_COLUMNS,
      `select ${list(CHANGE_COLUMNS, 'x')} from config_changes x
       where x.config_id = any($1::uuid[]) and x.created_at >= $2 order by x.created_at desc`,
      [configIds, since],
    ),
    csv(
      'config_analysis.csv',
      ANALYSIS_COLUMNS,
      `select ${list(ANALYSIS_COLUMNS, 'a')} from config_analysis a
       where a.config_id = any($1::uuid[]) order by a.last_observed desc`,
      [configIds],
    ),
    csv(
      'incidents.csv',
      INCIDENT_COLUMNS,
      `select ${list(INCIDENT_COLUMNS, 'i')} from incidents i where i.id = any($1::uuid[]) order by i.created_at desc`,
      [incidentIds],
    ),
    csv(
      'hypotheses.csv',
      HYPOTHESIS_COLUMNS,
      `select ${list(HYPOTHESIS_COLUMNS, 'h')} from hypotheses h where h.incident_id = any($1::uuid[]) order by h.created_at`,
      [incidentIds],
    ),
    csv(
      'evidences.csv',
      EVIDENCE_COLUMNS,
      `select ${list(EVIDENCE_COLUMNS, 'e')} from evidences e
       join hypotheses h on h.id = e.hypothesis_id
       where h.incident_id = any($1::uuid[]) order by e.created_at`,
      [incidentIds],
    ),
  ];
}
