/**
 * /api/logs: `POST /api/logs` {id, name, query, start, end, limit, page} (common/logs.ts) answers
 * the lines of a component's logs, newest first, from the backend its log selector is routed to
 * (docs/logs.md). 400 on a body it cannot read, 404 for no such component, logs name or backend,
 * 502 `{error}` when the backend fails, 504 `{error}` when it takes too long. Needs read on
 * logging_backends and the logs feature on.
 */
import { Router } from 'express';
import { requireFeature, requirePermission, type FlagReader } from '../../access/guard.js';
import { HttpError } from '../../http/errors.js';
import type { KubeConnection } from '../../kube/index.js';
import type { Db } from '../db/db.js';
import { LogRequestError, readSearchRequest } from './request.js';
import { LogSearchError, searchLogs } from './search.js';

export interface LogsRouterDependencies {
  db: Db;
  flags: FlagReader;
  kube?: KubeConnection;
  /** The directories `file` backends may read (LOG_FILE_ROOTS). */
  fileRoots: readonly string[];
  /** The longest one search may take (default 15 s). */
  timeoutMs?: number;
}

export function createLogsRouter(deps: LogsRouterDependencies): Router {
  const router = Router();
  router.use(requireFeature('logs', deps.flags), requirePermission('logging_backends', 'read'));

  router.post('/', async (req, res) => {
    let params;
    try {
      params = readSearchRequest(req.body);
    } catch (error) {
      if (error instanceof LogRequestError) throw new HttpError(400, error.message);
      throw error;
    }
    const left = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) left.abort();
    });
    try {
      res.json(await searchLogs(deps, params, left.signal));
    } catch (error) {
      if (!(error instanceof LogSearchError)) throw error;
      if (error.status === 404) throw new HttpError(404, error.message);
      res.status(error.status).json({ error: error.message });
    }
  });

  return router;
}
