/**
 * The guard every /api route uses (DESIGN §2: authenticate → authorize → handler): permission
 * per resource (spec 1 §6) and feature flags, decided on the server for every request.
 */
import type { Request, RequestHandler } from 'express';
import { HttpError } from '../http/errors.js';
import type { Db } from '../platform/db/db.js';
import type { Authorize } from '../platform/rest/router.js';
import { RestError } from '../platform/rest/errors.js';
import type { ParsedQuery } from '../platform/rest/parse.js';
import type { DbSchema } from '../platform/rest/schema.js';
import { actionRefusal, playbookActionRefusal, type ActionName } from './actions.js';
import { disabledMessage, featureOf } from './feature-map.js';
import { grantVerdict, type GrantTarget } from './grants.js';
import { disabledFeatures, type Feature } from './features.js';
import { accessFor, decide, readsOf, refusal, type Action, type EmbedTarget } from './resource-map.js';
import { readScope, writeScope } from './row-scope.js';
import type { Resource } from './roles.js';

/**
 * Reads the `{feature}.disable` flags; `maxAgeMs` > 0 shares one read between the requests
 * within that time. `forget()` drops the shared read, so a change applies to the next request
 * (auth/cache-changes.ts calls it on every announced change to properties); while changes are
 * not heard (`setListening(false)`), nothing is shared.
 */
export function createFlagReader(db: Db, { maxAgeMs = 0 }: { maxAgeMs?: number } = {}) {
  let cached: { at: number; value: Promise<Feature[]> } | undefined;
  let listening = true;
  const read = async (): Promise<Feature[]> => {
    const { rows } = await db.query<{ name: string; value: string }>(
      `select name, value from properties where name like '%.disable'`,
    );
    return disabledFeatures(new Map(rows.map((row) => [row.name, row.value])));
  };
  const flags: FlagReader = () => {
    const now = Date.now();
    if (maxAgeMs <= 0 || !listening) return read();
    if (!cached || now - cached.at > maxAgeMs) {
      const value = read();
      const entry = { at: now, value };
      cached = entry;
      value.catch(() => cached === entry && (cached = undefined));
    }
    return cached.value;
  };
  const forget = () => void (cached = undefined);
  const setListening = (on: boolean) => {
    listening = on;
    forget();
  };
  return Object.assign(flags, { forget, setListening });
}

/** The disabled features, as the guard reads them. */
export type FlagReader = () => Promise<Feature[]>;
export type SharedFlagReader = ReturnType<typeof createFlagReader>;

/** The 401 of a request without a signed-in person, wherever it is refused. */
export const SIGN_IN_MESSAGE = 'Please sign in.';

function signedIn(req: Request): Express.User {
  if (!req.user) throw new HttpError(401, SIGN_IN_MESSAGE);
  return req.user;
}

const wrap =
  (check: (req: Request) => void | Promise<void>): RequestHandler =>
  (req, _res, next) => {
    Promise.resolve()
      .then(() => check(req))
      .then(() => next(), next);
  };

/** The 403 of the agent endpoints for a caller that is not an agent. */
export const AGENTS_ONLY_MESSAGE = 'Only an agent, with its own token, may call the agent endpoints';

/** 401 for anonymous callers, 403 for anyone who is not an agent (auth/identities.ts: agentId). */
export const requireAgent: RequestHandler = wrap((req) => {
  if (!signedIn(req).agentId) throw new HttpError(403, AGENTS_ONLY_MESSAGE);
});

/** The agent a request acts as (after requireAgent). */
export function agentOf(req: Request): string {
  const agentId = signedIn(req).agentId;
  if (!agentId) throw new HttpError(403, AGENTS_ONLY_MESSAGE);
  return agentId;
}

/** 403 unless the caller may do `action` on `resource`. */
export function requirePermission(resource: Resource, action: Action): RequestHandler {
  return wrap((req) => {
    if (!signedIn(req).permissions[resource][action]) throw new HttpError(403, refusal(action, resource));
  });
}

/**
 * 403 unless the caller may read one resource: its grants decide first (a deny refuses with
 * `denied`, a grant allows a role that could not read the kind), then the role's read.
 */
export function checkReadOf(req: Request, resource: Resource, target: GrantTarget, denied: string): void {
  const user = signedIn(req);
  const verdict = grantVerdict(user.grants ?? [], user.roles, 'read', target);
  if (verdict === 'deny') throw new HttpError(403, denied);
  if (verdict !== 'grant' && !user.permissions[resource].read)
    throw new HttpError(403, refusal('read', resource));
}

/** 403 '{Area} is disabled' while the feature is turned off. */
export function requireFeature(feature: Feature, flags: FlagReader): RequestHandler {
  return wrap(async (req) => {
    signedIn(req);
    if ((await flags()).includes(feature)) throw new HttpError(403, disabledMessage(feature));
  });
}

/** 403 unless the caller may take the action: its rule of actions.ts, the one whoami reports by. */
export function requireAction(action: ActionName, flags: FlagReader): RequestHandler {
  return wrap((req) => checkAction(req, action, flags));
}

/** The 403 of requireAction, for a route that takes the action only in some cases. */
export async function checkAction(req: Request, action: ActionName, flags: FlagReader): Promise<void> {
  const message = actionRefusal(signedIn(req), action, await flags());
  if (message) throw new HttpError(403, message);
}

/** The 403 of running (or approving a run of) one playbook: its grants first, then the role rule. */
export async function checkPlaybookAction(
  req: Request,
  action: 'playbooks.run' | 'playbooks.approve',
  playbookId: string,
  flags: FlagReader,
): Promise<void> {
  const message = playbookActionRefusal(signedIn(req), action, playbookId, await flags());
  if (message) throw new HttpError(403, message);
}

/**
 * The /api/db decision: the relation and everything the request embeds need read (or write)
 * on their resources, as do the guarded columns its views read (people's emails through a
 * notifications view need identities), and none may belong to a feature that is off.
 */
export function dbAuthorizer(schema: DbSchema, flags: FlagReader): Authorize {
  // What a query reads follows from its relation and select alone: a parsed query decided
  // again (the upstream guard keeps them by request target) is not walked again.
  const known = new WeakMap<ParsedQuery, { name: string; reads: EmbedTarget[] }>();
  const readsFor = (name: string, parsed: ParsedQuery) => {
    const found = known.get(parsed);
    if (found?.name === name) return found.reads;
    const reads = readsOf(schema, name, parsed);
    known.set(parsed, { name, reads });
    return reads;
  };
  return async (req, name, parsed) => {
    const user = signedIn(req);
    const requests = accessFor(req.method, name, readsFor(name, parsed));
    const relation = schema.relations.get(name);
    // A grant on single resources opens the relation, narrowed to them (row-scope.ts).
    const opened =
      relation &&
      (requests[0]?.action === 'read'
        ? readScope(user, relation)?.only
        : writeScope(user, relation, req.method)?.scope.only);
    const verdict = decide(user.permissions, opened ? requests.slice(1) : requests);
    if (!verdict.allowed) throw new RestError(403, '42501', verdict.message);
    const disabled = await flags();
    if (disabled.length === 0) return;
    for (const request of requests) {
      const feature = featureOf(request.name);
      if (feature && disabled.includes(feature)) throw new RestError(403, '42501', disabledMessage(feature));
    }
  };
}
