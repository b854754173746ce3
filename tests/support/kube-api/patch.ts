/**
 * The patch formats: JSON merge patch (RFC 7386), JSON patch (RFC 6902), a simplified
 * server-side apply, and for the built-in kinds strategic merge patch (strategic-merge.ts);
 * custom resources refuse it with 415, as the real server does.
 */
import { load } from 'js-yaml';
import { isDeepStrictEqual } from 'node:util';
import { badRequest, failure, unsupportedMediaType } from './status.js';
import { strategicMergePatch } from './strategic-merge.js';

export const MERGE_PATCH = 'application/merge-patch+json';
export const JSON_PATCH = 'application/json-patch+json';
export const APPLY_PATCH = 'application/apply-patch+yaml';
export const STRATEGIC_MERGE_PATCH = 'application/strategic-merge-patch+json';
const PATCH_TYPES = [JSON_PATCH, MERGE_PATCH, APPLY_PATCH];
const BUILTIN_PATCH_TYPES = [...PATCH_TYPES, STRATEGIC_MERGE_PATCH];

type Json = unknown;
const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function mergePatch(target: Json, patch: Json): Json {
  if (!isObject(patch)) return structuredClone(patch);
  const result: Record<string, Json> = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value);
  }
  return result;
}

/** Server-side apply without field ownership: the applied configuration merged over the live object. */
function applyConfiguration(target: Json, applied: Json): Json {
  if (!isObject(applied) || !isObject(target)) return structuredClone(applied);
  const result: Record<string, Json> = { ...target };
  for (const [key, value] of Object.entries(applied)) result[key] = applyConfiguration(result[key], value);
  return result;
}

interface Operation {
  op: string;
  path: string;
  from?: string;
  value?: Json;
}

const unprocessable = (message: string) => failure(422, 'Invalid', message);

function pointer(path: string): string[] {
  if (path === '') return [];
  if (!path.startsWith('/')) throw unprocessable(`invalid JSON pointer: ${path}`);
  return path
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The container of the pointer's last token, and that token. */
function locate(document: Json, path: string): { parent: Json; key: string } {
  const tokens = pointer(path);
  const key = tokens.pop();
  if (key === undefined) throw unprocessable(`unable to operate on the document root: ${path}`);
  let parent = document;
  for (const token of tokens) {
    parent = Array.isArray(parent) ? parent[Number(token)] : isObject(parent) ? parent[token] : undefined;
    if (parent === undefined) throw unprocessable(`doc is missing path: "${path}"`);
  }
  return { parent, key };
}

function read(document: Json, path: string): Json {
  if (path === '') return document;
  const { parent, key } = locate(document, path);
  const value = Array.isArray(parent) ? parent[Number(key)] : isObject(parent) ? parent[key] : undefined;
  if (value === undefined) throw unprocessable(`doc is missing path: "${path}"`);
  return value;
}

function remove(document: Json, path: string): Json {
  const { parent, key } = locate(document, path);
  const value = read(document, path);
  if (Array.isArray(parent)) parent.splice(Number(key), 1);
  else delete (parent as Record<string, Json>)[key];
  return value;
}

function add(document: Json, path: string, value: Json): void {
  const { parent, key } = locate(document, path);
  if (Array.isArray(parent)) {
    const index = key === '-' ? parent.length : Number(key);
    if (!Number.isInteger(index) || index < 0 || index > parent.length)
      throw unprocessable(`add operation does not apply: index out of bounds: ${path}`);
    parent.splice(index, 0, structuredClone(value));
  } else if (isObject(parent)) parent[key] = structuredClone(value);
  else throw unprocessable(`add operation does not apply: doc is missing path: "${path}"`);
}

export function jsonPatch(target: Json, operations: Json): Json {
  if (!Array.isArray(operations))
    throw badRequest('json: cannot unmarshal object into Go value of type jsonpatch.Patch');
  const document = structuredClone(target);
  for (const operation of operations as Operation[]) {
    switch (operation.op) {
      case 'add':
        add(document, operation.path, operation.value);
        break;
      case 'remove':
        remove(document, operation.path);
        break;
      case 'replace':
        remove(document, operation.path);
        add(document, operation.path, operation.value);
        break;
      case 'move':
        add(document, operation.path, remove(document, operation.from ?? ''));
        break;
      case 'copy':
        add(document, operation.path, read(document, operation.from ?? ''));
        break;
      case 'test':
        if (!isDeepStrictEqual(read(document, operation.path), operation.value))
          throw unprocessable(`testing value ${operation.path} failed: test failed`);
        break;
      default:
        throw badRequest(`Unexpected kind: ${operation.op}`);
    }
  }
  return document;
}

function parse(body: string, contentType: string): Json {
  try {
    return contentType === APPLY_PATCH ? load(body) : JSON.parse(body);
  } catch (error) {
    throw badRequest(`error decoding patch: ${(error as Error).message}`);
  }
}

/** 415 for a patch type the resource does not take, before anything else is looked at. */
export function checkPatchType(contentType: string, { builtin }: { builtin: boolean }): void {
  const accepted = builtin ? BUILTIN_PATCH_TYPES : PATCH_TYPES;
  if (!accepted.includes(contentType)) throw unsupportedMediaType(contentType, accepted);
}

/**
 * The object after the patch. `live` is undefined when the object does not exist: only an
 * apply creates it. Unsupported patch types (strategic merge of a custom resource) → 415.
 */
export function applyPatch(
  contentType: string,
  live: Json | undefined,
  body: string,
  { builtin }: { builtin: boolean },
): Json {
  checkPatchType(contentType, { builtin });
  const patch = parse(body, contentType);
  if (contentType === APPLY_PATCH) return live === undefined ? patch : applyConfiguration(live, patch);
  if (contentType === STRATEGIC_MERGE_PATCH) return strategicMergePatch(live, patch);
  if (contentType === MERGE_PATCH) {
    if (!isObject(patch)) throw badRequest('error decoding patch: a merge patch must be a JSON object');
    return mergePatch(live, patch);
  }
  return jsonPatch(live, patch);
}
