/**
 * What the console decides before a request of the platform API group leaves for the platform
 * (upstream mode): each route the embedded platform serves, with the guards its router uses
 * (access/guard.ts), and /api/db with the embedded /api/db's own authorizer. Anything else is
 * refused here (403) rather than forwarded: the console forwards only what it can decide.
 *
 * The console decides with what it knows: the person's roles, their grants in the console's
 * database and the feature flags. What only the platform's rows can tell (the playbook a run
 * belongs to, the rows a grant on single resources narrows a read to) the platform decides.
 */
import { Router, type Request, type RequestHandler } from 'express';
import { actionRefusal, type ActionName } from '../access/actions.js';
import { grantVerdict, idsWith } from '../access/grants.js';
import {
  checkPlaybookAction,
  checkReadOf,
  dbAuthorizer,
  requireAction,
  requireFeature,
  requirePermission,
  type FlagReader,
} from '../access/guard.js';
import type { Feature } from '../access/features.js';
import type { Resource } from '../access/roles.js';
import { HttpError } from '../http/errors.js';
import { withSilenceDeletion } from '../platform/notifications/index.js';
import { publicError, RestError, toRestError } from '../platform/rest/errors.js';
import { parseQuery, type ParsedQuery } from '../platform/rest/parse.js';
import { argumentNames } from '../platform/rest/rpc.js';
import type { DbSchema } from '../platform/rest/schema.js';

/** The first path segment of each area the platform answers, below /api. */
export const PLATFORM_AREAS = [
  'db',
  'canary',
  'incidents',
  'playbook',
  'resources',
  'catalog',
  'snapshot',
  'config',
  'notification',
  'connection',
  'integrations',
  'logs',
  'events',
  'agent',
  'rbac',
] as const;

export const NOT_FORWARDED = (method: string, path: string) =>
  `The console does not forward ${method} /api${path} to the platform`;

export const UNSAFE_PATH =
  'The path may not hold dot segments or encoded slashes: the platform might read it as another route';

/**
 * Whether a raw path has a segment that is, or decodes to, `.` or `..`, or holds an encoded `/`
 * or `\`: a platform that decodes or cleans paths could route it elsewhere than the route the
 * console decided on.
 */
export function hasUnsafeSegment(rawPath: string): boolean {
  return rawPath.split('/').some((segment) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return true;
    }
    return (
      decoded === '.' ||
      decoded === '..' ||
      (decoded !== segment && /[/\\]/.test(decoded)) ||
      segment.includes('\\')
    );
  });
}

const wrap =
  (check: (req: Request) => void | Promise<void>): RequestHandler =>
  (req, _res, next) => {
    Promise.resolve()
      .then(() => check(req))
      .then(() => next(), next);
  };

const CONNECTION_DENIED = 'You may not test this connection';

/**
 * A playbook action whose playbook only the platform knows (a run's, or the one named in the
 * body): refused here only when no grant could allow it, the platform deciding the rest.
 */
function requirePlaybookActionSomewhere(
  action: 'playbooks.run' | 'playbooks.approve',
  flags: FlagReader,
): RequestHandler {
  const granted = action === 'playbooks.run' ? 'playbook:run' : 'playbook:approve';
  return wrap(async (req) => {
    const user = req.user!;
    const refused = actionRefusal(user, action, await flags());
    if (!refused) return;
    const grants = user.grants ?? [];
    const deniedAll =
      grantVerdict(grants, user.roles, granted, { kind: 'playbook', id: '', object: 'playbooks' }) === 'deny';
    if (deniedAll || idsWith(grants, 'playbook', granted, false).length === 0)
      throw new HttpError(403, refused);
  });
}

type Method = 'get' | 'post';
type Route = [Method, string, ...RequestHandler[]];

