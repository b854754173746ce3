/**
 * What happens around single writes: a DELETE that waits for finalizers (deletionTimestamp set,
 * the object kept until an update removes its last finalizer), and namespaces, which appear when
 * something is written into them, refuse new objects while terminating and take their objects
 * with them when deleted (the namespace controller's work, done at once).
 */
import type { KubeObject } from '../../../server/src/kube/types.js';
import { INITIAL_NAMESPACES, NAMESPACES } from './builtins.js';
import { hasFinalizers, isFinalized, isTerminating, prepareCreate, timestamp } from './objects.js';
import { type ServedResource, storageKey } from './resources.js';
import { notFound, refused } from './status.js';
import type { ObjectStore } from './store.js';

const NAMESPACES_KEY = storageKey(NAMESPACES);
/** The namespaces the real server refuses to delete. */
const UNDELETABLE = ['default', 'kube-public', 'kube-system'];

const isNamespace = (resource: ServedResource) => storageKey(resource) === NAMESPACES_KEY;

export class Lifecycle {
  constructor(
    private readonly store: ObjectStore,
    private readonly resources: ServedResource[],
    /** False: a create in a missing namespace is a 404, as on a real server. */
    private readonly createMissingNamespaces = true,
  ) {
    for (const name of INITIAL_NAMESPACES) this.createNamespace(name);
  }

  private createNamespace(name: string): void {
    const namespace = { apiVersion: 'v1', kind: 'Namespace', metadata: { name } };
    this.store.write(NAMESPACES_KEY, 'ADDED', prepareCreate(NAMESPACES, namespace, undefined));
  }

  /**
   * Before a create in a namespace: 403 while the namespace terminates; a namespace that does not
   * exist is created (tests need not create namespaces first) or, when the server was started
   * so, refused with 404 as the real server's NamespaceLifecycle admission does (dry runs too).
   */
  admitCreate(resource: ServedResource, object: KubeObject, dryRun: boolean, byTest = false): void {
    const name = object.metadata.namespace;
    if (!resource.namespaced || !name) return;
    const namespace = this.store.get(NAMESPACES_KEY, undefined, name);
    if (namespace && isTerminating(namespace))
      throw refused(
        resource,
        object.metadata.name,
        `unable to create new content in namespace ${name} because it is being terminated`,
      );
    if (namespace) return;
    if (!this.createMissingNamespaces && !byTest) throw notFound(NAMESPACES, name);
    if (!dryRun) this.createNamespace(name);
  }

  /** Stores an updated object, or deletes it when it was terminating and lost its last finalizer. */
  update(resource: ServedResource, object: KubeObject): KubeObject {
    const key = storageKey(resource);
    if (isNamespace(resource)) {
      const written = this.store.write(key, 'MODIFIED', object);
      return this.finishNamespace(object.metadata.name) ?? written;
    }
    return isFinalized(object) ? this.remove(resource, object) : this.store.write(key, 'MODIFIED', object);
  }

  /**
   * A DELETE: the object goes at once unless it has finalizers; then it gets a deletionTimestamp
   * and stays (a second DELETE changes nothing). Namespaces always terminate first. Returns the
   * object as the answer shows it.
   */
  delete(resource: ServedResource, old: KubeObject): KubeObject {
    if (isNamespace(resource) && UNDELETABLE.includes(old.metadata.name))
      throw refused(resource, old.metadata.name, 'this namespace may not be deleted');
    if (!hasFinalizers(old) && !isNamespace(resource)) return this.remove(resource, old);
    if (isTerminating(old)) return old;
    const marked = structuredClone(old);
    marked.metadata.deletionTimestamp = timestamp();
    marked.metadata.deletionGracePeriodSeconds = 0;
    if (isNamespace(resource)) marked.status = { ...marked.status, phase: 'Terminating' };
    const written = this.store.write(storageKey(resource), 'MODIFIED', marked);
    if (isNamespace(resource)) this.emptyNamespace(old.metadata.name);
    return written;
  }

  private remove(resource: ServedResource, object: KubeObject): KubeObject {
    const deleted = this.store.write(storageKey(resource), 'DELETED', object);
    if (resource.namespaced && object.metadata.namespace) this.finishNamespace(object.metadata.namespace);
    return deleted;
  }

  /** One entry per storage key: the versions of a CRD share their objects. */
  private namespacedResources(): ServedResource[] {
    const byKey = new Map<string, ServedResource>();
    for (const resource of this.resources)
      if (resource.namespaced && !byKey.has(storageKey(resource))) byKey.set(storageKey(resource), resource);
    return [...byKey.values()];
  }

  private contents(namespace: string): { resource: ServedResource; object: KubeObject }[] {
    return this.namespacedResources().flatMap((resource) =>
      this.store
        .list(storageKey(resource))
        .filter((object) => object.metadata.namespace === namespace)
        .map((object) => ({ resource, object })),
    );
  }

  private emptyNamespace(namespace: string): void {
    for (const { resource, object } of this.contents(namespace)) this.delete(resource, object);
    this.finishNamespace(namespace);
  }

  /** Deletes a terminating namespace once nothing is left in it; returns it then. */
  private finishNamespace(name: string): KubeObject | undefined {
    const namespace = this.store.get(NAMESPACES_KEY, undefined, name);
    if (!namespace || !isTerminating(namespace) || hasFinalizers(namespace)) return undefined;
    if (this.contents(name).length > 0) return undefined;
    return this.store.write(NAMESPACES_KEY, 'DELETED', namespace);
  }
}
