/**
 * Which resource of spec 1 §6 each relation and function of /api/db belongs to, what a request
 * asks of it (read or write, on the relation and on everything it embeds), and the decision
 * against a person's permissions. docs/access.md shows the whole map; tests/integration/
 * resource-map.test.ts holds it to the migrated schema.
 */
import type { ParsedQuery, Filter, SelectItem } from '../platform/rest/parse.js';
import { resolveRelationship } from '../platform/rest/relationships.js';
import type { DbSchema, Relation } from '../platform/rest/schema.js';
import type { Permissions, Resource } from './roles.js';

/** Tables, views and `rpc/<function>`: a view goes with what it shows. */
export const RESOURCE_OF: Record<string, Resource> = {
  // Health: check definitions, checks, their results and links.
  canaries: 'canaries',
  canaries_with_status: 'canaries',
  canary_names: 'canaries',
  checks: 'canaries',
  check_statuses: 'canaries',
  check_status_rollups: 'canaries',
  check_component_relationships: 'canaries',
  check_config_relationships: 'canaries',
  check_summary_for_config: 'canaries',
  checks_by_component: 'canaries',

  // Catalog: config items, changes, insights and relationships are the platform's database.
  configs: 'database',
  config_detail: 'database',
  config_names: 'database',
  config_summary: 'database',
  config_tags: 'database',
  config_labels: 'database',
  config_types: 'database',
  config_statuses: 'database',
  config_changes: 'database',
  change_types: 'database',
  changes_by_component: 'database',
  config_analysis: 'database',
  config_analysis_analyzers: 'database',
  config_analysis_items: 'database',
  analysis_by_component: 'database',
  config_relationships: 'database',
  config_component_relationships: 'database',
  'rpc/related_configs_recursive': 'database',
  'rpc/lookup_analysis_by_component': 'database',
  // The platform's names for the catalog, for its own clients (migration 0043).
  config_items: 'database',
  'rpc/get_parents_by_location': 'database',

  config_scrapers: 'config_scrapers',
  config_scrapers_with_status: 'config_scrapers',

  // Topology: definitions, components and who owns them.
  topologies: 'topologies',
  topologies_with_status: 'topologies',
  components: 'topologies',
  component_names: 'topologies',
  component_labels: 'topologies',
  components_with_logs: 'topologies',
  team_components: 'topologies',

  // Incidents.
  incidents: 'incident',
  incident_summary: 'incident',
  incidents_by_component: 'incident',
  incidents_by_config: 'incident',
  incident_histories: 'incident',
  incident_rules: 'incident',
  incident_rules_with_status: 'incident',
  hypotheses: 'incident',
  evidences: 'evidences',
  comments: 'comments',
  responders: 'responder',

  // People and teams.
  people: 'identities',
  identities: 'identities',
  teams: 'identities',
  teams_with_status: 'identities',
  team_members: 'identities',
  people_roles: 'identities',
  permission_subjects: 'identities',

  notifications: 'notifications',
  notifications_summary: 'notifications',
  notifications_with_status: 'notifications',
  notification_send_history: 'notifications',
  notification_send_history_summary: 'notifications',
  notification_silences: 'notifications',

  playbooks: 'playbooks',
  playbook_names: 'playbooks',
  playbook_runs: 'playbook_runs',
  playbook_run_actions: 'playbook_runs',
  playbook_approvals: 'playbook_runs',

  agents: 'agents',
  agents_summary: 'agents',

  connections: 'connections',
  connections_with_status: 'connections',
  permissions: 'permissions',
  permissions_with_status: 'permissions',
  permissions_summary: 'permissions',
  properties: 'feature_flags',
  properties_with_status: 'feature_flags',
  logging_backends: 'logging_backends',
  logging_backends_with_status: 'logging_backends',
  integrations: 'integrations',
  integrations_with_status: 'integrations',

  // Platform bookkeeping.
  job_histories: 'database',
  job_history_names: 'database',
  job_history_summary: 'database',
  // The platform's custom views: none here, always empty (migration 0043).
  views_summary: 'database',
  event_queue: 'database',
  event_queue_summary: 'database',
};