/** The embedded platform's routes and their guards, area by area (platform/<area>/router.ts). */
function platformRoutes(flags: FlagReader): Route[] {
  const feature = (name: Feature) => requireFeature(name, flags);
  const may = (resource: Resource, action: 'read' | 'write') => requirePermission(resource, action);
  const action = (name: ActionName) => requireAction(name, flags);
  const playbookById = (name: 'playbooks.run') =>
    wrap((req) => {
      const id = String(req.params.id);
      return checkPlaybookAction(req, name, /^[0-9a-f-]{36}$/i.test(id) ? id : '', flags);
    });
  const notifications = [feature('settings.notifications'), may('notifications', 'write')];
  const integrations = feature('settings.integrations');
  return [
    ['post', '/canary/run/topology/:id', feature('topology'), may('topologies', 'write')],
    ['get', '/canary/api/topology', may('topologies', 'read'), feature('topology')],
    ['get', '/canary/api/summary', may('canaries', 'read'), feature('health')],
    ['get', '/canary/api/graph', may('canaries', 'read'), feature('health')],
    ['post', '/canary/run/check/:id', may('canaries', 'read'), feature('health'), action('checks.run')],
    ['post', '/incidents', feature('incidents'), may('incident', 'write')],
    ['post', '/incidents/:id/evidence', feature('incidents'), may('evidences', 'write')],
    ['get', '/incidents/people', feature('incidents'), may('incident', 'read')],
    ['get', '/incidents/:id/postmortem', feature('incidents'), may('incident', 'read')],
    ['get', '/playbook/list', feature('playbooks'), may('playbooks', 'read')],
    ['post', '/playbook/run', feature('playbooks'), requirePlaybookActionSomewhere('playbooks.run', flags)],
    ['get', '/playbook/run/:id', feature('playbooks'), may('playbook_runs', 'read')],
    [
      'post',
      '/playbook/run/approve/:id',
      feature('playbooks'),
      requirePlaybookActionSomewhere('playbooks.approve', flags),
    ],
    [
      'post',
      '/playbook/run/cancel/:id',
      feature('playbooks'),
      requirePlaybookActionSomewhere('playbooks.run', flags),
    ],
    ['post', '/playbook/:id/params', feature('playbooks'), playbookById('playbooks.run')],
    // Each kind of result is filtered by what the person may read, by the platform.
    ['post', '/resources/search'],
    ['post', '/catalog/summary', feature('config'), may('database', 'read')],
    ['post', '/catalog/changes', feature('config'), may('database', 'read')],
    ['get', '/snapshot/topology/:id', may('topologies', 'read'), feature('topology')],
    ['post', '/config/run/:id', feature('settings.config_scraper'), may('config_scrapers', 'write')],
    ['post', '/notification/silence', ...notifications],
    ['post', '/notification/silence/preview', ...notifications],
    ['post', '/notification/test', ...notifications],
    [
      'post',
      '/connection/test/:id',
      feature('settings.connections'),
      wrap((req) =>
        checkReadOf(
          req,
          'connections',
          { kind: 'connection', id: String(req.params.id), object: 'connection-detail' },
          CONNECTION_DENIED,
        ),
      ),
    ],
    ['get', '/integrations/charts/:key', integrations, may('integrations', 'read')],
    ['post', '/integrations/charts/:key/check', integrations, may('integrations', 'read')],
    ['post', '/integrations/apply', integrations, may('integrations', 'write')],
    ['post', '/logs', feature('logs'), may('logging_backends', 'read')],
    // Each event goes out only to who may read it: the platform filters for the person.
    ['get', '/events'],
  ];
}

/**
 * Handlers run one after the other, as a router runs the middleware of one path: an error (thrown,
 * rejected or passed on) skips the rest and goes to `next`, as does the end of the list.
 */
export function sequence(handlers: readonly RequestHandler[]): RequestHandler {
  return (req, res, next) => {
    let at = 0;
    const step = (error?: unknown) => {
      if (error !== undefined || at === handlers.length) return next(error);
      try {
        const done: unknown = handlers[at++]!(req, res, step);
        if (done instanceof Promise) done.catch(step);
      } catch (thrown) {
        step(thrown);
      }
    };
    step();
  };
}

/** Reads on /api/agent and /api/rbac need read on their resource, anything else write (or agents.manage). */
function byMethod(read: RequestHandler[], write: RequestHandler[]): RequestHandler {
  const reads = sequence(read);
  const writes = sequence(write);
  return (req, res, next) => (req.method === 'GET' || req.method === 'HEAD' ? reads : writes)(req, res, next);
}

