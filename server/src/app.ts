import compression from 'compression';
import express, { Router } from 'express';
import { attachGrants } from './access/attach-grants.js';
import type { Identity } from './auth/index.js';
import type { About } from './auth/whoami.js';
import type { Config } from './config.js';
import { apiNotFound, errorHandler, plainErrorHandler } from './http/errors.js';
import { requestLogging, type Logger } from './http/logging.js';
import { createMetrics } from './http/metrics.js';
import { probes } from './http/probes.js';
import { checkRequestValues, refuseMalformedPath } from './http/request-checks.js';
import { noStore, securityHeaders } from './http/security.js';
import { webUi } from './http/web-ui.js';
import type { KubeConnection } from './kube/connection.js';
import { createKubeProxy } from './kube/kube-proxy.js';
import { createKubeconfigDownload } from './kube/kubeconfig.js';
import { createKubeRouter } from './kube/router.js';
import { backendVersion } from './version.js';
import { createPlatformApi, platformBodyErrors } from './platform/api.js';
import { createUpstreamRouter } from './platform/agents/index.js';
import { sharedReads } from './platform/rest/shared-reads.js';
import { forgetOnWrites } from './http/forget-on-writes.js';
import type { Db } from './platform/db/db.js';
import { upstreamReport } from './platform/agents/agent-mode/index.js';
import type { ScraperScheduler } from './platform/catalog/index.js';
import type { TopologyScheduler } from './platform/topology/index.js';
import { createHealthWebhookRouter, type CheckRunner } from './platform/health/router.js';
import { createPlaybookWebhookRouter } from './platform/playbooks/index.js';
import { createSpecsRouter } from './platform/specs/router.js';
import type { DbSchema } from './platform/rest/schema.js';
import { createPlatformHealth, createUpstreamApi } from './upstream/index.js';

export interface AppDependencies {
  config: Config;
  db: Db;
  schema: DbSchema;
  logger: Logger;
  webDir: string;
  isShuttingDown: () => boolean;
  identity: Identity;
  /** The check runner, when it runs in this process (Run Now). */
  health?: CheckRunner;
  /** The Kubernetes cluster connection (a not-configured one when there is no cluster). */
  kube: KubeConnection;
  /** Called once a playbook run is queued, so that the runner may start it at once. */
  onPlaybookRunQueued?: () => void;
  /** The scrapers' scheduler (Run now of /api/config). */
  scrapers?: ScraperScheduler;
  /** The topology builder (Run now of /api/canary/run/topology). */
  topologies?: TopologyScheduler;
}

