/**
 * The objects, the global resourceVersion and the event history watches resume from, as etcd and
 * the watch cache keep them. Objects go in and out as deep copies.
 */
import type { KubeObject } from '../../../server/src/kube/types.js';
import { gone } from './status.js';

export type EventType = 'ADDED' | 'MODIFIED' | 'DELETED';

export interface StoreEvent {
  revision: number;
  type: EventType;
  /** The storage key of the resource: `{plural}.{group}`. */
  key: string;
  object: KubeObject;
  /** The object before a MODIFIED or DELETED: watches with a selector see it leave or enter. */
  previous?: KubeObject;
}

const objectKey = (namespace: string | undefined, name: string) => `${namespace ?? ''}/${name}`;

export class ObjectStore {
  /** The resourceVersion of the last write, for every resource (etcd's revision). */
  revision = 0;
  private readonly objects = new Map<string, Map<string, KubeObject>>();
  private history: StoreEvent[] = [];
  /** Every event from this revision on is in `history`. */
  private firstKept = 1;
  private readonly listeners = new Set<(event: StoreEvent) => void>();

  constructor(private readonly historyLimit: number) {}

  /** The objects of a resource ordered by namespace then name (etcd's key order). */
  list(key: string): KubeObject[] {
    const objects = this.objects.get(key);
    if (!objects) return [];
    return [...objects.keys()].sort().map((id) => structuredClone(objects.get(id)!));
  }

  get(key: string, namespace: string | undefined, name: string): KubeObject | undefined {
    const object = this.objects.get(key)?.get(objectKey(namespace, name));
    return object && structuredClone(object);
  }

  /** Stores (or for DELETED removes) the object under a new resourceVersion and tells the watches. */
  write(key: string, type: EventType, object: KubeObject): KubeObject {
    const stored = structuredClone(object);
    stored.metadata.resourceVersion = String(++this.revision);
    const objects = this.objects.get(key) ?? new Map<string, KubeObject>();
    this.objects.set(key, objects);
    const id = objectKey(stored.metadata.namespace, stored.metadata.name);
    const previous = objects.get(id);
    if (type === 'DELETED') objects.delete(id);
    else objects.set(id, stored);
    const event: StoreEvent = {
      revision: this.revision,
      type,
      key,
      object: stored,
      ...(previous ? { previous } : {}),
    };
    this.history.push(event);
    if (this.history.length > this.historyLimit)
      this.history.splice(0, this.history.length - this.historyLimit);
    this.firstKept = this.history[0]?.revision ?? this.revision + 1;
    for (const listener of this.listeners) listener(event);
    return structuredClone(stored);
  }

  /**
   * The events after `revision`. Throws 410 Expired when some of them were forgotten, with the
   * message of the real watch cache.
   */
  eventsAfter(revision: number): StoreEvent[] {
    if (revision + 1 < this.firstKept)
      throw gone(`too old resource version: ${revision} (${this.firstKept - 1})`);
    return this.history.filter((event) => event.revision > revision);
  }

  /** Forgets the history: only watches from the current revision on can resume. */
  compact(): void {
    this.history = [];
    this.firstKept = this.revision + 1;
  }

  subscribe(listener: (event: StoreEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