/**
 * Functions that change data: a POST to them is a write. None does today (the test holds every
 * other exposed function to `stable` or `immutable`), so a call to any of them is a read.
 */
export const WRITING_FUNCTIONS: ReadonlySet<string> = new Set<string>();

/**
 * The embed exception. Lists everywhere show who created, commands or responds by embedding
 * `created_by(...)`, `person:person_id(...)` or `team:team_id(...)`, but people and teams are
 * `identities`, which commanders, responders and viewers may not read. An embed of one of these
 * relations that asks only for these columns (in its select, filters and order) needs nothing
 * beyond read on the parent; any other column, `*`, or reading the relation itself needs
 * `identities`. A team's `spec` holds the responder-client templates the responder form fills
 * in (credentials live in connections). An agent's name labels the rows it pushed in every area
 * (`agent:agent_id(id,name)`), as a person's name does, also for people who may not read agents
 * and while the agents area is off; its properties and tokens stay the agents area's.
 */
export const PUBLIC_EMBED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  people: ['id', 'name', 'avatar'],
  teams: ['id', 'name', 'icon', 'spec'],
  agents: ['id', 'name'],
};

/**
 * Resources a view may not carry into another resource's rows: what it reads of them (in any
 * column, subquery or filter; see `Relation.sources`) is checked as an embed of them would be,
 * so `people.email` through a notifications view needs read on identities as it does anywhere.
 */
export const GUARDED_SOURCES: ReadonlySet<Resource> = new Set<Resource>(['identities', 'connections']);

export type Action = 'read' | 'write';

/**
 * What a request needs: an action on a resource. `resource` is null for a name that has no
 * entry in RESOURCE_OF; only someone who may read and write everything passes that (so the
 * router still answers an administrator's unknown name with its own 404).
 */
export interface AccessRequest {
  resource: Resource | null;
  action: Action;
  /** The relation or `rpc/<function>` asked for. */
  name: string;
}

/** An embedded relation and the columns the request names of it (`*` for all of them). */
export interface EmbedTarget {
  relation: string;
  columns: readonly string[];
}

export function resourceOf(name: string): Resource | null {
  return Object.hasOwn(RESOURCE_OF, name) ? RESOURCE_OF[name]! : null;
}

/** True when embedding these columns of the relation needs no more than read on the parent. */
export function embedAllowed(relation: string, columns: readonly string[]): boolean {
  const allowed = Object.hasOwn(PUBLIC_EMBED_COLUMNS, relation) ? PUBLIC_EMBED_COLUMNS[relation]! : [];
  return allowed.length > 0 && columns.every((column) => allowed.includes(column));
}

/**
 * What a request to /api/db/<name> needs. GET and HEAD read; POST, PATCH and DELETE write the
 * relation (any other method counts as a write). A function is read by GET and HEAD, and by
 * POST unless it is one of WRITING_FUNCTIONS. Every embedded relation is read, also in a
 * write's returned representation, except what embedAllowed lets through. A string embed
 * stands for all of that relation's columns.
 */
export function accessFor(
  method: string,
  name: string,
  embeds: readonly (string | EmbedTarget)[] = [],
): AccessRequest[] {
  const verb = method.toUpperCase();
  const fn = name.startsWith('rpc/') ? name.slice('rpc/'.length) : null;
  const reads =
    verb === 'GET' || verb === 'HEAD' || (fn !== null && verb === 'POST' && !WRITING_FUNCTIONS.has(fn));
  const requests: AccessRequest[] = [{ resource: resourceOf(name), action: reads ? 'read' : 'write', name }];
  for (const embed of embeds) {
    const target = typeof embed === 'string' ? { relation: embed, columns: ['*'] } : embed;
    if (embedAllowed(target.relation, target.columns)) continue;
    const request: AccessRequest = {
      resource: resourceOf(target.relation),
      action: 'read',
      name: target.relation,
    };
    const same = (r: AccessRequest) =>
      r.action === 'read' &&
      r.resource === request.resource &&
      (r.resource !== null || r.name === request.name);
    if (!requests.some(same)) requests.push(request);
  }
  return requests;
}

