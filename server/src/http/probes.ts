import { Router } from 'express';
import type { Db } from '../platform/db/db.js';
import type { Logger } from './logging.js';

/**
 * What /readyz needs of the cluster connection, declared here because kube/ builds on http/
 * and not the other way round; kube's connection satisfies it as it is.
 */
export interface ClusterConnection {
  status(): { state: KubernetesState };
}

/** 'connecting' until the first contact succeeds or fails; 'unsupported': a too old API server. */
export type KubernetesState = 'not configured' | 'connecting' | 'connected' | 'disconnected' | 'unsupported';

/** How /readyz tells the cluster connection: detail only, it never makes the console unready. */
export function kubernetesState(kube: ClusterConnection | undefined): KubernetesState {
  return kube?.status().state ?? 'not configured';
}

/** What /readyz needs of upstream mode's platform (upstream/health.ts satisfies it). */
export interface PlatformReachability {
  status(): Promise<{ host: string; state: 'ok' | 'unreachable' | 'refused'; reason?: string }>;
}

/**
 * Agent mode's standing with its hub, as /readyz shows it under `upstream` (declared here, as
 * ClusterConnection is; platform/agents/agent-mode's report satisfies it).
 */
export interface UpstreamProbe {
  (): Promise<{ state: string; backlog: number; last_push: string | null; detail?: string }>;
}

/**
 * /healthz: the process answers. /readyz: the database answers too (within 2 s). Probes are
 * unauthenticated, so a database failure is told in the log, not in the answer. The cluster
 * connection is reported but does not count: without it the console keeps serving. So are the hub
 * in agent mode (`upstream`: while it is away the console keeps running its checks) and upstream
 * mode's platform (`platform`: without it the console still signs people in and says what is wrong).
 */
export function probes(
  db: Db,
  isShuttingDown: () => boolean,
  logger: Logger,
  kube?: ClusterConnection,
  { upstream, platform }: { upstream?: UpstreamProbe; platform?: PlatformReachability } = {},
): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (isShuttingDown()) return void res.status(503).json({ status: 'shutting down' });
    const platformState = platform?.status();
    try {
      const [, hub] = await Promise.race([
        Promise.all([db.query('select 1'), upstream?.()]),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('database did not answer within 2 s')), 2000).unref(),
        ),
      ]);
      res.json({
        status: 'ok',
        database: db.kind,
        kubernetes: kubernetesState(kube),
        ...(hub ? { upstream: hub } : {}),
        ...(platformState ? { platform: await platformState } : {}),
      });
    } catch (error) {
      logger.warn({ err: error }, 'readiness check: database unavailable');
      res.status(503).json({ status: 'database unavailable' });
    }
  });
  return router;
}
