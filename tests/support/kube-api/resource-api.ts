/**
 * Reads and writes of every served resource, built-in or custom: list, get, create, replace,
 * patch, delete, the status subresource and dry runs, with the preconditions, status codes and
 * answers of the real server.
 */
import { isDeepStrictEqual } from 'node:util';
import type { KubeObject } from '../../../server/src/kube/types.js';
import type { Lifecycle } from './lifecycle.js';
import { isTerminating, prepareCreate, prepareStatusUpdate, prepareUpdate } from './objects.js';
import { APPLY_PATCH, applyPatch, checkPatchType } from './patch.js';
import { type ApiAnswer, type ApiRequest, isDryRun, mediaType, objectOfBody } from './request.js';
import { type ServedResource, apiVersionOf, storageKey } from './resources.js';
import { selectorOf } from './selectors.js';
import {
  STALE_OBJECT,
  alreadyExists,
  badRequest,
  conflict,
  deleted,
  methodNotAllowed,
  notFound,
  pathNotFound,
} from './status.js';
import type { ObjectStore } from './store.js';
import { acceptsTable, tableOf } from './table.js';
import type { Validator } from './validation.js';

export interface Target {
  resource: ServedResource;
  namespace?: string;
  name?: string;
  subresource?: string;
}

/** The object as the requested version shows it (versions share one storage, no conversion). */
export const inVersion = (resource: ServedResource, object: KubeObject): KubeObject => ({
  ...object,
  apiVersion: apiVersionOf(resource),
});

interface ContinueToken {
  after: string;
}

const encodeContinue = (token: ContinueToken) => Buffer.from(JSON.stringify(token)).toString('base64url');

function decodeContinue(text: string): ContinueToken {
  try {
    return JSON.parse(Buffer.from(text, 'base64url').toString()) as ContinueToken;
  } catch {
    throw badRequest(`invalid continue token: ${text}`);
  }
}

interface DeleteOptions {
  preconditions?: { uid?: string; resourceVersion?: string };
  dryRun?: string[];
}

function deleteOptionsOf(request: ApiRequest): DeleteOptions {
  if (!request.body.trim()) return {};
  try {
    return JSON.parse(request.body) as DeleteOptions;
  } catch (error) {
    throw badRequest(`error decoding DeleteOptions: ${(error as Error).message}`);
  }
}

export class ResourceApi {
  constructor(
    private readonly store: ObjectStore,
    private readonly validator: Validator,
    private readonly lifecycle: Lifecycle,
  ) {}

  /** The objects a list or a watch of the target sees. */
  selected(target: Target, query: URLSearchParams): KubeObject[] {
    const matches = selectorOf(query, target.resource.selectableFields);
    return this.store
      .list(storageKey(target.resource))
      .filter((object) => !target.namespace || object.metadata.namespace === target.namespace)
      .filter(matches);
  }

  list(target: Target, request: ApiRequest): ApiAnswer {
    const { resource } = target;
    let items = this.selected(target, request.query);
    const resourceVersion = String(this.store.revision);
    const continueText = request.query.get('continue');
    if (continueText) {
      const { after } = decodeContinue(continueText);
      items = items.filter((object) => `${object.metadata.namespace ?? ''}/${object.metadata.name}` > after);
    }
    const metadata: Record<string, unknown> = { resourceVersion };
    const limit = Number(request.query.get('limit') ?? 0);
    if (limit > 0 && items.length > limit) {
      const last = items[limit - 1]!;
      metadata.continue = encodeContinue({ after: `${last.metadata.namespace ?? ''}/${last.metadata.name}` });
      metadata.remainingItemCount = items.length - limit;
      items = items.slice(0, limit);
    }
    const objects = items.map((object) => inVersion(resource, object));
    if (acceptsTable(request)) return { code: 200, body: tableOf(resource, objects, metadata, request) };
    return {
      code: 200,
      body: {
        apiVersion: apiVersionOf(resource),
        kind: resource.listKind,
        metadata,
        items: objects,
      },
    };
  }

  /** The stored object of the target, 404 when there is none. */
  existing(target: Target): KubeObject {
    const object = this.store.get(storageKey(target.resource), target.namespace, target.name!);
    if (!object) throw notFound(target.resource, target.name!);
    return object;
  }

  private answer(
    target: Target,
    request: ApiRequest,
    code: number,
    object: KubeObject,
    warnings: string[] = [],
  ) {
    const shown = inVersion(target.resource, object);
    const body =
      acceptsTable(request) && request.method === 'GET'
        ? tableOf(target.resource, [shown], {}, request)
        : shown;
    return { code, body, warnings };
  }

  get(target: Target, request: ApiRequest): ApiAnswer {
    return this.answer(target, request, 200, this.existing(target));
  }

  create(target: Target, request: ApiRequest): ApiAnswer {
    if (target.subresource) throw methodNotAllowed(request.method);
    const decoded = this.validator.decode(target.resource, objectOfBody(request), request.query);
    return this.createObject(target, request, decoded.object, decoded.warnings);
  }

