/**
 * The platform API: the routers whose paths and answers are the platform's contract (/api/db,
 * /api/canary, /api/people, and each area's own as it comes), apart from the console's own
 * (/api/auth, /api/specs, /api/kube, ...), so that one group can answer from the embedded
 * platform or, in an upstream mode, from an existing platform behind a proxy. Mounted in app.ts
 * after the sign-in and CSRF checks.
 */
import { Router, type ErrorRequestHandler } from 'express';
import { DEFAULT_CHART_REPOSITORY_URL } from '../../../common/integrations.js';
import { dbAuthorizer, type FlagReader } from '../access/guard.js';
import { readScope, writeScope } from '../access/row-scope.js';
import { permissionWriteRules } from './permissions/rules.js';
import type { Logger } from '../http/logging.js';
import type { KubeConnection } from '../kube/index.js';
import type { Db } from './db/db.js';
import { agentWriteRules, createAgentsRouter } from './agents/index.js';
import {
  catalogWriteRules,
  createCatalogRouter,
  createScraperRouter,
  type ScraperScheduler,
} from './catalog/index.js';
import { createConnectionsRouter } from './connections/router.js';
import { connectionWriteRules } from './connections/rules.js';
import { createEventsRouter } from './events/router.js';
import { gitOpsWriteRules } from './gitops/rules.js';
import { createHealthRouter, type CheckRunner } from './health/router.js';
import { createIntegrationsRouter } from './integrations/router.js';
import { createIncidentsRouter, incidentsWriteRules } from './incidents/index.js';
import { createLogsRouter } from './logs/index.js';
import {
  createNotificationsRouter,
  notificationWriteRules,
  withSilenceDeletion,
} from './notifications/index.js';
import { deliver, emailTarget } from './notifications/senders/index.js';
import { createPlaybooksRouter, createResourcesRouter, playbookWriteRules } from './playbooks/index.js';
import { createPropertiesRouter } from './properties/router.js';
import { createDbRouter, restBodyErrors } from './rest/router.js';
import type { DbSchema } from './rest/schema.js';
import type { SharedReads } from './rest/shared-reads.js';
import { composeWriteRules } from './rest/write-rules.js';
import { linkedRowWriteRules } from './agents/linked-rows.js';
import { specWriteRules } from './specs/rules.js';
import { backendVersion } from '../version.js';
import { teamWriteRules } from './teams/rules.js';
import { createTopologyRunRouter, type TopologyScheduler } from './topology/index.js';
import { topologyWriteRules } from './topology/rules.js';
import { createTopologyRouter } from './topology/router.js';
import { createSnapshotRouter } from './topology/snapshot-router.js';

export interface PlatformApiDependencies {
  db: Db;
  schema: DbSchema;
  /** The most rows an /api/db read answers (PostgREST's db-max-rows). */
  maxRows: number;
  /** Disabled features (shared briefly, forgotten on every change). */
  flags: FlagReader;
  /** The /api/people routes, built with the sign-in (auth). */
  people: Router;
  /** The check runner, when it runs in this process (Run Now). */
  health?: CheckRunner;
  logger: Logger;
  /** How often the live-update stream sends a heartbeat. */
  eventsHeartbeatMs: number;
  /** True once shutdown began: open event streams end. */
  isShuttingDown: () => boolean;
  /** Where identical /api/db reads running at once share a statement; forgotten on every write. */
  sharedReads: SharedReads;
  /** Called once a playbook run is queued, so that the runner may start it at once. */
  onPlaybookRunQueued?: () => void;
  /** The scrapers' scheduler, for Run now. */
  scrapers?: ScraperScheduler;
  /** The topology builder, for Run now. */
  topologies?: TopologyScheduler;
  /** Where connections' secret references are read (a rule's test send). */
  kube?: KubeConnection;
  /** PUBLIC_URL, for the permalinks of test sends. */
  publicUrl?: string;
  /** INTEGRATIONS_CHART_REPOSITORY: where the GitOps integrations' charts come from. */
  chartRepositoryUrl?: string;
  /** The directories `file` log backends may read (LOG_FILE_ROOTS); none when absent. */
  logFileRoots?: readonly string[];
}

