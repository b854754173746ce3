/** What the handlers of the test server get: the parsed request and where to answer. */
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { load } from 'js-yaml';
import type { KubeObject } from '../../../server/src/kube/types.js';
import { badRequest, unsupportedMediaType } from './status.js';

export interface ApiRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  user: string;
  groups: string[];
  response: ServerResponse;
}

/** An answer: the HTTP status, a JSON body and the `Warning` headers (e.g. pruned fields). */
export interface ApiAnswer {
  code: number;
  body: unknown;
  warnings?: string[];
}

/** The media type without parameters: `application/json; charset=utf-8` → `application/json`. */
export const mediaType = (header: string | undefined) => (header ?? '').split(';')[0]!.trim().toLowerCase();

const BODY_TYPES = ['application/json', 'application/yaml'];

/** The object in a create or replace body (JSON or YAML), 400 when it is none. */
export function objectOfBody(request: ApiRequest): KubeObject {
  const type = mediaType(request.headers['content-type']) || 'application/json';
  if (!BODY_TYPES.includes(type)) throw unsupportedMediaType(type, BODY_TYPES);
  let object: unknown;
  try {
    object = type === 'application/yaml' ? load(request.body) : JSON.parse(request.body);
  } catch (error) {
    throw badRequest(`error decoding the request body: ${(error as Error).message}`);
  }
  if (typeof object !== 'object' || object === null || Array.isArray(object))
    throw badRequest('the request body must be an object');
  return object as KubeObject;
}

/** `?dryRun=All` (the only value the real server accepts). */
export function isDryRun(query: URLSearchParams): boolean {
  const values = query.getAll('dryRun');
  if (values.some((value) => value !== 'All'))
    throw badRequest(`Invalid dry run value: ${values.join(', ')}; only "All" is supported`);
  return values.length > 0;
}
