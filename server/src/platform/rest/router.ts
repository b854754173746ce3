import express, { type NextFunction, type Request, type Response } from 'express';
import { sendWhole } from '../../http/send.js';
import type { Db, Queryable } from '../db/db.js';
import { ApiError, parseError, toApiError, unknownFunction, unknownRelation } from './errors.js';
import {
  contentRange,
  preferences,
  rangeStatus,
  requestedRange,
  wantsSingleObject,
  type Preferences,
} from './http.js';
import { parseQuery, type ParsedQuery } from './parse.js';
import {
  argumentNames,
  buildScalarCall,
  findFunction,
  functionSource,
  resultRelation,
  type RpcArgs,
} from './rpc.js';
import type { DbSchema, Relation } from './schema.js';
import {
  buildRead,
  Params,
  plan,
  relationSource,
  type BuiltQuery,
  type PlanNode,
  type Source,
} from './sql.js';
import { buildDelete, buildInsert, buildUpdate } from './write.js';

export interface DbRouterOptions {
  db: Db;
  schema: DbSchema;
}

interface Answer {
  body: string | null;
  n: number;
  total?: number;
}

const jsonType = 'application/json; charset=utf-8';

/** The PostgREST-compatible API over the introspected `public` schema, mounted at /api/db. */
export function createDbRouter(options: DbRouterOptions): express.Router {
  const { db, schema } = options;
  const router = express.Router();
  router.use(
    express.json({ limit: '10mb', strict: false, type: ['application/json', 'application/*+json'] }),
  );

  router.all(
    '/rpc/:fn',
    handler((req, res) => callFunction(db, schema, req, res)),
  );
  router.all(
    '/:relation',
    handler((req, res) => answerRelation(db, schema, req, res)),
  );
  router.use((_req: Request, _res: Response, next: NextFunction) =>
    next(new ApiError(404, 'PGRST125', 'Invalid path specified in request URL')),
  );
  router.use((error: unknown, _req: Request, res: Response, _next: NextFunction) =>
    sendError(res, bodyError(error)),
  );
  return router;
}

function handler(fn: (req: Request, res: Response) => Promise<void>) {
  return (req: Request, res: Response) =>
    fn(req, res).catch((error: unknown) => sendError(res, toApiError(error)));
}

/** A body express.json refused: malformed JSON, too large. */
function bodyError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const status = (error as { status?: number }).status;
  if (status === 413) return new ApiError(413, 'PGRST102', 'The request body is too large');
  if (status === 400) return new ApiError(400, 'PGRST102', 'Empty or invalid json');
  return toApiError(error);
}

function sendError(res: Response, error: ApiError): void {
  if (res.headersSent) return void res.end();
  res.status(error.status).type(jsonType).send(JSON.stringify(error));
}

function queryParams(req: Request): [string, string][] {
  const question = req.url.indexOf('?');
  return question === -1 ? [] : [...new URLSearchParams(req.url.slice(question + 1))];
}