/**
 * What /api/db checks on writes, from each area's rules.ts. On a relation two areas share, the
 * earlier area's rules run first: a spec is validated before GitOps ownership is looked up.
 */
export const platformWriteRules = composeWriteRules(
  specWriteRules,
  // Before GitOps: an agent's row is read-only in the hub whatever its source.
  linkedRowWriteRules,
  gitOpsWriteRules,
  incidentsWriteRules,
  playbookWriteRules,
  catalogWriteRules,
  topologyWriteRules,
  notificationWriteRules,
  connectionWriteRules,
  teamWriteRules,
  permissionWriteRules,
  agentWriteRules,
);

/** The routers of the platform API, on the paths below /api they answer. */
export function createPlatformApi({
  db,
  schema,
  maxRows,
  flags,
  people,
  health,
  logger,
  eventsHeartbeatMs,
  isShuttingDown,
  sharedReads,
  onPlaybookRunQueued,
  scrapers,
  topologies,
  kube,
  publicUrl,
  chartRepositoryUrl = DEFAULT_CHART_REPOSITORY_URL,
  logFileRoots = [],
}: PlatformApiDependencies): Router {
  const api = Router();
  api.use('/people', people);
  api.use('/properties', createPropertiesRouter({ db }));
  const authorize = withSilenceDeletion(dbAuthorizer(schema, flags), flags);
  const dbApi = createDbRouter({
    db,
    schema,
    maxRows,
    authorize,
    scopeRows: (req, relation) => (req.user ? readScope(req.user, relation) : undefined),
    scopeWrites: (req, relation) => (req.user ? writeScope(req.user, relation, req.method) : undefined),
    writeRules: platformWriteRules,
    sharedReads,
    actorOf: (req) => req.user?.id,
  });
  // canary-checker's own /db, where older builds of the platform's UI read components: the same
  // relations, guard and rules as /db. Before the health router, which wants every /canary path.
  api.use('/canary/db', dbApi, restBodyErrors);
  // canary-checker's /about, where the platform's clients read the version (the console's own
  // /api/about answers the same); before the health router, so that it answers with Health off.
  api.get('/canary/about', (_req, res) => {
    res.json({ Version: backendVersion });
  });
  // Before the health router, which asks every /canary path for read on canaries.
  api.use('/canary/run/topology', createTopologyRunRouter({ flags, topologies }));
  api.use('/canary', createTopologyRouter({ db, flags }));
  api.use('/canary', createHealthRouter({ db, flags, runner: health, sharedReads }));
  api.use('/incidents', createIncidentsRouter({ db, flags }));
  api.use('/playbook', createPlaybooksRouter({ db, flags, onRunQueued: onPlaybookRunQueued }));
  api.use('/resources', createResourcesRouter({ db, flags }));
  api.use('/catalog', createCatalogRouter({ db, flags }));
  api.use('/snapshot', createSnapshotRouter({ db, flags }));
  api.use('/config', createScraperRouter({ flags, scrapers }));
  api.use(
    '/notification',
    createNotificationsRouter({ db, flags, senders: { deliver, emailTarget }, kube, publicUrl }),
  );
  api.use('/connection', createConnectionsRouter({ db, flags, kube }));
  api.use('/integrations', createIntegrationsRouter({ flags, kube, chartRepositoryUrl }));
  api.use('/logs', createLogsRouter({ db, flags, kube, fileRoots: logFileRoots }));
  api.use('/agent', createAgentsRouter({ db, flags }));
  api.use('/events', createEventsRouter({ db, logger, heartbeatMs: eventsHeartbeatMs, isShuttingDown }));
  api.use('/db', dbApi, restBodyErrors);
  return api;
}

/**
 * Mounted right after the group: the errors raised before it on its paths (the app's JSON body
 * parser runs first, and a router is skipped while an error is passed on) answered as the
 * group answers them, PostgREST-shaped under /db.
 */
export const platformBodyErrors: ErrorRequestHandler = (error, req, res, next) => {
  if (/^(\/canary)?\/db(\/|$)/.test(req.path)) restBodyErrors(error, req, res, next);
  else next(error);
};
