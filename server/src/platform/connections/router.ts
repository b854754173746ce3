/**
 * /api/connection: Test Connection (`POST /api/connection/test/{id}`, spec 3 §7). 200
 * `{"message":"ok"}` when the connection connects and authenticates, 400 `{"error": cause}`
 * when it does not, 501 `{"error": ...}` for a type that cannot be tested, 404 for no such
 * connection. Needs read on that connection (the role's read on connections, or a grant of read
 * on it; a deny refuses) and the connections settings page on.
 */
import { Router } from 'express';
import { checkReadOf, requireFeature, type FlagReader } from '../../access/guard.js';
import { HttpError } from '../../http/errors.js';
import type { KubeConnection } from '../../kube/index.js';
import { UUID } from '../../lib/uuid.js';
import type { Db } from '../db/db.js';
import { connectionResolver } from './resolver.js';
import { scrubSecrets } from './scrub.js';
import { testConnection } from './test.js';

export const CONNECTION_NOT_FOUND = 'Connection not found';
export const CONNECTION_DENIED = 'You may not use this connection';

export interface ConnectionsRouterDependencies {
  db: Db;
  flags: FlagReader;
  /** Where `secret://` and `configmap://` values are read. */
  kube?: KubeConnection;
  /** The longest one test may take (default 10 s). */
  timeoutMs?: number;
}

interface StoredConnection {
  name: string;
  namespace: string;
  type: string;
  insecure_tls: boolean;
}

export function createConnectionsRouter(deps: ConnectionsRouterDependencies): Router {
  const router = Router();
  router.use(requireFeature('settings.connections', deps.flags));

  router.post('/test/:id', async (req, res) => {
    const id = req.params.id ?? '';
    checkReadOf(
      req,
      'connections',
      { kind: 'connection', id, object: 'connection-detail' },
      CONNECTION_DENIED,
    );
    const { rows } = UUID.test(id)
      ? await deps.db.query<StoredConnection>(
          `select name, namespace, type, insecure_tls from connections where id = $1 and deleted_at is null`,
          [id],
        )
      : { rows: [] };
    const stored = rows[0];
    if (!stored) throw new HttpError(404, CONNECTION_NOT_FOUND);
    const secrets = new Set<string>();
    let resolved;
    try {
      const resolve = connectionResolver(deps.db, { namespace: stored.namespace, kube: deps.kube, secrets });
      resolved = await resolve(`connection://${stored.namespace}/${stored.name}`);
    } catch (error) {
      // A secret:// or configmap:// value that cannot be read: the reason, never a value.
      res.status(400).json({ error: scrubSecrets((error as Error).message, secrets) });
      return;
    }
    if (!resolved) throw new HttpError(404, CONNECTION_NOT_FOUND);
    const result = await testConnection(
      { ...resolved, insecureTls: stored.insecure_tls },
      { db: deps.db, secrets, timeoutMs: deps.timeoutMs },
    );
    if (result.status === 'ok') res.json({ message: 'ok' });
    else res.status(result.status === 'unsupported' ? 501 : 400).json({ error: result.error });
  });

  return router;
}