async function answerRelation(db: Db, schema: DbSchema, req: Request, res: Response): Promise<void> {
  const relation = schema.relations.get(String(req.params.relation));
  if (!relation) throw unknownRelation(String(req.params.relation));
  const parsed = parseQuery(queryParams(req));
  const prefer = preferences(req);
  const single = wantsSingleObject(req);
  switch (req.method) {
    case 'GET':
    case 'HEAD':
      return read(db, schema, relationSource(relation), parsed, req, res, { single, prefer });
    case 'POST':
      return insert(db, schema, relation, parsed, req, res, { single, prefer });
    case 'PATCH':
    case 'DELETE':
      return updateOrDelete(db, schema, relation, parsed, req, res, { single, prefer });
    default:
      throw new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${req.method}`);
  }
}

interface Negotiated {
  single: boolean;
  prefer: Preferences;
}

async function read(
  db: Queryable,
  schema: DbSchema,
  source: Source,
  parsed: ParsedQuery,
  req: Request,
  res: Response,
  how: Negotiated,
  params?: Params,
): Promise<void> {
  const root = plan(schema, source, parsed);
  const range = requestedRange(req, root.options);
  const query = buildRead(root, { ...range, count: how.prefer.count }, params);
  const answer = await run(db, query);
  const status = how.single ? 200 : rangeStatus(range.offset, answer.n, answer.total);
  res.setHeader('Content-Range', contentRange(range.offset, answer.n, answer.total));
  if (how.prefer.count) res.setHeader('Preference-Applied', 'count=exact');
  send(req, res, status, how.single ? singleObject(answer) : answer.body);
}

async function run(db: Queryable, query: BuiltQuery): Promise<Answer> {
  const { rows } = await db.query<{ body: string | null; n: number | string; total?: number | string }>(
    query.text,
    query.params,
  );
  const row = rows[0] ?? { body: '[]', n: 0 };
  return {
    body: row.body,
    n: Number(row.n),
    ...(row.total === undefined ? {} : { total: Number(row.total) }),
  };
}

/** The only row of a JSON array, or the 406 PostgREST answers when there isn't exactly one. */
function singleObject(answer: Answer): string {
  if (answer.n !== 1 || !answer.body) {
    throw new ApiError(
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

/** Runs a write in a transaction, so a 406 for the single-object answer undoes it. */
async function write(db: Db, query: BuiltQuery, how: Negotiated): Promise<Answer> {
  return db.transaction(async (tx) => {
    const answer = await run(tx, query);
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
    throw new ApiError(
      400,
      'PGRST102',
      'Empty or invalid json',
      'The body must be a JSON object or an array of objects',
    );
  }
  return rows as Record<string, unknown>[];
}

async function insert(
  db: Db,
  schema: DbSchema,
  relation: Relation,
  parsed: ParsedQuery,
  req: Request,
  res: Response,
  how: Negotiated,
): Promise<void> {
  const rows = rowsOf(req.body);
  if (rows.length === 0)
    return void res
      .status(201)
      .type(jsonType)
      .send(how.prefer.return === 'representation' ? '[]' : undefined);
  const representation = representationPlan(schema, relation, parsed, how);
  const query = buildInsert(
    relation,
    {
      rows,
      ...(parsed.columns ? { columns: parsed.columns } : {}),
      ...(how.prefer.resolution ? { resolution: how.prefer.resolution } : {}),
      ...(parsed.onConflict ? { onConflict: parsed.onConflict } : {}),
    },
    representation,
  );
  const answer = await write(db, query, how);
  res.setHeader('Content-Range', `*/*`);
  if (how.prefer.resolution) res.setHeader('Preference-Applied', `resolution=${how.prefer.resolution}`);
  send(req, res, 201, representation ? answer.body : null);
}

async function updateOrDelete(
  db: Db,
  schema: DbSchema,
  relation: Relation,
  parsed: ParsedQuery,
  req: Request,
  res: Response,
  how: Negotiated,
): Promise<void> {
  const root = parsed.paths.get('') ?? { filters: [], order: [] };
  if (root.limit !== undefined || root.offset !== undefined)
    throw parseError(`limit and offset are not supported with ${req.method}`);
  for (const path of parsed.paths.keys())
    if (path !== '') throw parseError('Filters on embedded resources are not supported in writes');
  const representation = representationPlan(schema, relation, parsed, how);
  const query =
    req.method === 'PATCH'
      ? buildUpdate(relation, rowsOfPatch(req.body), root.filters, representation)
      : buildDelete(relation, root.filters, representation);
  const answer = await write(db, query, how);
  res.setHeader('Content-Range', contentRange(0, answer.n, undefined));
  if (representation) send(req, res, 200, answer.body);
  else send(req, res, 204, null);
}

function rowsOfPatch(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError(400, 'PGRST102', 'Empty or invalid json', 'PATCH takes one JSON object');
  }
  return body as Record<string, unknown>;
}

// ---- functions ------------------------------------------------------------------------------

async function callFunction(db: Db, schema: DbSchema, req: Request, res: Response): Promise<void> {
  const name = String(req.params.fn);
  if (!schema.functions.has(name)) throw unknownFunction(name, []);
  const how = { single: wantsSingleObject(req), prefer: preferences(req) };
  const { args, rest } = rpcArguments(schema, name, req);
  const fn = findFunction(schema, name, Object.keys(args));
  const parsed = parseQuery(rest);
  const relation = resultRelation(schema, fn);
  if (relation) {
    const params = new Params();
    const source = functionSource(fn, relation, args, params);
    const single = how.single || !fn.returnsSet;
    return read(db, schema, source, parsed, req, res, { ...how, single }, params);
  }
  const root = parsed.paths.get('') ?? { filters: [], order: [] };
  if (root.filters.length > 0 || root.order.length > 0 || parsed.paths.size > 1) {
    throw parseError(`public.${name} returns a scalar: filters and order don't apply`);
  }
  const answer = await run(db, buildScalarCall(fn, args, requestedRange(req, root)));
  if (fn.returnsVoid) return send(req, res, 204, null);
  send(req, res, 200, answer.body ?? 'null');
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
  if (req.method !== 'POST') throw new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${req.method}`);
  const body: unknown = req.body ?? {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError(400, 'PGRST102', 'Empty or invalid json', 'Function arguments are a JSON object');
  }
  return { args: body as RpcArgs, rest: params };
}
