/**
 * The permission check's cost (p95 added < 2 ms): 10,000 rows in `permissions` over 500 people
 * and 100 teams, on configs, connections, playbooks and global objects, the signed-in
 * administrator holding a few of them (directly and through a team); a list of /api/db timed as
 * that administrator and, request for request in turn, as a second administrator who holds none
 * (the same request with nothing for the check to apply), so both see the same machine; each
 * pair's order is swapped every round. Then
 * every grant row is deleted through the API and the first person's list is timed again beside
 * the second's. access/grant-cache.ts keeps each person's grants, so only the first request
 * after a change pays their query.
 */
import { createLocalUsers } from '../../server/src/auth/local-users.js';
import type { Db } from '../../server/src/platform/db/db.js';
import { BENCH_ADMIN_PASSWORD, get, getJson, signIn, type Build, type Server } from './server.js';
import { summarize } from './stats.js';
import type { Results, RowSpec } from './table.js';
import { withLoadedServers, type BackEnd } from './targets.js';

export const GRANT_ROWS = 10_000;
const PEOPLE = 500;
const TEAMS = 100;
const CONFIGS = 2_000;
const CONNECTIONS = 100;
const PLAYBOOKS = 100;
const REQUESTS = 400;
const WARMUP = 50;
/** The administrator's own rows and their team's (one of TEAMS), set apart from the spread. */
const OWN_GRANTS = 3;
/** The second administrator, who holds no grant. */
const BARE_ADMIN = 'bench-bare-admin';

/** The list timed: the catalog's configs (a relation grants narrow, row-scope.ts), a page of 50. */
export const GRANTS_LIST = 'api/db/configs?select=id,name,type&order=name.asc&limit=50';

const added: RowSpec['budget'] = { max: 2, text: 'p95 added < 2 ms' };
export const GRANTS_ROWS = {
  with: {
    figure: `configs list of 50 with ${GRANT_ROWS.toLocaleString()} grants, the caller holding 13, p95`,
    unit: 'ms',
  },
  bare: { figure: '  the same, in turn, by an administrator holding none, p95', unit: 'ms' },
  added: { figure: '  added by the grants (the two p95s apart)', unit: 'ms', budget: added },
  deleted: { figure: '  the first caller once every grant row is deleted, p95', unit: 'ms' },
  bareAfter: { figure: '  the second caller, in turn with it, p95', unit: 'ms' },
  addedAfter: { figure: '  apart (no grant rows at all)', unit: 'ms' },
} satisfies Record<string, RowSpec>;

/**
 * 500 viewers in 100 teams of 5, 2,000 configs, 100 connections and 100 playbooks, and 10,000
 * permissions: people's (90%) and teams' (10%), on a config (60%), a connection or a playbook
 * (15% each) or a global object (10%); one in ten a deny, one in ten with an `until` a day away.
 * The administrator (the bench's caller) has three grants of their own and is in a team with ten.
 */
