/**
 * The check runner as the runner suites drive it: a runner that schedules nothing (Run Now
 * only), and canaries of one entry each, made into checks by the runner's own reconcile.
 */
import { pino } from 'pino';
import type { Db } from '../../server/src/platform/db/db.js';
import { reconcileCanaries } from '../../server/src/platform/health/reconcile.js';
import { CheckRunner, type CheckRunnerOptions } from '../../server/src/platform/health/runner.js';

export function runNowRunner(db: Db, options: Partial<CheckRunnerOptions> = {}): CheckRunner {
  return new CheckRunner({
    db,
    logger: pino({ level: 'silent' }),
    enabled: false,
    concurrency: 10,
    statusRetentionMs: 30 * 86_400_000,
    rollupRetentionMs: 400 * 86_400_000,
    ...options,
  });
}

/**
 * `checkOf(kind, entry)`: a new canary in `namespace` holding the one entry (named
 * `<kind>-<n>` unless the entry names itself), and the id of the check it gives.
 */
export function canaryMaker(
  db: Db,
  { namespace, vars = {} }: { namespace: string; vars?: Record<string, string> },
) {
  let canaries = 0;
  return async function checkOf(kind: string, entry: Record<string, unknown>): Promise<string> {
    canaries += 1;
    const { rows } = await db.query<{ id: string }>(
      `insert into canaries (name, namespace, spec) values ($1, $2, $3) returning id`,
      [
        `${namespace}-${canaries}`,
        namespace,
        JSON.stringify({ [kind]: [{ name: `${kind}-${canaries}`, ...entry }] }),
      ],
    );
    await reconcileCanaries(db, vars);
    const check = await db.query<{ id: string }>('select id from checks where canary_id = $1', [rows[0]!.id]);
    return check.rows[0]!.id;
  };
}
