/**
 * The calls the platform's own web UI (flanksource-ui, `src/api/services` and the query hooks on
 * them) makes as each of its main screens loads, in its words, with the fields it reads of each
 * answer. tests/integration/platform-clients.test.ts replays them against the console with demo
 * data; docs/api.md ("The platform's own clients") lists them and the ones not served.
 */

/** What the calls need to know of the data: the signed-in person and one catalog item with ancestors. */
export interface CallContext {
  me: string;
  /** A config item with ancestors (its `path`). */
  configId: string;
}

export interface PlatformUiCall {
  screen: string;
  method: 'GET' | 'POST';
  path: (context: CallContext) => string;
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * Fields the UI reads: of the answer itself when `in` is 'object', else of each row (the answer
   * is a list and, with the demo data, not empty unless `mayBeEmpty`). Dots go into objects.
   */
  reads: readonly string[];
  in?: 'rows' | 'object';
  /** Where the rows are in an object answer (`payload`, `checks_summary`, `components`). */
  rowsAt?: string;
  mayBeEmpty?: boolean;
}

const AVATAR = 'id,name,avatar';
const COUNT = { Prefer: 'count=exact' };

export const PLATFORM_UI_CALLS: readonly PlatformUiCall[] = [
  // Every screen: who is signed in, the feature flags, the access of the signed-in person.
  {
    screen: 'shell',
    method: 'GET',
    path: () => 'api/auth/whoami',
    in: 'object',
    reads: ['message', 'payload.user.id', 'payload.user.name', 'payload.roles', 'payload.permissions'],
  },
  { screen: 'shell', method: 'GET', path: () => 'api/properties', reads: ['name', 'value', 'source'] },
  {
    screen: 'shell',
    method: 'GET',
    path: ({ me }) => `api/db/people_roles?id=in.(${me})`,
    reads: ['id', 'roles'],
  },
  { screen: 'shell', method: 'GET', path: () => 'api/canary/about', in: 'object', reads: ['Version'] },
  {
    screen: 'shell',
    method: 'GET',
    path: () =>
      'api/db/views_summary?sidebar=eq.true&select=id,name,namespace,title,icon,ordinal&order=ordinal.asc,title.asc',
    reads: [],
    mayBeEmpty: true,
  },
  {
    screen: 'shell',
    method: 'GET',
    path: () => 'api/db/agents?select=id,name,description',
    reads: ['id', 'name'],
  },

  {
    screen: 'health',
    method: 'GET',
    path: () => 'api/canary/api/summary',
    in: 'object',
    rowsAt: 'checks_summary',
    reads: ['id', 'name', 'canary_id', 'status', 'type'],
  },

  {
    screen: 'topology',
    method: 'GET',
    path: () => 'api/canary/api/topology?depth=3',
    in: 'object',
    rowsAt: 'components',
    reads: ['id', 'name', 'type', 'status'],
  },
  { screen: 'topology', method: 'GET', path: () => 'api/db/component_labels', reads: ['key', 'value'] },

  {
    screen: 'catalog',
    method: 'POST',
    path: () => 'api/catalog/summary',
    body: {
      groupBy: ['type'],
      deleted: false,
      changes: { since: '30d' },
      analysis: { since: '30d' },
      cost: '30d',
    },
    reads: ['type', 'count'],
  },
  { screen: 'catalog', method: 'GET', path: () => 'api/db/config_types', reads: ['type'] },
  { screen: 'catalog', method: 'GET', path: () => 'api/db/config_tags', reads: ['key', 'value'] },
  {
    screen: 'catalog item',
    method: 'GET',
    path: ({ configId }) => `api/db/config_detail?id=eq.${configId}&select=*`,
    reads: ['id', 'name', 'type', 'config_class', 'tags'],
  },
  {
    screen: 'catalog item',
    method: 'GET',
    path: ({ configId }) => `api/db/rpc/get_parents_by_location?config_id=${configId}`,
    reads: ['id', 'name', 'type'],
  },
  {
    screen: 'catalog item',
    method: 'GET',
    path: ({ configId }) => `api/db/config_changes?config_id=eq.${configId}&order=created_at.desc&limit=50`,
    reads: [],
    mayBeEmpty: true,
  },

  {
    screen: 'incidents',
    method: 'GET',
    path: () =>
      `api/db/incidents?select=*,hypotheses(*,created_by(${AVATAR}),evidences(id,evidence,type,component_id)),` +
      `comments(id,created_by(${AVATAR})),commander_id(${AVATAR}),communicator_id(${AVATAR}),` +
      `responders(*,team:team_id(id,name,icon,spec),person:person_id(${AVATAR}),created_by(${AVATAR}))` +
      '&order=created_at.desc',
    reads: ['id', 'incident_id', 'title', 'severity', 'status', 'hypotheses', 'responders'],
  },
  {
    screen: 'incidents',
    method: 'GET',
    path: () => 'api/db/incident_summary?order=created_at.desc',
    reads: ['id', 'incident_id', 'title', 'severity', 'status'],
  },

  {
    screen: 'playbooks',
    method: 'GET',
    path: () => 'api/db/playbook_names?select=id,name,title,icon,category&order=title.asc',
    reads: ['id', 'name', 'title'],
  },
  {
    screen: 'playbooks',
    method: 'GET',
    path: () => `api/db/playbooks?select=*,created_by(${AVATAR})&deleted_at=is.null&order=created_at.desc`,
    reads: ['id', 'name', 'spec'],
  },
  {
    screen: 'playbook runs',
    method: 'GET',
    path: () =>
      'api/db/playbook_runs?parent_id=is.null&limit=50&offset=0&order=created_at.desc' +
      `&select=*,created_by(${AVATAR}),playbooks(id,name,title,spec,icon),component:components(id,name,icon),` +
      'check:checks(id,name,icon),config:config_items(id,name,type,config_class)',
    headers: COUNT,
    reads: ['id', 'status', 'playbooks.name', 'created_at'],
  },

  {
    screen: 'notifications',
    method: 'GET',
    path: () =>
      `api/db/notifications_summary?select=*,person:person_id(${AVATAR}),team:team_id(id,name,icon),` +
      `created_by(${AVATAR})&order=created_at.desc&limit=50&offset=0`,
    headers: COUNT,
    reads: ['id', 'name', 'events'],
  },
  {
    screen: 'notifications history',
    method: 'GET',
    path: () => 'api/db/notification_send_history_summary?select=*&order=created_at.desc&limit=50&offset=0',
    headers: COUNT,
    reads: ['id', 'notification_id', 'status', 'resource', 'created_at'],
  },
  {
    screen: 'notification silences',
    method: 'GET',
    path: () =>
      'api/db/notification_silences?select=*,checks:check_id(id,name,type,status),' +
      'catalog:config_id(id,name,type,config_class),component:component_id(id,name,icon),' +
      `createdBy:created_by(${AVATAR})&order=created_at.desc&limit=50&offset=0&deleted_at=is.null`,
    headers: COUNT,
    reads: ['id', 'description', 'from', 'until'],
  },

  {
    screen: 'settings: users',
    method: 'GET',
    path: () => 'api/db/identities',
    reads: ['id', 'traits.name.first', 'traits.email', 'state'],
  },
  {
    screen: 'settings: users',
    method: 'GET',
    path: () => 'api/db/people_roles?order=name.asc',
    reads: ['id', 'name', 'roles'],
  },
  {
    screen: 'settings: teams',
    method: 'GET',
    path: () =>
      `api/db/teams_with_status?select=*,created_by(${AVATAR})&deleted_at=is.null&order=created_at.desc&limit=100`,
    reads: ['id', 'name'],
  },
  {
    screen: 'settings: connections',
    method: 'GET',
    path: () => `api/db/connections?select=*,created_by(${AVATAR})&order=name.asc`,
    reads: ['id', 'name', 'type'],
  },
  {
    screen: 'settings: feature flags',
    method: 'GET',
    path: () => `api/db/properties?select=*,created_by(${AVATAR})`,
    reads: ['name', 'value'],
  },
  {
    screen: 'settings: permissions',
    method: 'GET',
    path: () =>
      `api/db/permissions_summary?select=*,created_by(${AVATAR})&deleted_at=is.null&limit=50&offset=0&order=created_at.desc`,
    headers: COUNT,
    reads: ['id', 'action', 'subject', 'subject_type', 'deny'],
  },
  {
    screen: 'settings: permissions',
    method: 'GET',
    path: () => 'api/db/permission_subjects?select=id,name,type&type=neq.role&order=name.asc&limit=5000',
    reads: ['id', 'name', 'type'],
  },
  {
    screen: 'settings: tokens',
    method: 'GET',
    path: () => 'api/auth/tokens',
    in: 'object',
    rowsAt: 'payload',
    reads: ['id', 'name', 'created_at', 'person.name'],
  },
  {
    screen: 'settings: jobs',
    method: 'GET',
    path: () => 'api/db/job_history_summary?select=*&limit=50&offset=0&order=last_run_at.desc',
    headers: COUNT,
    reads: ['name', 'total', 'success', 'failed', 'last_run_at'],
  },
  {
    screen: 'settings: jobs',
    method: 'GET',
    path: () => 'api/db/job_histories?&select=*&limit=50&offset=0&order=created_at.desc',
    headers: COUNT,
    reads: ['id', 'name', 'status', 'created_at'],
  },
  {
    screen: 'settings: jobs',
    method: 'GET',
    path: () => 'api/db/job_history_names?order=name.asc',
    reads: ['name'],
  },
  {
    screen: 'settings: event queue',
    method: 'GET',
    path: () => 'api/db/event_queue_summary?order=last_failure.desc',
    reads: ['name'],
    mayBeEmpty: true,
  },
  {
    screen: 'settings: log backends',
    method: 'GET',
    path: () =>
      `api/db/logging_backends?order=created_at.desc&select=id,spec,name,source,created_at,updated_at,created_by(${AVATAR})&deleted_at=is.null`,
    reads: ['id', 'name', 'spec'],
  },
  ...(['canaries', 'config_scrapers'] as const).map((table): PlatformUiCall => ({
    screen: `settings: ${table}`,
    method: 'GET',
    path: () =>
      `api/db/${table}_with_status?select=*,created_by(${AVATAR})&deleted_at=is.null&order=created_at.desc&limit=100`,
    reads: ['id', 'name', 'spec'],
  })),
  {
    screen: 'settings: topologies',
    method: 'GET',
    path: () =>
      `api/db/topologies_with_status?select=*,created_by(${AVATAR}),agent:agent_id(id,name,description)` +
      '&deleted_at=is.null&order=created_at.desc&limit=100',
    reads: ['id', 'name', 'spec'],
  },
  {
    screen: 'settings: incident rules',
    method: 'GET',
    path: () =>
      `api/db/incident_rules?select=*,created_by(${AVATAR})&deleted_at=is.null&order=created_at.desc&limit=100`,
    reads: ['id', 'name', 'spec'],
  },
  {
    screen: 'agents',
    method: 'GET',
    path: () => `api/db/agents_summary?select=*,created_by(${AVATAR})&order=created_at.desc`,
    headers: COUNT,
    reads: ['id', 'name'],
  },
];

/** The value at a dotted path of an answer (undefined when a step is missing). */
export function valueAt(value: unknown, path: string): unknown {
  let current = value;
  for (const step of path.split('.').filter(Boolean)) {
    if (current === null || typeof current !== 'object' || !(step in current)) return undefined;
    current = (current as Record<string, unknown>)[step];
  }
  return current;
}
