/**
 * `pods/{name}/log`: the text tests give each pod's containers (KubeApiServer.setPodLog and
 * appendPodLog), answered as the kubelet would through the API server: `text/plain`, one
 * container chosen by `container` (400 when a pod of several containers gets none), `tailLines`,
 * `limitBytes`, and `follow=true` streaming what is appended until the pod is deleted.
 */
import type { KubeObject } from '../../../server/src/kube/types.js';
import type { ApiRequest } from './request.js';
import { badRequest } from './status.js';
import type { ObjectStore } from './store.js';

const podKey = (namespace: string, name: string) => `${namespace}/${name}`;
/** Text set without a container name is the log of the pod's only (or first) container. */
const ANY_CONTAINER = '';

interface Follower {
  container: string;
  /** Appended text; undefined when the pod is gone. */
  send: (text: string | undefined) => void;
}

export class PodLogs {
  /** Pod key → container name → text. */
  private readonly texts = new Map<string, Map<string, string>>();
  private readonly followers = new Map<string, Set<Follower>>();

  constructor(store: ObjectStore) {
    store.subscribe((event) => {
      if (event.key !== 'pods' || event.type !== 'DELETED') return;
      const key = podKey(event.object.metadata.namespace ?? '', event.object.metadata.name);
      this.texts.delete(key);
      for (const follower of this.followers.get(key) ?? []) follower.send(undefined);
    });
  }

  set(namespace: string, name: string, text: string, container = ANY_CONTAINER): void {
    const key = podKey(namespace, name);
    const containers = this.texts.get(key) ?? new Map<string, string>();
    containers.set(container, text);
    this.texts.set(key, containers);
  }

  append(namespace: string, name: string, text: string, container = ANY_CONTAINER): void {
    this.set(namespace, name, this.text(namespace, name, container) + text, container);
    for (const follower of this.followers.get(podKey(namespace, name)) ?? [])
      if (container === ANY_CONTAINER || follower.container === container) follower.send(text);
  }

  private text(namespace: string, name: string, container: string): string {
    const containers = this.texts.get(podKey(namespace, name));
    return containers?.get(container) ?? containers?.get(ANY_CONTAINER) ?? '';
  }

  /** The container a request reads, with the API server's messages when it cannot tell. */
  private containerOf(pod: KubeObject, asked: string | null): string {
    const names = (field: string) =>
      ((pod.spec?.[field] as { name?: string }[] | undefined) ?? []).map((container) => container.name ?? '');
    const containers = names('containers');
    const initContainers = names('initContainers');
    const { name } = pod.metadata;
    if (asked) {
      if (containers.length > 0 && ![...containers, ...initContainers].includes(asked))
        throw badRequest(`container ${asked} is not valid for pod ${name}`);
      return asked;
    }
    if (containers.length > 1)
      throw badRequest(
        `a container name must be specified for pod ${name}, choose one of: [${containers.join(' ')}]`,
      );
    return containers[0] ?? ANY_CONTAINER;
  }

  serve(request: ApiRequest, pod: KubeObject): void {
    const { query, response } = request;
    const container = this.containerOf(pod, query.get('container'));
    const namespace = pod.metadata.namespace ?? '';
    let text = this.text(namespace, pod.metadata.name, container);
    const tailLines = query.get('tailLines');
    if (tailLines !== null) {
      const lines = text.split(/(?<=\n)/);
      text = lines.slice(Math.max(0, lines.length - Number(tailLines))).join('');
    }
    const limitBytes = Number(query.get('limitBytes') ?? 0);
    if (limitBytes > 0) text = Buffer.from(text).subarray(0, limitBytes).toString();
    response.writeHead(200, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-cache, private' });
    if (!['true', '1'].includes(query.get('follow') ?? '')) {
      response.end(text);
      return;
    }
    response.write(text);
    const key = podKey(namespace, pod.metadata.name);
    const followers = this.followers.get(key) ?? new Set<Follower>();
    this.followers.set(key, followers);
    const follower: Follower = {
      container,
      send: (appended) => {
        if (appended === undefined) response.end();
        else if (!response.writableEnded) response.write(appended);
      },
    };
    followers.add(follower);
    response.on('close', () => followers.delete(follower));
  }
}
