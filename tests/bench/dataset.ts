import type { Db } from '../../server/src/platform/db/db.js';

export const CHECKS = 10_000;
export const STATUSES_PER_CHECK = 100; // 1,000,000 status rows in all

/**
 * The benchmark's data set, generated inside the database: one canary per namespace,
 * 10,000 checks, and 100 statuses per check five minutes apart (1,000,000 rows).
 */
export async function loadBenchData(db: Db): Promise<string[]> {
  await db.query(`insert into canaries (name, namespace, spec)
    select 'bench-' || n, 'bench-ns-' || n, '{}'::jsonb from generate_series(1, 10) n`);
  await db.query(
    `insert into checks (canary_id, type, name, namespace, status, labels)
     select c.id, 'http', 'bench-check-' || g, c.namespace,
            case when g % 7 = 0 then 'unhealthy' else 'healthy' end,
            jsonb_build_object('team', 'team-' || (g % 12), 'tier', 'tier-' || (g % 3))
     from generate_series(1, $1::int) g
     join canaries c on c.name = 'bench-' || (1 + g % 10)`,
    [CHECKS],
  );
  await db.query(
    `insert into check_statuses (check_id, time, status, duration, message)
     select c.id, now() - make_interval(mins => 5 * s), (s % 11) <> 0, 20 + (s * 37) % 900, 'ok'
     from checks c cross join generate_series(1, $1::int) s
     where c.name like 'bench-check-%'`,
    [STATUSES_PER_CHECK],
  );
  await db.query('analyze');
  const { rows } = await db.query<{ id: string }>(
    `select id from checks where name like 'bench-check-%' order by name limit 500`,
  );
  return rows.map((r) => r.id);
}