/** Assembles middleware and routers; every path lives under config.basePath. */
export function createApp({
  config,
  db,
  schema,
  logger,
  webDir,
  isShuttingDown,
  identity,
  health,
  kube,
  onPlaybookRunQueued,
  scrapers,
  topologies,
}: AppDependencies) {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  const metrics = createMetrics(db);
  app.use(metrics.track);
  app.use(requestLogging(logger));
  app.use(securityHeaders());
  // Level 1: most of the size gain for a third of the CPU of the default level 6. /api/db
  // compresses its answers itself, in one write (http/send.ts): the middleware would only wrap them.
  const compress = compression({ level: 1 });
  const dbApi = `${config.basePath}api/db/`;
  app.use((req, res, next) => (req.path.startsWith(dbApi) ? next() : compress(req, res, next)));

  // Upstream mode (PLATFORM_URL): the platform API group is an existing platform's, proxied.
  const upstream = config.platform;
  const platformHealth = upstream && createPlatformHealth(upstream);
  const probeRoutes = probes(db, isShuttingDown, logger, kube, {
    ...(config.upstream ? { upstream: () => upstreamReport(db) } : {}),
    ...(platformHealth ? { platform: platformHealth } : {}),
  });
  const root = Router();
  root.use(refuseMalformedPath);
  root.use(probeRoutes);
  root.use(metrics.router);

  // The request path reads like a sentence: who is calling → may they → the handler.
  const { authentication, publicAuth, account, people } = identity;
  const api = Router();
  api.use(noStore);
  // Before the body parser: the proxy streams request bodies and watch responses as they are.
  api.use(
    '/kubeproxy',
    authentication.identify,
    authentication.confineAgents,
    authentication.requireSignedIn,
    authentication.csrf,
    createKubeProxy({ kube, flags: identity.flags, logger }),
  );
  if (upstream) {
    // Before the body parser too: request bodies reach the platform as they came, streamed.
    api.use(
      createUpstreamApi({
        platform: upstream,
        apiRoot: `${config.basePath}api`,
        schema,
        authentication,
        grants: identity.grants,
        flags: identity.flags,
        logger,
        isShuttingDown,
        health: platformHealth,
        sessionAccessTokens: identity.sessionAccessTokens,
      }),
    );
  } else {
    // Called by other systems with the playbook's own credentials, not a person's sign-in; before
    // the body parser: a signature is checked over the body's bytes.
    api.use(
      '/playbook/webhook',
      createPlaybookWebhookRouter({ db, flags: identity.flags, kube, onRunQueued: onPlaybookRunQueued }),
    );
  }
  api.use(express.json({ limit: config.bodyLimitBytes, type: ['application/json', 'application/*+json'] }));
  api.use(checkRequestValues);
  api.use(authentication.identify);
  const reads = sharedReads({ startAfterTurn: db.kind === 'pglite' });
  // The agents' own endpoints, before the people's: an agent has no session (no CSRF) and no
  // grants, and a push changes nothing the sign-in, flag or grant caches hold. Agents reach
  // nothing past them.
  api.use(
    '/upstream',
    authentication.identifyAgentBasic,
    createUpstreamRouter({
      db,
      schema,
      flags: identity.flags,
      onWritten: reads.forget,
      onRunsWoken: onPlaybookRunQueued,
    }),
  );
  api.use(authentication.confineAgents);
  api.use(forgetOnWrites(identity.forgetCaches, reads.forget));
  api.use('/auth', publicAuth);
  // Called by other systems with a check's own token, not a person's sign-in.
  if (!upstream) api.use('/canary/webhook', createHealthWebhookRouter({ db, flags: identity.flags, kube }));
  api.use(authentication.requireSignedIn, authentication.csrf, attachGrants(identity.grants));
  api.use('/auth', account);
  // The platform's contract, one group an upstream platform can stand in for; then the console's own.
  // Upstream, the people who sign in here (the users page) stay the console's own.
  if (upstream) api.use('/people', people);
  else
    api.use(
      createPlatformApi({
        db,
        schema,
        maxRows: config.apiMaxRows,
        flags: identity.flags,
        people,
        health,
        logger,
        eventsHeartbeatMs: config.eventsHeartbeatMs,
        isShuttingDown,
        sharedReads: reads,
        onPlaybookRunQueued,
        scrapers,
        topologies,
        kube,
        publicUrl: config.publicUrl,
        chartRepositoryUrl: config.integrations.chartRepositoryUrl,
        logFileRoots: config.logs.fileRoots,
      }),
      platformBodyErrors,
    );
  api.use('/specs', createSpecsRouter({ flags: identity.flags }));
  api.get('/about', (_req, res) => {
    res.json({ Version: backendVersion } satisfies About);
  });
  api.get('/kube/status', (_req, res) => {
    res.json(kube.status());
  });
  api.use('/kube', createKubeRouter({ kube, flags: identity.flags }));
  api.get('/kubeconfig', createKubeconfigDownload({ kube, db, config }));
  api.use(apiNotFound);
  api.use(errorHandler(logger));
  root.use('/api', api);

  root.use(
    webUi(webDir, config.basePath, {
      readsBeforeCode: db.kind === 'postgres',
      onRenderError: (error) => logger.warn({ err: error }, 'could not draw a first screen on the server'),
    }),
  );
  app.use(config.basePath, root);
  // Kubernetes probes hit the pod directly, without the ingress's sub-path.
  if (config.basePath !== '/') app.use(probeRoutes);
  app.use(plainErrorHandler(logger));
  return app;
}