/** The query of an /api/db request, as the embedded router parses it before it authorizes. */
function parsedQueryOf(schema: DbSchema, name: string, req: Request): ParsedQuery {
  const question = req.url.indexOf('?');
  const params = question === -1 ? [] : [...new URLSearchParams(req.url.slice(question + 1))];
  if (!name.startsWith('rpc/')) return parseQuery(params);
  const fn = name.slice('rpc/'.length);
  // A function the console does not know: only who may do everything passes the authorizer.
  if (!schema.functions.has(fn)) return { select: [{ kind: 'star' }], paths: new Map() };
  const args = req.method === 'GET' || req.method === 'HEAD' ? argumentNames(schema, fn) : new Set<string>();
  return parseQuery(
    params.filter(([key]) => !args.has(key) || ['select', 'order', 'limit', 'offset'].includes(key)),
  );
}

/** Bounds on the parsed /api/db queries kept: how many, and the longest request target kept. */
const MAX_KEPT_QUERIES = 500;
const MAX_KEPT_TARGET = 2048;

/**
 * /api/db/<relation> and /api/db/rpc/<function>: the embedded /api/db's authorizer (read or
 * write on the relation's resource and on what it embeds, feature flags, silences' deletion),
 * its refusals PostgREST-shaped as the platform's would be.
 */
function dbGuard(schema: DbSchema, flags: FlagReader): RequestHandler {
  const authorize = withSilenceDeletion(dbAuthorizer(schema, flags), flags);
  // A page asks the same query again and again: each request target is read once (the
  // decision on it is still taken for every request, by who asks).
  const queries = new Map<string, { name: string; parsed: ParsedQuery }>();
  const queryOf = (req: Request) => {
    const target = `${req.method} ${req.url}`;
    const known = queries.get(target);
    if (known) return known;
    const match = /^\/db\/(rpc\/)?([^/]+)\/?$/.exec(req.path);
    if (!match) throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL');
    const name = `${match[1] ?? ''}${decodeURIComponent(match[2]!)}`;
    const query = { name, parsed: parsedQueryOf(schema, name, req) };
    if (target.length <= MAX_KEPT_TARGET) {
      if (queries.size >= MAX_KEPT_QUERIES) queries.clear();
      queries.set(target, query);
    }
    return query;
  };
  return (req, res, next) => {
    (async () => {
      const { name, parsed } = queryOf(req);
      await authorize(req, name, parsed);
    })().then(
      () => next(),
      (error: unknown) => {
        const refused = publicError(toRestError(asRestError(error)));
        res.status(refused.status).json(refused);
      },
    );
  };
}

/** The guards' own errors in PostgREST's shape. */
function asRestError(error: unknown): unknown {
  if (error instanceof HttpError)
    return new RestError(error.status, error.code, error.message, error.details);
  if (error instanceof URIError)
    return new RestError(
      400,
      'PGRST125',
      'Invalid path specified in request URL',
      'The path is not valid percent-encoding',
    );
  return error;
}

/**
 * The guards of the platform API group: `forward` runs for a request they let through; a
 * path of the group they do not know is refused with 403.
 */
export function createPlatformAccess({
  schema,
  flags,
  forward,
}: {
  schema: DbSchema;
  flags: FlagReader;
  forward: RequestHandler;
}): RequestHandler {
  const db = sequence([dbGuard(schema, flags), forward]);
  // Case-sensitive: the path forwarded is the path the rule was chosen by.
  const router = Router({ caseSensitive: true });
  for (const [method, path, ...guards] of platformRoutes(flags)) router[method](path, ...guards, forward);
  router.use(
    '/agent',
    byMethod(
      [requirePermission('agents', 'read'), requireFeature('agents', flags)],
      [requireAction('agents.manage', flags)],
    ),
    forward,
  );
  router.use(
    '/rbac',
    byMethod(
      [requirePermission('rbac', 'read'), requireFeature('settings.permissions', flags)],
      [requirePermission('rbac', 'write'), requireFeature('settings.permissions', flags)],
    ),
    forward,
  );
  router.use((req, _res, next) => next(new HttpError(403, NOT_FORWARDED(req.method, req.path))));
  return (req, res, next) => {
    const path = req.path;
    if (hasUnsafeSegment(path)) return next(new HttpError(400, UNSAFE_PATH));
    if (path !== '/db' && !path.startsWith('/db/')) return router(req, res, next);
    // /api/db, asked far more than the rest, needs none of the router's matching; its base URL
    // is set as a mount would (the metrics name the route by it).
    const baseUrl = req.baseUrl;
    req.baseUrl = `${baseUrl}/db`;
    db(req, res, (error?: unknown) => {
      req.baseUrl = baseUrl;
      next(error);
    });
  };
}