/** The words of a refusal: 'You may not read connections', 'You may not change incident'. */
export const refusal = (action: Action, what: string) =>
  `You may not ${action === 'read' ? 'read' : 'change'} ${what}`;

const mayDoEverything = (permissions: Permissions) =>
  Object.values(permissions).every((access) => access.read && access.write);

/** Allowed when every request is; else the first refusal, in words a person understands. */
export function decide(
  permissions: Permissions,
  requests: readonly AccessRequest[],
): { allowed: true } | { allowed: false; message: string } {
  for (const { resource, action, name } of requests) {
    const allowed = resource === null ? mayDoEverything(permissions) : permissions[resource][action];
    if (!allowed) {
      return { allowed: false, message: refusal(action, resource ?? name) };
    }
  }
  return { allowed: true };
}

/**
 * The relations a parsed request embeds, at any depth, each with the columns it selects,
 * filters and orders by. `name` is a relation or `rpc/<function>` (whose rows are those of the
 * relation it returns). Embeds the schema can't resolve are left out: the router refuses the
 * request with its own error.
 */
export function embedsOf(
  schema: DbSchema,
  name: string,
  parsed: Pick<ParsedQuery, 'select' | 'paths'>,
): EmbedTarget[] {
  const root = name.startsWith('rpc/')
    ? schema.functions.get(name.slice('rpc/'.length))?.find((fn) => fn.returnsRelation)?.returnsRelation
    : name;
  const parent = root ? schema.relations.get(root) : undefined;
  const found: EmbedTarget[] = [];
  const walk = (relation: Relation, items: readonly SelectItem[], path: string) => {
    for (const item of items) {
      if (item.kind !== 'embed') continue;
      let target: Relation;
      try {
        target = resolveRelationship(schema, relation, item.name, item.hint).target;
      } catch {
        continue;
      }
      const key = item.alias ?? item.name;
      const childPath = path === '' ? key : `${path}.${key}`;
      const columns = new Set<string>();
      for (const child of item.select) {
        if (child.kind === 'star') columns.add('*');
        else if (child.kind === 'column') columns.add(child.field.column);
      }
      const options = parsed.paths.get(childPath);
      for (const filter of options?.filters ?? []) filterColumns(filter, columns);
      for (const term of options?.order ?? []) columns.add(term.field.column);
      found.push({ relation: target.name, columns: [...columns] });
      walk(target, item.select, childPath);
    }
  };
  if (parent) walk(parent, parsed.select, '');
  return found;
}

/**
 * What a request reads through views, for the relation (or function's relation) asked for and
 * each relation it embeds: the columns those views read of a guarded resource other than their
 * own, as embed targets (so the embed exception applies alike).
 */
export function viewSourcesOf(schema: DbSchema, name: string, embeds: readonly EmbedTarget[]): EmbedTarget[] {
  const root = name.startsWith('rpc/')
    ? schema.functions.get(name.slice('rpc/'.length))?.find((fn) => fn.returnsRelation)?.returnsRelation
    : name;
  const found: EmbedTarget[] = [];
  for (const relation of new Set([...(root ? [root] : []), ...embeds.map((embed) => embed.relation)])) {
    const own = resourceOf(relation);
    for (const [source, columns] of schema.relations.get(relation)?.sources ?? []) {
      const resource = resourceOf(source);
      if (resource && resource !== own && GUARDED_SOURCES.has(resource))
        found.push({ relation: source, columns: [...columns] });
    }
  }
  return found;
}

/** Everything a request reads besides its relation: its embeds and what views read for it. */
export function readsOf(
  schema: DbSchema,
  name: string,
  parsed: Pick<ParsedQuery, 'select' | 'paths'>,
): EmbedTarget[] {
  const embeds = embedsOf(schema, name, parsed);
  return [...embeds, ...viewSourcesOf(schema, name, embeds)];
}

function filterColumns(filter: Filter, into: Set<string>): void {
  if (filter.kind === 'condition') into.add(filter.field.column);
  else for (const child of filter.children) filterColumns(child, into);
}
