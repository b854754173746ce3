import { RESOURCE_OF } from '../../server/src/access/resource-map.js';
import { RESOURCES, ROLES, type Resource, type Role } from '../../server/src/access/roles.js';
import { jsonRequest } from '../support/session.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * The access matrix: every role reads and writes every resource of spec 1 §6 through the real
 * API, with its own API token, and gets 2xx or 403 exactly as the spec's table says. The expected
 * answers come from the table below, written as the spec words it (not from the server's code).
 */

const SPEC_RESOURCES = [
  'database',
  'rbac',
  'auth',
  'responder',
  'incident',
  'evidences',
  'comments',
  'canaries',
  'topologies',
  'config_scrapers',
  'identities',
  'connections',
  'kratos',
  'agents',
  'feature_flags',
  'logging_backends',
  'integrations',
  'notifications',
  'playbooks',
  'playbook_runs',
  'permissions',
] as const satisfies readonly Resource[];

type Grant = 'all' | 'nothing' | { allExcept: Resource[] } | { only: Resource[] };

const HIDDEN_FROM_RESPONDERS: Resource[] = ['rbac', 'identities', 'connections'];
const INCIDENT_WORK: Resource[] = ['responder', 'incident', 'evidences', 'comments'];

/** Spec 1 §6's table, row by row. */
const SPEC_TABLE: Record<Role, { read: Grant; write: Grant }> = {
  admin: { read: 'all', write: 'all' },
  editor: { read: 'all', write: { allExcept: ['connections', 'identities', 'rbac'] } },
  commander: { read: { allExcept: HIDDEN_FROM_RESPONDERS }, write: { only: INCIDENT_WORK } },
  responder: { read: { allExcept: HIDDEN_FROM_RESPONDERS }, write: { only: INCIDENT_WORK } },
  viewer: { read: { allExcept: HIDDEN_FROM_RESPONDERS }, write: 'nothing' },
};

function grants(grant: Grant, resource: Resource): boolean {
  if (grant === 'all') return true;
  if (grant === 'nothing') return false;
  return 'only' in grant ? grant.only.includes(resource) : !grant.allExcept.includes(resource);
}

const expected = (role: Role, resource: Resource) => ({
  read: grants(SPEC_TABLE[role].read, resource),
  write: grants(SPEC_TABLE[role].write, resource),
});

interface Probe {
  relation: string;
  /** The filter a harmless PATCH uses: it matches no row. */
  filter: string;
  /** One writable column. */
  body: Record<string, unknown>;
  /** What an allowed PATCH answers (204, or the database's refusal of a view it can't update). */
  allowedWriteStatus?: number;
}

const NO_ROW = 'id=eq.ffffffff-ffff-4fff-bfff-ffffffffffff';

/** One /api/db relation per resource; null where the resource has no /api/db relation yet. */
const PROBES: Record<Resource, Probe | null> = {
  // Catalog items are written by their scrapers only (catalog/rules.ts): past the guard, 405.
  database: {
    relation: 'configs',
    filter: NO_ROW,
    body: { description: 'matrix probe' },
    allowedWriteStatus: 405,
  },
  rbac: null,
  auth: null,
  responder: { relation: 'responders', filter: NO_ROW, body: { external_id: 'matrix probe' } },
  incident: { relation: 'incidents', filter: NO_ROW, body: { description: 'matrix probe' } },
  evidences: { relation: 'evidences', filter: NO_ROW, body: { description: 'matrix probe' } },
  comments: { relation: 'comments', filter: NO_ROW, body: { comment: 'matrix probe' } },
  canaries: { relation: 'canaries', filter: NO_ROW, body: { icon: 'matrix-probe' } },
  topologies: { relation: 'topologies', filter: NO_ROW, body: { icon: 'matrix-probe' } },
  config_scrapers: { relation: 'config_scrapers', filter: NO_ROW, body: { description: 'matrix probe' } },
  identities: { relation: 'people', filter: NO_ROW, body: { avatar: 'matrix-probe' } },
  connections: { relation: 'connections', filter: NO_ROW, body: { url: 'https://matrix.probe' } },
  kratos: null,
  agents: { relation: 'agents', filter: NO_ROW, body: { description: 'matrix probe' } },
  feature_flags: {
    relation: 'properties',
    filter: 'name=eq.matrix.probe',
    body: { description: 'matrix probe' },
  },
  logging_backends: { relation: 'logging_backends', filter: NO_ROW, body: { icon: 'matrix-probe' } },
  // Only views (a union of scrapers, topologies and logging backends) carry integrations, and
  // Postgres can't update that union: past the guard, the database refuses with 405.
  integrations: {
    relation: 'integrations',
    filter: NO_ROW,
    body: { description: 'x' },
    allowedWriteStatus: 405,
  },
  notifications: { relation: 'notifications', filter: NO_ROW, body: { title: 'matrix probe' } },
  playbooks: { relation: 'playbooks', filter: NO_ROW, body: { description: 'matrix probe' } },
  // Runs change only through /api/playbook (playbooks/rules.ts): past the guard, the rule refuses with 405.
  playbook_runs: {
    relation: 'playbook_runs',
    filter: NO_ROW,
    body: { error: 'matrix probe' },
    allowedWriteStatus: 405,
  },
  permissions: { relation: 'permissions', filter: NO_ROW, body: { description: 'matrix probe' } },
};

let server: TestServer;
/** What each role was seen to do, per resource: printed once all cells ran. */
const observed = new Map<string, { read: boolean; write: boolean; viaApi: boolean }>();
const cellKey = (role: Role, resource: Resource) => `${role}/${resource}`;

beforeAll(async () => {
  server = await startTestServer({ template: 'demo' });
});
afterAll(async () => {
  printMatrix();
  await server?.stop();
});

function printMatrix(): void {
  const mark = (role: Role, resource: Resource) => {
    const cell = observed.get(cellKey(role, resource));
    if (!cell) return '?';
    return `${cell.read ? 'R' : '-'} ${cell.write ? 'W' : '-'}${cell.viaApi ? '' : '*'}`;
  };
  const header = ['resource', 'relation', ...ROLES];
  const rows = SPEC_RESOURCES.map((resource) => [
    resource,
    PROBES[resource]?.relation ?? 'no endpoint',
    ...ROLES.map((role) => mark(role, resource)),
  ]);
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => row[i]!.length)));
  const line = (row: string[]) => row.map((text, i) => text.padEnd(widths[i]!)).join(' | ');
  console.log(
    [
      'Access matrix as the API answered (R read, W write; * = no /api/db endpoint, from whoami)',
      line(header),
      widths.map((width) => '-'.repeat(width)).join('-|-'),
      ...rows.map(line),
    ].join('\n'),
  );
}