  private createObject(target: Target, request: ApiRequest, body: KubeObject, warnings: string[]): ApiAnswer {
    const object = prepareCreate(target.resource, body, target.namespace);
    this.validator.validate(target.resource, object);
    const key = storageKey(target.resource);
    if (this.store.get(key, object.metadata.namespace, object.metadata.name))
      throw alreadyExists(target.resource, object.metadata.name);
    const dryRun = isDryRun(request.query);
    this.lifecycle.admitCreate(target.resource, object, dryRun);
    if (dryRun) return this.answer(target, request, 201, object, warnings);
    return this.answer(target, request, 201, this.store.write(key, 'ADDED', object), warnings);
  }

  /** Stores `body` over the existing object: PUT and PATCH of the main resource or its status. */
  private updateObject(
    target: Target,
    request: ApiRequest,
    old: KubeObject,
    body: KubeObject,
    warnings: string[],
  ): ApiAnswer {
    const { resource } = target;
    const wanted = body.metadata?.resourceVersion;
    if (wanted && wanted !== old.metadata.resourceVersion)
      throw conflict(resource, old.metadata.name, STALE_OBJECT);
    if (body.metadata?.uid && body.metadata.uid !== old.metadata.uid)
      throw conflict(
        resource,
        old.metadata.name,
        `Precondition failed: UID in precondition: ${body.metadata.uid}, UID in object meta: ${old.metadata.uid}`,
      );
    const object =
      target.subresource === 'status' ? prepareStatusUpdate(body, old) : prepareUpdate(resource, body, old);
    object.metadata.resourceVersion = old.metadata.resourceVersion;
    this.validator.validate(resource, object);
    // An update that changes nothing writes nothing: same resourceVersion, no event.
    if (isDryRun(request.query) || isDeepStrictEqual(object, old))
      return this.answer(target, request, 200, object, warnings);
    return this.answer(target, request, 200, this.lifecycle.update(resource, object), warnings);
  }

  replace(target: Target, request: ApiRequest): ApiAnswer {
    const decoded = this.validator.decode(target.resource, objectOfBody(request), request.query);
    return this.updateObject(target, request, this.existing(target), decoded.object, decoded.warnings);
  }

  patch(target: Target, request: ApiRequest): ApiAnswer {
    const type = mediaType(request.headers['content-type']);
    const { resource } = target;
    checkPatchType(type, resource);
    const live = this.store.get(storageKey(resource), target.namespace, target.name!);
    if (!live && !(type === APPLY_PATCH && !target.subresource)) throw notFound(resource, target.name!);
    const patched = applyPatch(type, live && inVersion(resource, live), request.body, resource) as KubeObject;
    if (type === APPLY_PATCH && !request.query.get('fieldManager'))
      throw badRequest('PATCH, application/apply-patch+yaml requires fieldManager to be set');
    const decoded = this.validator.decode(resource, patched, request.query);
    if (!live) {
      if (decoded.object.metadata?.name !== target.name)
        throw badRequest(
          `the name of the object (${decoded.object.metadata?.name}) does not match the name on the URL (${target.name})`,
        );
      return this.createObject(target, request, decoded.object, decoded.warnings);
    }
    return this.updateObject(target, request, live, decoded.object, decoded.warnings);
  }

  delete(target: Target, request: ApiRequest): ApiAnswer {
    if (target.subresource) throw methodNotAllowed(request.method);
    const old = this.existing(target);
    const options = deleteOptionsOf(request);
    const { uid, resourceVersion } = options.preconditions ?? {};
    if (uid && uid !== old.metadata.uid)
      throw conflict(
        target.resource,
        old.metadata.name,
        `Precondition failed: UID in precondition: ${uid}, UID in object meta: ${old.metadata.uid}`,
      );
    if (resourceVersion && resourceVersion !== old.metadata.resourceVersion)
      throw conflict(
        target.resource,
        old.metadata.name,
        `Precondition failed: ResourceVersion in precondition: ${resourceVersion}, ResourceVersion in object meta: ${old.metadata.resourceVersion}`,
      );
    if (isDryRun(request.query) || options.dryRun?.includes('All'))
      return this.answer(target, request, 200, old);
    const answered = this.lifecycle.delete(target.resource, old);
    if (isTerminating(answered) || target.resource.returnsDeletedObject)
      return this.answer(target, request, 200, answered);
    return { code: 200, body: deleted(target.resource, answered) };
  }

  deleteCollection(target: Target, request: ApiRequest): ApiAnswer {
    const { resource } = target;
    const dryRun = isDryRun(request.query);
    const items = this.selected(target, request.query).map((object) =>
      inVersion(resource, dryRun ? object : this.lifecycle.delete(resource, object)),
    );
    return {
      code: 200,
      body: {
        apiVersion: apiVersionOf(resource),
        kind: resource.listKind,
        metadata: { resourceVersion: String(this.store.revision) },
        items,
      },
    };
  }

  /** GET, PUT, PATCH of `.../{name}/status`; 404 when the resource has no such subresource. */
  checkSubresource(target: Target): void {
    if (target.subresource !== undefined && !target.resource.subresources.includes(target.subresource))
      throw pathNotFound();
  }
}