export async function loadGrantsBenchData(db: Db): Promise<void> {
  const { rows } = await db.query<{ id: string }>(
    `select id from people where 'admin' = any(roles) order by created_at limit 1`,
  );
  const admin = rows[0]?.id;
  if (!admin) throw new Error('the data set needs the administrator the server creates at first start');
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into people (name, email, roles)
       select 'bench-person-' || g, 'bench-' || g || '@example.test', '{viewer}' from generate_series(1, $1::int) g`,
      [PEOPLE],
    );
    await tx.query(`insert into teams (name) select 'bench-team-' || g from generate_series(1, $1::int) g`, [
      TEAMS,
    ]);
    await tx.query(
      `insert into team_members (team_id, person_id)
       select t.id, p.id
       from (select id, row_number() over (order by name) - 1 as n from people where name like 'bench-person-%') p
       join (select id, row_number() over (order by name) - 1 as n from teams where name like 'bench-team-%') t
         on t.n = p.n % $1::int`,
      [TEAMS],
    );
    await tx.query(
      `insert into team_members (team_id, person_id) select id, $1::uuid from teams where name = 'bench-team-1'`,
      [admin],
    );
    await tx.query(
      `insert into configs (name, type) select 'bench-config-' || g, 'Kubernetes::Pod' from generate_series(1, $1::int) g`,
      [CONFIGS],
    );
    await tx.query(
      `insert into connections (name, type, url)
       select 'bench-connection-' || g, 'http', 'http://example.test' from generate_series(1, $1::int) g`,
      [CONNECTIONS],
    );
    await tx.query(
      `insert into playbooks (name, spec)
       select 'bench-playbook-' || g, '{"actions":[{"name":"echo","exec":{"script":"echo hi"}}]}'::jsonb
       from generate_series(1, $1::int) g`,
      [PLAYBOOKS],
    );
    // Row g of the spread: its action, resource, deny and until by g's residues, its subject by g / 10.
    await tx.query(
      `with p as (select id, row_number() over (order by name) - 1 as n from people where name like 'bench-person-%'),
            t as (select id, row_number() over (order by name) - 1 as n from teams where name like 'bench-team-%'),
            c as (select id, row_number() over (order by name) - 1 as n from configs where name like 'bench-config-%'),
            k as (select id, row_number() over (order by name) - 1 as n from connections where name like 'bench-connection-%'),
            b as (select id, row_number() over (order by name) - 1 as n from playbooks where name like 'bench-playbook-%')
       insert into permissions (action, deny, object, config_id, connection_id, playbook_id, person_id, team_id, until)
       select case when g % 20 < 6 then 'playbook:run' when g % 20 < 12 then 'update' else 'read' end,
              g % 10 = 3,
              case when g % 20 >= 18 then (array['catalog','topology','connection','incident','logs'])[1 + g % 5] end,
              case when g % 20 < 12 then c.id end,
              case when g % 20 between 12 and 14 then k.id end,
              case when g % 20 between 15 and 17 then b.id end,
              case when g % 10 <> 7 then p.id end,
              case when g % 10 = 7 then t.id end,
              case when g % 10 = 5 then now() + interval '1 day' end
       from generate_series(1, $1::int) g
       join c on c.n = g % $2::int
       join k on k.n = g % $3::int
       join b on b.n = g % $4::int
       join p on p.n = (g / 10) % $5::int
       join t on t.n = (g / 10) % $6::int`,
      [GRANT_ROWS - OWN_GRANTS, CONFIGS, CONNECTIONS, PLAYBOOKS, PEOPLE, TEAMS],
    );
    // The caller's own: a config to read, a playbook to run, the catalog object.
    await tx.query(
      `insert into permissions (action, config_id, playbook_id, object, person_id)
       values ('read', (select id from configs where name = 'bench-config-1'), null, null, $1::uuid),
              ('playbook:run', null, (select id from playbooks where name = 'bench-playbook-1'), null, $1::uuid),
              ('read', null, null, 'catalog', $1::uuid)`,
      [admin],
    );
  });
  await createLocalUsers(db).create({
    username: BARE_ADMIN,
    password: BENCH_ADMIN_PASSWORD,
    name: 'Bench Bare Admin',
    roles: ['admin'],
  });
  const count = await db.query<{ n: number }>('select count(*)::int as n from permissions');
  if (count.rows[0]!.n !== GRANT_ROWS) throw new Error(`the data set has ${count.rows[0]!.n} grants`);
  await db.query('analyze');
}

const grantsOf = async (server: Server) =>
  (await getJson<{ grants: unknown[] }>(server, 'api/auth/whoami')).grants.length;

/** Deletes every grant row through the API, as the administrator, until whoami lists none. */
async function deleteAllGrants(server: Server): Promise<void> {
  const csrf = /(?:^|;\s*)csrf_token=([^;]+)/.exec(server.cookie)?.[1] ?? '';
  const response = await fetch(`${server.url}api/db/permissions?id=not.is.null`, {
    method: 'DELETE',
    headers: { cookie: server.cookie, 'x-csrf-token': csrf },
  });
  if (!response.ok) throw new Error(`deleting the grants: HTTP ${response.status} ${await response.text()}`);
  if ((await grantsOf(server)) !== 0) throw new Error('whoami still lists grants after they were deleted');
}

/**
 * Each server's two callers' p95s, timed request for request in turn (A holder, A bare, B
 * holder…), the order of each pair swapped every round so neither always goes first.
 */
async function timedPairs(servers: readonly Server[], bare: readonly Server[]) {
  const samples = servers.map(() => ({ holder: [] as number[], bare: [] as number[] }));
  for (let i = -WARMUP; i < REQUESTS; i++) {
    for (const [k, server] of servers.entries()) {
      const pair = [
        ['holder', server],
        ['bare', bare[k]!],
      ] as const;
      for (const [who, subject] of i % 2 === 0 ? pair : [...pair].reverse()) {
        const started = performance.now();
        await get(subject, GRANTS_LIST);
        if (i >= 0) samples[k]![who].push(performance.now() - started);
      }
    }
  }
  return samples.map((s) => ({ holder: summarize(s.holder).p95, bare: summarize(s.bare).p95 }));
}

export async function benchGrants(
  backEnd: BackEnd,
  builds: readonly Build[],
  results: Results,
): Promise<void> {
  results.declare(Object.values(GRANTS_ROWS));
  await withLoadedServers(
    backEnd,
    builds,
    { name: 'grants', load: loadGrantsBenchData },
    { CHECK_RUNNER_ENABLED: 'false', PLAYBOOK_RUNNER_ENABLED: 'false' },
    async (servers) => {
      const bare: Server[] = [];
      for (const server of servers) {
        bare.push({ ...server, cookie: await signIn(server.url, BARE_ADMIN) });
        const held = await grantsOf(server);
        if (held < OWN_GRANTS) throw new Error(`build ${server.build.name}: the caller holds ${held} grants`);
        if ((await grantsOf(bare.at(-1)!)) !== 0) throw new Error('the second administrator holds grants');
        console.log(`  ${backEnd}, build ${server.build.name}: the caller holds ${held} grants`);
      }
      /** The holder's, the bare administrator's and the difference, of one round of pairs. */
      const record = (pairs: { holder: number; bare: number }[], rows: [RowSpec, RowSpec, RowSpec]) => {
        const [holder, bareRow, added] = rows;
        results.setAll(
          holder,
          backEnd,
          pairs.map((p) => p.holder),
        );
        results.setAll(
          bareRow,
          backEnd,
          pairs.map((p) => p.bare),
        );
        results.setAll(
          added,
          backEnd,
          pairs.map((p) => p.holder - p.bare),
        );
      };
      record(await timedPairs(servers, bare), [GRANTS_ROWS.with, GRANTS_ROWS.bare, GRANTS_ROWS.added]);
      for (const server of servers) await deleteAllGrants(server);
      record(await timedPairs(servers, bare), [
        GRANTS_ROWS.deleted,
        GRANTS_ROWS.bareAfter,
        GRANTS_ROWS.addedAfter,
      ]);
    },
  );
}