it('covers exactly the resources of spec 1 §6, each probe on a relation of its resource', () => {
  expect([...RESOURCES]).toEqual([...SPEC_RESOURCES]);
  for (const resource of SPEC_RESOURCES) {
    const probe = PROBES[resource];
    if (probe) expect({ resource, maps: RESOURCE_OF[probe.relation] }).toEqual({ resource, maps: resource });
    else expect(Object.values(RESOURCE_OF)).not.toContain(resource);
  }
});

describe.each(ROLES)('%s', (role) => {
  it.each(SPEC_RESOURCES.filter((resource) => PROBES[resource]))(
    'reads and writes %s through /api/db as spec 1 §6 says',
    async (resource) => {
      const { relation, filter, body, allowedWriteStatus = 204 } = PROBES[resource]!;
      const want = expected(role, resource);

      const read = await server.fetch(`api/db/${relation}?limit=1`, {}, role);
      const write = await server.fetch(`api/db/${relation}?${filter}`, jsonRequest('PATCH', body), role);
      observed.set(cellKey(role, resource), {
        read: read.ok,
        write: write.status === allowedWriteStatus,
        viaApi: true,
      });

      expect(read.status).toBe(want.read ? 200 : 403);
      if (!want.read) expect((await read.json()).message).toBe(`You may not read ${resource}`);
      expect(write.status).toBe(want.write ? allowedWriteStatus : 403);
      if (!want.write) expect((await write.json()).message).toBe(`You may not change ${resource}`);
    },
  );

  it("reports every resource's access in whoami as spec 1 §6 says", async () => {
    const whoami = await (await server.fetch('api/auth/whoami', {}, role)).json();
    expect(whoami.roles).toEqual([role]);
    for (const resource of SPEC_RESOURCES) {
      expect({ resource, access: whoami.permissions[resource] }).toEqual({
        resource,
        access: expected(role, resource),
      });
      if (!PROBES[resource])
        observed.set(cellKey(role, resource), { ...whoami.permissions[resource], viaApi: false });
    }
  });
});

describe('embedded people', () => {
  it("lets a viewer embed a commander's id and name, but not their email", async () => {
    const allowed = await server.fetch(
      'api/db/incidents?select=id,commander:commander_id(id,name)&commander_id=not.is.null&limit=1',
      {},
      'viewer',
    );
    expect(allowed.status).toBe(200);
    const [incident] = await allowed.json();
    expect(incident.commander).toEqual({ id: expect.any(String), name: expect.any(String) });

    const refused = await server.fetch(
      'api/db/incidents?select=id,commander:commander_id(email)&limit=1',
      {},
      'viewer',
    );
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe('You may not read identities');
  });
});
