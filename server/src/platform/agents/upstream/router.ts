/**
 * /api/upstream: the endpoints agents call on their hub (docs/agents.md). Only an agent's
 * principal reaches them (requireAgent: 401 anonymous, 403 anyone else), and it reaches nothing
 * else (auth/authenticate.ts: confineAgents). Mounted in app.ts before the people's sign-in,
 * CSRF and grant checks: an agent signs in with its token (Bearer, or HTTP Basic's password), has
 * no grants, and its requests are not a browser's.
 */
import { Router, type Request, type Response } from 'express';
import { agentOf, requireAgent, requireFeature, type FlagReader } from '../../../access/guard.js';
import { apiNotFound } from '../../../http/errors.js';
import type { Db, Queryable } from '../../db/db.js';
import type { DbSchema } from '../../rest/schema.js';
import type { PushAnswer } from '../types.js';
import { ingestPush, type PushOutcome } from './ingest.js';
import { claimPlaybookAction, standingOf, wakeRunsOfReported } from './playbook-actions.js';
import { pullPlaybooks, pullRows, sinceOf, type PulledTable } from './pull.js';
import { pushPlans, pushRowsOf, type PushRows, type TablePlan } from './push-tables.js';
import { withdrawPush } from './withdraw.js';

export interface UpstreamRouterDependencies {
  db: Db;
  schema: DbSchema;
  /** The feature flags: with `agents.disable`, every agent call is refused as other disabled areas are. */
  flags: FlagReader;
  /** Called once a push wrote rows, so that reads shared with requests begun before it are not reused. */
  onWritten?: () => void;
  /** Called once an agent reported on playbook actions, so that the runner takes the next step at once. */
  onRunsWoken?: () => void;
}

export function createUpstreamRouter({
  db,
  schema,
  flags,
  onWritten,
  onRunsWoken,
}: UpstreamRouterDependencies): Router {
  const router = Router();
  const plans = pushPlans(schema);
  // Who is calling first (401/403 to anyone but an agent), then whether agents are on at all.
  router.use(requireAgent, requireFeature('agents', flags));

  router.get('/ping', async (req, res) => {
    await db.query(`update agents set last_seen = now() where id = $1`, [agentOf(req)]);
    res.json({ status: 'ok' });
  });

  type Store = (
    tx: Queryable,
    plans: readonly TablePlan[],
    rows: PushRows,
    agentId: string,
  ) => Promise<PushOutcome>;
  /** Stores the push (or its deletion) in one transaction, with the agent's last_received. */
  const push = (store: Store) => async (req: Request, res: Response) => {
    const agentId = agentOf(req);
    const rows = pushRowsOf(req.body);
    const { outcome, runsWoken } = await db.transaction(async (tx) => {
      const stored = await store(tx, plans, rows, agentId);
      const reported = rows.get('playbook_actions');
      const woken =
        reported && stored.counts.playbook_actions ? await wakeRunsOfReported(tx, agentId, reported) : 0;
      await tx.query(`update agents set last_received = now(), last_seen = now() where id = $1`, [agentId]);
      return { outcome: stored, runsWoken: woken > 0 };
    });
    if (Object.values(outcome.counts).some((n) => n > 0)) onWritten?.();
    if (runsWoken) onRunsWoken?.();
    res.json({ status: 'ok', ...outcome } satisfies PushAnswer);
  };
  router.post('/push', push(ingestPush));
  router.delete('/push', push(withdrawPush));

  router.get('/playbook-action', async (req, res) => {
    const claimed = await db.transaction((tx) => claimPlaybookAction(tx, agentOf(req)));
    if (claimed) res.json(claimed);
    else res.status(204).end();
  });
  // Asked while the agent runs the action: a cancel of the run here stops it there.
  router.get('/playbook-action/:id', async (req, res) => {
    res.json(await standingOf(db, agentOf(req), req.params.id!));
  });

  const pull = (table: PulledTable) => async (req: Request, res: Response) => {
    const since = sinceOf(req.query.since);
    res.type('application/json').send(await pullRows(db, table, agentOf(req), since));
  };
  router.get('/canary/pull', pull('canaries'));
  router.get('/scrapeconfig/pull', pull('config_scrapers'));
  router.get('/playbook/pull', async (req, res) => {
    res.json(await pullPlaybooks(db, agentOf(req)));
  });

  router.use(apiNotFound);
  return router;
}
