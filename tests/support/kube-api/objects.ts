/**
 * The bookkeeping the API server does on every write: uid, creationTimestamp, generation, the
 * deletion fields, and which parts a write of the main resource or of the status subresource may
 * change (apiextensions-apiserver's customResourceStrategy and statusStrategy; the built-in
 * kinds' strategies do the same, plus their own `normalize`).
 */
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { KubeObject } from '../../../server/src/kube/types.js';
import { type ServedResource, hasStatus } from './resources.js';
import { badRequest, invalid } from './status.js';

/** RFC 3339 with seconds, as Kubernetes writes timestamps. */
export const timestamp = (date = new Date()) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

// The alphabet of generateName's suffix (k8s.io/apimachinery/pkg/util/rand: no vowels, no 0/1/3).
const SUFFIX_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';
const randomSuffix = () =>
  Array.from({ length: 5 }, () => SUFFIX_ALPHABET[Math.floor(Math.random() * SUFFIX_ALPHABET.length)]).join(
    '',
  );

/** What counts for metadata.generation: everything but metadata (and status when it is a subresource). */
function specPart(resource: ServedResource, object: KubeObject): Record<string, unknown> {
  const { metadata: _metadata, status, ...rest } = object;
  return hasStatus(resource) ? rest : { ...rest, status };
}

/** Removes the fields clients may not set; the server sets them. */
function clearSystemFields(object: KubeObject): void {
  for (const field of [
    'uid',
    'creationTimestamp',
    'generation',
    'deletionTimestamp',
    'deletionGracePeriodSeconds',
  ])
    delete object.metadata[field];
}

function checkNamespace(resource: ServedResource, object: KubeObject, namespace: string | undefined): void {
  if (!resource.namespaced) {
    delete object.metadata.namespace;
    return;
  }
  if (object.metadata.namespace && object.metadata.namespace !== namespace)
    throw badRequest('the namespace of the provided object does not match the namespace sent on the request');
  object.metadata.namespace = namespace;
}

export interface WriteOptions {
  /** Keep the status of the new object even when status is a subresource (KubeApiServer.put). */
  keepStatus?: boolean;
}

/** The object a create stores (before its resourceVersion). */
export function prepareCreate(
  resource: ServedResource,
  body: KubeObject,
  namespace: string | undefined,
  options: WriteOptions = {},
): KubeObject {
  const object = structuredClone(body);
  object.metadata ??= {} as KubeObject['metadata'];
  if (object.metadata.resourceVersion)
    throw badRequest('resourceVersion should not be set on objects to be created');
  const generateName = object.metadata.generateName;
  if (!object.metadata.name && typeof generateName === 'string' && generateName)
    object.metadata.name = `${generateName}${randomSuffix()}`;
  checkNamespace(resource, object, namespace);
  clearSystemFields(object);
  object.metadata.uid = randomUUID();
  object.metadata.creationTimestamp = timestamp();
  if (resource.generation) object.metadata.generation = 1;
  if (hasStatus(resource) && !options.keepStatus) delete object.status;
  resource.normalize?.(object);
  return object;
}

/** The object a replace of the main resource stores: `old` updated by `body`. */
export function prepareUpdate(
  resource: ServedResource,
  body: KubeObject,
  old: KubeObject,
  options: WriteOptions = {},
): KubeObject {
  const object = structuredClone(body);
  object.metadata ??= {} as KubeObject['metadata'];
  if (object.metadata.name && object.metadata.name !== old.metadata.name)
    throw badRequest(
      `the name of the object (${object.metadata.name}) does not match the name on the URL (${old.metadata.name})`,
    );
  object.metadata.name = old.metadata.name;
  checkNamespace(resource, object, old.metadata.namespace);
  clearSystemFields(object);
  object.metadata.uid = old.metadata.uid;
  object.metadata.creationTimestamp = old.metadata.creationTimestamp;
  keepDeletion(resource, object, old);
  if (hasStatus(resource) && !options.keepStatus) {
    if (old.status === undefined) delete object.status;
    else object.status = structuredClone(old.status);
  }
  resource.normalize?.(object);
  if (resource.generation) {
    const generation = old.metadata.generation ?? 1;
    object.metadata.generation = isDeepStrictEqual(specPart(resource, object), specPart(resource, old))
      ? generation
      : generation + 1;
  }
  return object;
}

const finalizersOf = (object: KubeObject) => (object.metadata.finalizers as string[] | undefined) ?? [];

/** An object being deleted keeps its deletion fields and may lose finalizers, never gain one. */
function keepDeletion(resource: ServedResource, object: KubeObject, old: KubeObject): void {
  if (!old.metadata.deletionTimestamp) return;
  object.metadata.deletionTimestamp = old.metadata.deletionTimestamp;
  object.metadata.deletionGracePeriodSeconds = old.metadata.deletionGracePeriodSeconds;
  const added = finalizersOf(object).filter((finalizer) => !finalizersOf(old).includes(finalizer));
  if (added.length > 0)
    throw invalid(resource, object.metadata.name, [
      {
        reason: 'FieldValueForbidden',
        message: 'Forbidden: no new finalizers can be added if the object is being deleted',
        field: 'metadata.finalizers',
      },
    ]);
}

/** Set while a DELETE waits for the object's finalizers to go. */
export const isTerminating = (object: KubeObject) => Boolean(object.metadata.deletionTimestamp);

/** A terminating object whose last finalizer went: the store deletes it. */
export const isFinalized = (object: KubeObject) => isTerminating(object) && finalizersOf(object).length === 0;

export const hasFinalizers = (object: KubeObject) => finalizersOf(object).length > 0;

/** The object a write of the status subresource stores: `old` with the status of `body`. */
export function prepareStatusUpdate(body: KubeObject, old: KubeObject): KubeObject {
  const object = structuredClone(old);
  if (body.status === undefined) delete object.status;
  else object.status = structuredClone(body.status);
  return object;
}
