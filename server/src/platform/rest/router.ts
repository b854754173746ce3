import express, { type ErrorRequestHandler, type NextFunction, type Request, type Response } from 'express';
import { sendWhole } from '../../http/send.js';
import type { Db, Queryable } from '../db/db.js';
import { isDatabaseUnavailable, logDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/unavailable.js';
import {
  bodyParserError,
  parseError,
  publicError,
  RestError,
  toRestError,
  unknownFunction,
  unknownRelation,
} from './errors.js';
import {
  contentRange,
  preferences,
  rangeStatus,
  requestedRange,
  wantsSingleObject,
  type Preferences,
  type RowRange,
} from './http.js';
import { checkBodyDepth } from './limits.js';
import { parseQuery, type ParsedQuery } from './parse.js';
import {
  argumentNames,
  buildScalarCall,
  findFunction,
  functionSource,
  resultRelation,
  type RpcArgs,
} from './rpc.js';
import type { DbFunction, DbSchema, Relation } from './schema.js';
import {
  buildPlannedCount,
  buildRead,
  Params,
  plan,
  relationSource,
  scopedSource,
  type BuiltQuery,
  type RowScope,
  type PlanNode,
  type Source,
} from './sql.js';
import {
  buildDelete,
  buildInsert,
  buildLockConflicting,
  buildLockMatching,
  buildUpdate,
  type InsertOptions,
  type WriteAnswer,
} from './write.js';
import type { SharedReads } from './shared-reads.js';
import { ruleOf, type WriteRequest, type WriteRule, type WriteRules } from './write-rules.js';

export interface DbRouterOptions {
  db: Db;
  schema: DbSchema;
  /**
   * PostgREST's db-max-rows: the most rows a read (or a set-returning function) answers at its
   * top level, whatever limit was asked for. Writes answering their rows are not capped.
   */
  maxRows?: number;
  /**
   * Decides whether the caller may make this request, before anything runs: `name` is the
   * relation or `rpc/<function>`, `parsed` the query (its select names the embeds). Throw a
   * RestError (or HttpError) to refuse.
   */
  authorize?: Authorize;
  /** Narrows reads of a relation to the rows the caller may see, after `authorize`. */
  scopeRows?: ScopeRows;
  /** The rows a PATCH or DELETE may touch; touching another answers 403 and writes nothing. */
  scopeWrites?: ScopeWrites;
  /**
   * The write rules of each relation (validate, guard, after; see write-rules.ts), composed from
   * the areas' rules with composeWriteRules. A relation without rules is written as asked.
   */
  writeRules?: WriteRules;
  /** Where identical reads running at once share one statement (see shared-reads.ts). */
  sharedReads?: SharedReads;
  /**
   * The person a write acts for: set as `app.user_id` in the write's transaction, so the
   * database's changelog triggers name who changed a row, not only who created it.
   */
  actorOf?: (req: Request) => string | undefined;
}

export type Authorize = (req: Request, name: string, parsed: ParsedQuery) => void | Promise<void>;

/** The rows of a relation a read may see (grants and denies on single resources), if narrowed. */
export type ScopeRows = (req: Request, relation: Relation) => RowScope | undefined;

/** The rows of a table a PATCH or DELETE may touch, if narrowed, and the refusal's words. */
export type ScopeWrites = (
  req: Request,
  relation: Relation,
) => { scope: RowScope; refusal: string } | undefined;

export const defaultMaxRows = 1000;

interface Context {
  db: Db;
  schema: DbSchema;
  maxRows: number;
  authorize?: Authorize;
  scopeRows?: ScopeRows;
  scopeWrites?: ScopeWrites;
  writeRules: WriteRules;
  sharedReads?: SharedReads;
  actorOf?: (req: Request) => string | undefined;
}

/** An answer to send: built first, sent once any transaction is over. */
interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

interface Answer {
  body: string | null;
  n: number;
  total?: number;
  /** every column of the rows a write wrote, JSON text, when asked for */
  written?: string;
}

const jsonType = 'application/json; charset=utf-8';

/**
 * The PostgREST-compatible API over the introspected `public` schema, mounted at /api/db. It
 * reads JSON bodies from `req.body`: the app parses them (express.json) before the router; mount
 * `restBodyErrors` after the router so the parser's errors get PostgREST codes.
 */
export function createDbRouter(options: DbRouterOptions): express.Router {
  const { db, schema } = options;
  const maxRows = options.maxRows ?? defaultMaxRows;
  if (!Number.isSafeInteger(maxRows) || maxRows < 1) {
    throw new Error(`maxRows must be a positive integer, got ${String(options.maxRows)}`);
  }
  const context: Context = {
    db,
    schema,
    maxRows,
    authorize: options.authorize,
    scopeRows: options.scopeRows,
    scopeWrites: options.scopeWrites,
    writeRules: options.writeRules ?? {},
    sharedReads: options.sharedReads,
    actorOf: options.actorOf,
  };
  const router = express.Router();
  router.all(
    '/rpc/:fn',
    handler((req, res) => callFunction(context, req, res)),
  );
  router.all(
    '/:relation',
    handler((req, res) => answerRelation(context, req, res)),
  );
  router.use((_req: Request, _res: Response, next: NextFunction) =>
    next(new RestError(404, 'PGRST125', 'Invalid path specified in request URL')),
  );
  router.use((error: unknown, req: Request, res: Response, _next: NextFunction) =>
    sendError(req, res, error instanceof URIError ? badPathEncoding() : error),
  );
  return router;
}

// The router decodes the path's names (relation, function) before any handler runs.
const badPathEncoding = () =>
  new RestError(
    400,
    'PGRST125',
    'Invalid path specified in request URL',
    'The path is not valid percent-encoding',
  );

/**
 * Answers the errors of the JSON body parser that runs before the router (malformed JSON → 400,
 * too large → 413, both PGRST102) as PostgREST does; passes anything else on. Mount it on the
 * router's path, after it: `api.use('/db', createDbRouter(...), restBodyErrors)`.
 */
export const restBodyErrors: ErrorRequestHandler = (error: unknown, req, res, next) => {
  const refused = bodyParserError(error);
  if (!refused) return next(error);
  sendError(req, res, refused);
};

function handler(fn: (req: Request, res: Response) => Promise<void>) {
  return (req: Request, res: Response) => fn(req, res).catch((error: unknown) => sendError(req, res, error));
}

/**
 * Sends an error as `{code, message, details, hint}`. An unexpected one (5xx) goes to the log
 * with its cause and reaches the client as its code and a generic message.
 */
function sendError(req: Request, res: Response, thrown: unknown): void {
  const error = toRestError(thrown);
  const unavailable = isDatabaseUnavailable(thrown);
  if (unavailable) logDatabaseUnavailable(req.log, thrown);
  else if (error.status >= 500) req.log?.error({ err: thrown }, 'database request failed');
  if (res.headersSent) return void res.end();
  if (unavailable) res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
  res
    .status(error.status)
    .type(jsonType)
    .send(JSON.stringify(publicError(error)));
}

function queryParams(req: Request): [string, string][] {
  const question = req.url.indexOf('?');
  return question === -1 ? [] : [...new URLSearchParams(req.url.slice(question + 1))];
}

/**
 * PostgreSQL writes through a simple view to its table, but the table's write rules are keyed by
 * the table's name: a view is written only when an area gives it rules of its own.
 */
function refuseUnruledViewWrite(context: Context, relation: Relation): void {
  if (relation.kind !== 'view' || ruleOf(context.writeRules, relation.name)) return;
  throw new RestError(
    405,
    'PGRST405',
    `${relation.name} is a view and cannot be written: write to its table`,
  );
}

async function answerRelation(context: Context, req: Request, res: Response): Promise<void> {
  const { db, schema } = context;
  const relation = schema.relations.get(String(req.params.relation));
  if (!relation) throw unknownRelation(String(req.params.relation));
  checkBodyDepth(req.body);
  const parsed = parseQuery(queryParams(req));
  await context.authorize?.(req, relation.name, parsed);
  if (req.method !== 'GET' && req.method !== 'HEAD') refuseUnruledViewWrite(context, relation);
  const prefer = preferences(req);
  const single = wantsSingleObject(req);
  switch (req.method) {
    case 'GET':
    case 'HEAD': {
      const scope = context.scopeRows?.(req, relation);
      const params = scope && new Params();
      const source = scope && params ? scopedSource(relation, scope, params) : relationSource(relation);
      return reply(req, res, await read(context, db, source, parsed, req, { single, prefer }, params));
    }
    case 'POST':
      return insert(context, relation, parsed, req, res, { single, prefer });
    case 'PATCH':
    case 'DELETE':
      return updateOrDelete(context, relation, parsed, req, res, { single, prefer });
    default:
      throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${req.method}`);
  }
}

interface Negotiated {
  single: boolean;
  prefer: Preferences;
}

/**
 * The rows asked for, at most maxRows of them (PostgREST's db-max-rows): a smaller limit wins.
 * A single-object answer reads up to two rows, so that "more than one" is still told apart.
 */
function cappedRange(
  context: Context,
  req: Request,
  query: { limit?: number; offset?: number },
  single: boolean,
): RowRange {
  const range = requestedRange(req, query);
  const cap = single ? Math.max(context.maxRows, 2) : context.maxRows;
  return { offset: range.offset, limit: Math.min(range.limit ?? cap, cap) };
}

async function read(
  context: Context,
  db: Queryable,
  source: Source,
  parsed: ParsedQuery,
  req: Request,
  how: Negotiated,
  params?: Params,
): Promise<Reply> {
  const root = plan(context.schema, source, parsed);
  const range = cappedRange(context, req, root.options, how.single);
  const counting = how.prefer.count;
  // Only statements on their own share: one inside a transaction sees that transaction's writes.
  const shared = db === context.db ? context.sharedReads : undefined;
  const plannedCount = () => runPlannedCount(db, buildPlannedCount(root, params?.copy()), shared);
  // Over db-max-rows, count=estimated answers the planner's estimate, never below the rows seen.
  const upTo = counting === 'estimated' ? context.maxRows + 1 : undefined;
  const query = buildRead(
    root,
    { ...range, ...(counting && counting !== 'planned' ? { count: upTo ? { upTo } : {} } : {}) },
    params?.copy(),
  );
  const [answer, planned] = await Promise.all([
    run(db, query, shared),
    counting === 'planned' ? plannedCount() : undefined,
  ]);
  if (planned !== undefined) answer.total = planned;
  if (upTo && answer.total !== undefined && answer.total >= upTo)
    answer.total = Math.max(answer.total, await plannedCount());
  const status = how.single ? 200 : rangeStatus(range.offset, answer.n, answer.total);
  const headers: Record<string, string> = {
    'Content-Range': contentRange(range.offset, answer.n, answer.total),
  };
  if (counting) headers['Preference-Applied'] = `count=${counting}`;
  return { status, headers, body: how.single ? singleObject(answer) : answer.body };
}

function reply(req: Request, res: Response, answer: Reply): void {
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  send(req, res, answer.status, answer.body);
}

/** The "Plan Rows" of an EXPLAIN (FORMAT JSON). */
async function runPlannedCount(db: Queryable, query: BuiltQuery, shared?: SharedReads): Promise<number> {
  const { rows } = await queryOn<{ 'QUERY PLAN': unknown }>(db, query, shared);
  const plan = rows[0]?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: { 'Plan Rows': number } }];
  return Math.round(parsed[0].Plan['Plan Rows']);
}

const queryOn = <R>(db: Queryable, query: BuiltQuery, shared?: SharedReads) =>
  shared ? shared.query<R>(db, query.text, query.params) : db.query<R>(query.text, query.params);

async function run(db: Queryable, query: BuiltQuery, shared?: SharedReads): Promise<Answer> {
  const { rows } = await queryOn<{
    body: string | null;
    n: number | string;
    total?: number | string;
    written?: string;
  }>(db, query, shared);
  const row = rows[0] ?? { body: '[]', n: 0 };
  return {
    body: row.body,
    n: Number(row.n),
    ...(row.total === undefined ? {} : { total: Number(row.total) }),
    ...(row.written === undefined ? {} : { written: row.written }),
  };
}

/** The only row of a JSON array, or the 406 PostgREST answers when there isn't exactly one. */
function singleObject(answer: Answer): string {
  if (answer.n !== 1 || !answer.body) {
    throw new RestError(
      406,
      'PGRST116',
      'Cannot coerce the result to a single JSON object',
      `The result contains ${answer.n} rows`,
    );
  }
  return answer.body.slice(1, -1);
}

function send(req: Request, res: Response, status: number, body: string | null): void {
  if (body === null) return void res.status(status).end();
  sendWhole(req, res.status(status).type(jsonType), body);
}

// ---- writes ---------------------------------------------------------------------------------

function representationPlan(
  schema: DbSchema,
  relation: Relation,
  parsed: ParsedQuery,
  how: Negotiated,
): PlanNode | null {
  if (how.prefer.return !== 'representation' && !how.single) return null;
  const root = plan(schema, relationSource(relation), { ...parsed, paths: new Map() });
  return root;
}

/** A write to run: its statement, and how to read (and lock) the rows it would change. */
interface PlannedWrite {
  request: WriteRequest;
  /** The person acting, for `app.user_id`. */
  actor: string | undefined;
  rule: WriteRule | undefined;
  build: (answer: WriteAnswer) => BuiltQuery;
  existing: (columns: string[]) => BuiltQuery | null;
  /** The rows the caller may touch, when grants narrow them. */
  scope?: { scope: RowScope; refusal: string };
}

/** Refuses a write that would touch a row outside the caller's scope, before anything is written. */
async function refuseOutsideScope(tx: Queryable, planned: PlannedWrite): Promise<void> {
  if (!planned.scope) return;
  const { scope, refusal } = planned.scope;
  const lock = planned.existing([scope.column]);
  if (!lock) return;
  const { rows } = await tx.query<Record<string, unknown>>(lock.text, lock.params);
  const outside = rows.some((row) => {
    const id = String(row[scope.column]);
    return (scope.only && !scope.only.includes(id)) || scope.except?.includes(id);
  });
  if (outside) throw new RestError(403, '42501', refusal);
}

/**
 * Runs a write in a transaction with its relation's guard just before it and its after rule just
 * after it, so a refusal, a failing after rule or a 406 for the single-object answer undoes it.
 */
async function write(db: Db, planned: PlannedWrite, how: Negotiated): Promise<Answer> {
  const { request, rule } = planned;
  const query = planned.build({ written: rule?.after !== undefined });
  return db.transaction(async (tx) => {
    if (planned.actor) await tx.query(`select set_config('app.user_id', $1, true)`, [planned.actor]);
    await refuseOutsideScope(tx, planned);
    await rule?.guard?.({
      ...request,
      tx,
      existing: async (columns) => {
        const lock = planned.existing(columns);
        if (!lock) return [];
        return (await tx.query<Record<string, unknown>>(lock.text, lock.params)).rows;
      },
    });
    const answer = await run(tx, query);
    if (rule?.after) {
      const written = JSON.parse(answer.written ?? '[]') as Record<string, unknown>[];
      await rule.after({ ...request, tx, written });
    }
    if (how.single) answer.body = singleObject(answer);
    return answer;
  });
}

function rowsOf(body: unknown): Record<string, unknown>[] {
  const rows = Array.isArray(body) ? body : [body];
  if (
    body === undefined ||
    body === null ||
    rows.some((row) => typeof row !== 'object' || row === null || Array.isArray(row))
  ) {
    throw new RestError(
      400,
      'PGRST102',
      'Empty or invalid json',
      'The body must be a JSON object or an array of objects',
    );
  }
  return rows as Record<string, unknown>[];
}

async function insert(
  context: Context,
  relation: Relation,
  parsed: ParsedQuery,
  req: Request,
  res: Response,
  how: Negotiated,
): Promise<void> {
  const { db, schema } = context;
  const rows = rowsOf(req.body);
  const request: WriteRequest = { relation: relation.name, method: 'POST', rows };
  const rule = ruleOf(context.writeRules, relation.name);
  await rule?.validate?.(request);
  if (rows.length === 0)
    return void res
      .status(201)
      .type(jsonType)
      .send(how.prefer.return === 'representation' ? '[]' : undefined);
  const representation = representationPlan(schema, relation, parsed, how);
  const options: InsertOptions = {
    rows,
    ...(parsed.columns ? { columns: parsed.columns } : {}),
    ...(how.prefer.resolution ? { resolution: how.prefer.resolution } : {}),
    ...(parsed.onConflict ? { onConflict: parsed.onConflict } : {}),
  };
  const planned: PlannedWrite = {
    request,
    actor: context.actorOf?.(req),
    rule,
    build: (answer) => buildInsert(relation, options, representation, answer),
    existing: (columns) => buildLockConflicting(relation, options, columns),
  };
  const answer = await write(db, planned, how);
  res.setHeader('Content-Range', `*/*`);
  if (how.prefer.resolution) res.setHeader('Preference-Applied', `resolution=${how.prefer.resolution}`);
  send(req, res, 201, representation ? answer.body : null);
}

async function updateOrDelete(
  context: Context,
  relation: Relation,
  parsed: ParsedQuery,
  req: Request,
  res: Response,
  how: Negotiated,
): Promise<void> {
  const { db, schema } = context;
  const root = parsed.paths.get('') ?? { filters: [], order: [] };
  if (root.limit !== undefined || root.offset !== undefined)
    throw parseError(`limit and offset are not supported with ${req.method}`);
  for (const path of parsed.paths.keys())
    if (path !== '') throw parseError('Filters on embedded resources are not supported in writes');
  const representation = representationPlan(schema, relation, parsed, how);
  const change = req.method === 'PATCH' ? rowsOfPatch(req.body) : undefined;
  const request: WriteRequest = {
    relation: relation.name,
    method: change ? 'PATCH' : 'DELETE',
    rows: change ? [change] : [],
  };
  const rule = ruleOf(context.writeRules, relation.name);
  await rule?.validate?.(request);
  const planned: PlannedWrite = {
    request,
    actor: context.actorOf?.(req),
    rule,
    build: (answer) =>
      change
        ? buildUpdate(relation, change, root.filters, representation, answer)
        : buildDelete(relation, root.filters, representation, answer),
    existing: (columns) => buildLockMatching(relation, root.filters, columns),
    scope: context.scopeWrites?.(req, relation),
  };
  const answer = await write(db, planned, how);
  res.setHeader('Content-Range', contentRange(0, answer.n, undefined));
  if (representation) send(req, res, 200, answer.body);
  else send(req, res, 204, null);
}

function rowsOfPatch(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'PATCH takes one JSON object');
  }
  return body as Record<string, unknown>;
}

// ---- functions ------------------------------------------------------------------------------

/**
 * Calls a function in a transaction (so a 406 for a single object undoes what it did). GET and
 * HEAD calls run read-only, as in PostgREST: a function that writes fails there (25006, 405) and
 * must be called with POST.
 */
async function callFunction(context: Context, req: Request, res: Response): Promise<void> {
  const { schema } = context;
  const name = String(req.params.fn);
  if (!schema.functions.has(name)) throw unknownFunction(name, []);
  checkBodyDepth(req.body);
  const how = { single: wantsSingleObject(req), prefer: preferences(req) };
  const { args, rest } = rpcArguments(schema, name, req);
  const fn = findFunction(schema, name, Object.keys(args));
  const parsed = parseQuery(rest);
  await context.authorize?.(req, `rpc/${name}`, parsed);
  const readOnly = req.method === 'GET' || req.method === 'HEAD';
  const answer = await context.db.transaction(async (tx) => {
    if (readOnly) await tx.query('set transaction read only');
    return call(context, tx, fn, args, parsed, req, how);
  });
  reply(req, res, answer);
}

async function call(
  context: Context,
  db: Queryable,
  fn: DbFunction,
  args: RpcArgs,
  parsed: ParsedQuery,
  req: Request,
  how: Negotiated,
): Promise<Reply> {
  const relation = resultRelation(context.schema, fn);
  if (relation) {
    const params = new Params();
    const source = functionSource(fn, relation, args, params);
    const single = how.single || !fn.returnsSet;
    return read(context, db, source, parsed, req, { ...how, single }, params);
  }
  const root = parsed.paths.get('') ?? { filters: [], order: [] };
  if (root.filters.length > 0 || root.order.length > 0 || parsed.paths.size > 1) {
    throw parseError(`public.${fn.name} returns a scalar: filters and order don't apply`);
  }
  const answer = await run(db, buildScalarCall(fn, args, cappedRange(context, req, root, false)));
  if (fn.returnsVoid) return { status: 204, headers: {}, body: null };
  return { status: 200, headers: {}, body: answer.body ?? 'null' };
}

/** GET: query parameters named like an argument are arguments; POST: the JSON body. */
function rpcArguments(
  schema: DbSchema,
  name: string,
  req: Request,
): { args: RpcArgs; rest: [string, string][] } {
  const params = queryParams(req);
  if (req.method === 'GET' || req.method === 'HEAD') {
    const names = argumentNames(schema, name);
    const args: RpcArgs = {};
    const rest: [string, string][] = [];
    for (const [key, value] of params) {
      if (names.has(key) && !['select', 'order', 'limit', 'offset'].includes(key)) args[key] = value;
      else rest.push([key, value]);
    }
    return { args, rest };
  }
  if (req.method !== 'POST') throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${req.method}`);
  const body: unknown = req.body ?? {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'Function arguments are a JSON object');
  }
  return { args: body as RpcArgs, rest: params };
}
