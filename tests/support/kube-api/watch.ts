/**
 * Watches (`?watch=true`): a chunked response with one JSON event per line, from the current
 * objects or from a resourceVersion in the history, with bookmarks, timeouts, selectors and the
 * 410 Expired ERROR event of the real watch cache.
 */
import type { KubeObject } from '../../../server/src/kube/types.js';
import type { ApiRequest } from './request.js';
import { type ResourceApi, type Target, inVersion } from './resource-api.js';
import { apiVersionOf, storageKey } from './resources.js';
import { selectorOf } from './selectors.js';
import { StatusError, badRequest } from './status.js';
import type { ObjectStore, StoreEvent } from './store.js';
import { acceptsTable, tableOf } from './table.js';

type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';

/** How often a watch that allows bookmarks gets one (the real server: about once a minute). */
const BOOKMARK_INTERVAL_MS = 60_000;

export const isWatch = (query: URLSearchParams) => ['true', '1'].includes(query.get('watch') ?? '');

export function serveWatch(
  request: ApiRequest,
  target: Target,
  store: ObjectStore,
  objects: ResourceApi,
): void {
  const { query, response } = request;
  const { resource } = target;
  const key = storageKey(resource);
  const selected = selectorOf(query, resource.selectableFields);
  const matches = (object: KubeObject | undefined) =>
    object !== undefined &&
    (!target.namespace || object.metadata.namespace === target.namespace) &&
    selected(object);
  const resourceVersion = query.get('resourceVersion') ?? '';
  if (resourceVersion !== '' && !/^\d+$/.test(resourceVersion))
    throw badRequest(`invalid resource version: ${resourceVersion}`);
  const allowBookmarks = query.get('allowWatchBookmarks') === 'true';
  const sendInitialEvents = query.get('sendInitialEvents') === 'true';

  response.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache, private' });
  response.flushHeaders();
  const send = (type: WatchEventType, object: unknown) => {
    if (!response.writableEnded) response.write(`${JSON.stringify({ type, object })}\n`);
  };
  // `kubectl get --watch` asks for Tables: one row per event, the columns in the first one only.
  const asTable = acceptsTable(request);
  let columnsSent = false;
  const sendObject = (type: WatchEventType, object: KubeObject) => {
    const shown = inVersion(resource, object);
    if (!asTable) return send(type, shown);
    const table = tableOf(resource, [shown], { resourceVersion: shown.metadata.resourceVersion }, request);
    send(type, columnsSent ? { ...table, columnDefinitions: [] } : table);
    columnsSent = true;
  };
  const bookmark = (annotations?: Record<string, string>) =>
    send('BOOKMARK', {
      kind: resource.kind,
      apiVersion: apiVersionOf(resource),
      metadata: { resourceVersion: String(store.revision), ...(annotations ? { annotations } : {}) },
    });

  /** A stored event as this watch sees it: objects entering or leaving its selection are ADDED or DELETED. */
  const deliver = (event: StoreEvent) => {
    if (event.key !== key) return;
    const now = event.type !== 'DELETED' && matches(event.object);
    const before = event.type !== 'ADDED' && matches(event.previous);
    let type: WatchEventType | undefined;
    if (event.type === 'DELETED') type = before ? 'DELETED' : undefined;
    else if (now) type = before ? 'MODIFIED' : 'ADDED';
    else if (before) type = 'DELETED';
    if (type) sendObject(type, event.object);
  };

  let backlog: StoreEvent[] = [];
  const fromNow = resourceVersion === '' || resourceVersion === '0' || sendInitialEvents;
  if (!fromNow) {
    try {
      backlog = store.eventsAfter(Number(resourceVersion));
    } catch (error) {
      if (!(error instanceof StatusError)) throw error;
      send('ERROR', error.status);
      response.end();
      return;
    }
  }
  const unsubscribe = store.subscribe(deliver);
  const timers: NodeJS.Timeout[] = [];
  const finish = () => {
    unsubscribe();
    timers.forEach(clearTimeout);
    if (!response.writableEnded) response.end();
  };
  response.on('close', finish);

  if (fromNow) for (const object of objects.selected(target, query)) sendObject('ADDED', object);
  if (sendInitialEvents && allowBookmarks) bookmark({ 'k8s.io/initial-events-end': 'true' });
  backlog.forEach(deliver);

  if (allowBookmarks) timers.push(setInterval(() => bookmark(), BOOKMARK_INTERVAL_MS));
  const timeoutSeconds = Number(query.get('timeoutSeconds') ?? 0);
  if (timeoutSeconds > 0)
    timers.push(
      setTimeout(() => {
        if (allowBookmarks) bookmark();
        finish();
      }, timeoutSeconds * 1000),
    );
}
