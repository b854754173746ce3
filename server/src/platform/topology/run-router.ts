/**
 * POST /api/canary/run/topology/{id}: canary-checker's Run now of a topology. It builds the
 * topology at once and answers when the build is done: `{status: "ok", count}` as upstream
 * (count: the components built, as text), with what the build did. It needs write on topologies
 * and the topology feature; another agent's topology is built there, so it is refused (422).
 */
import { Router } from 'express';
import { requireFeature, requirePermission, type FlagReader } from '../../access/guard.js';
import { HttpError } from '../../http/errors.js';
import { UUID } from '../../lib/uuid.js';
import { TopologyNotRunHere, type TopologyScheduler } from './jobs.js';

/** The answer of POST /api/canary/run/topology/{id}. */
export interface RunTopologyResponse {
  status: 'ok';
  /** Components in the result, as text (canary-checker answers it so). */
  count: string;
  /** The job_histories status the build was recorded with. */
  job_status: 'SUCCESS' | 'WARNING' | 'FAILED' | 'STOPPED';
  added: number;
  updated: number;
  unchanged: number;
  deleted: number;
  errors: string[];
}

export function createTopologyRunRouter({
  flags,
  topologies,
}: {
  flags: FlagReader;
  topologies?: Pick<TopologyScheduler, 'runNow'>;
}): Router {
  const router = Router();
  router.post(
    '/:id',
    requireFeature('topology', flags),
    requirePermission('topologies', 'write'),
    async (req, res) => {
      const id = String(req.params.id);
      if (!UUID.test(id)) throw new HttpError(400, `'${id}' is not a topology id`);
      if (!topologies) throw new HttpError(503, 'Topologies are not built in this console process');
      let run;
      try {
        run = await topologies.runNow(id);
      } catch (error) {
        if (error instanceof TopologyNotRunHere) throw new HttpError(error.status, error.message);
        throw error;
      }
      const { summary, status } = run;
      const body: RunTopologyResponse = {
        status: 'ok',
        count: String(summary.components),
        job_status: status,
        added: summary.added,
        updated: summary.updated,
        unchanged: summary.unchanged,
        deleted: summary.deleted,
        errors: summary.errors,
      };
      res.json(body);
    },
  );
  return router;
}
