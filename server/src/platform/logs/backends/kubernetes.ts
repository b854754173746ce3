/**
 * The `kubernetes` backend: the logs of the pods the selector's labels select (its `namespace`
 * label, else the backend's `namespace`, else `default`; a `container` label picks the
 * container), every container of each, through `pods/{name}/log?timestamps=true&sinceTime=`,
 * the newest lines of each kept. The cluster is the backend's own `kubeconfig` (text, or a
 * Secret/ConfigMap key), a kubernetes `connection` (its kubeconfig), else the console's own.
 */
import http from 'node:http';
import https from 'node:https';
import type { KubeConfig } from '@kubernetes/client-node';
import { kubeClient } from '../../../kube/client-library.js';
import { meansUnreachable } from '../../../kube/connection.js';
import { loadKubeClient } from '../../../kube/index.js';
import { decodeCursor, isTimeCursor, pageByTime, queryFilter, timeKey, type TimedLine } from '../lines.js';
import { plainRouteLabels } from '../routing.js';
import { BackendError, text, type BackendContext, type BackendReader } from './types.js';
import type { LogBackend } from '../backends.js';

/** The most pods one search reads, and the newest lines it reads of each container. */
export const MAX_PODS = 20;
export const TAIL_LINES = 50_000;
/** Selector labels that place the pods rather than select them. */
const PLACING = new Set(['namespace', 'container', 'cluster']);

async function kubeConfigOf(
  backend: LogBackend,
  ctx: BackendContext,
): Promise<{ config: KubeConfig; own: boolean }> {
  await loadKubeClient();
  const load = (content: string, where: string) => {
    const config = new (kubeClient().KubeConfig)();
    try {
      config.loadFromString(content);
    } catch {
      throw new BackendError(`${where} is not a readable kubeconfig`);
    }
    if (!config.getCurrentCluster()?.server)
      throw new BackendError(`${where} names no cluster in its current context`);
    return config;
  };
  const own = await ctx.credential(backend.config.kubeconfig);
  if (own) {
    ctx.secrets.add(own);
    return { config: load(own, `the kubeconfig of log backend ${backend.name}`), own: false };
  }
  const ref = text(backend.config.connection);
  if (ref) {
    const connection = await ctx.connection(ref);
    if (!connection) throw new BackendError(`connection ${ref} was not found`);
    const content =
      connection.properties.kubeconfig || connection.properties.certificate || connection.password || '';
    if (!content.trim()) throw new BackendError(`connection ${ref} holds no kubeconfig`);
    ctx.secrets.add(content);
    return { config: load(content, `connection ${ref}`), own: false };
  }
  if (!ctx.kube?.kubeConfig)
    throw new BackendError(
      'no Kubernetes cluster is configured (set KUBECONFIG or run the console in a cluster), and the backend names no kubeconfig or connection',
    );
  return { config: ctx.kube.kubeConfig, own: true };
}

class KubeAnswerError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** A GET of the API server, its body as text; a non-2xx answer is a KubeAnswerError with the Status message. */
async function kubeGet(config: KubeConfig, path: string, query: Record<string, string>, signal: AbortSignal) {
  const server = config.getCurrentCluster()!.server.replace(/\/+$/, '');
  const url = new URL(server + path);
  for (const [key, value] of Object.entries(query)) if (value !== '') url.searchParams.set(key, value);
  const options: https.RequestOptions = {};
  await config.applyToHTTPSOptions(options);
  const plain = url.protocol === 'http:';
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = (plain ? http : https).request(url, {
      method: 'GET',
      headers: options.headers ?? {},
      ...(plain ? {} : { agent: options.agent }),
      signal,
    });
    request.on('response', resolve);
    request.on('error', reject);
    request.end();
  });
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString('utf8');
  const status = response.statusCode ?? 500;
  if (status < 300) return body;
  let message = `HTTP ${status}`;
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === 'string' && parsed.message) message = parsed.message;
  } catch {
    // Not a Status: the code says enough.
  }
  throw new KubeAnswerError(status, message);
}

interface Pod {
  metadata: { name: string; namespace?: string; creationTimestamp?: string };
  spec?: { containers?: { name: string }[] };
}

const LINE = /^(\S+) ?(.*)$/;

export const readKubernetesLogs: BackendReader = async (backend, search, ctx) => {
  const { config, own } = await kubeConfigOf(backend, ctx);
  const selectorLabels = search.selector.labels ?? {};
  const namespace = selectorLabels.namespace || text(backend.config.namespace) || 'default';
  const labelSelector = Object.entries(selectorLabels)
    .filter(([key]) => !PLACING.has(key))
    .map(([key, value]) => `${key}=${value}`)
    .join(',');
  const get = async (path: string, query: Record<string, string>, what: string) => {
    try {
      return await kubeGet(config, path, query, search.signal);
    } catch (error) {
      if (search.signal.aborted) throw error;
      if (own && (!(error instanceof KubeAnswerError) || meansUnreachable(error)))
        ctx.kube?.noteFailure(error);
      if (error instanceof KubeAnswerError && error.code === 403)
        throw new BackendError(`the console may not ${what} (forbidden by the cluster's RBAC)`);
      throw new BackendError(`${what} failed: ${(error as Error).message}`);
    }
  };
  const list = JSON.parse(
    await get(
      `/api/v1/namespaces/${encodeURIComponent(namespace)}/pods`,
      { labelSelector },
      `list pods in ${namespace}`,
    ),
  ) as { items?: Pod[] };
  const pods = (list.items ?? [])
    .sort((a, b) => (b.metadata.creationTimestamp ?? '').localeCompare(a.metadata.creationTimestamp ?? ''))
    .slice(0, MAX_PODS);
  const routeLabels = { ...plainRouteLabels(backend, search.selector, search.externalId), ...backend.labels };
  const matches = queryFilter(search.query);
  const start = search.start.getTime();
  const end = search.end.getTime();
  const cursor = decodeCursor(search.page, isTimeCursor);
  const sinceTime = new Date(Math.floor(start / 1000) * 1000).toISOString().replace('.000Z', 'Z');
  const reads = pods.flatMap((pod) => {
    const containers = selectorLabels.container
      ? [selectorLabels.container]
      : (pod.spec?.containers ?? []).map((container) => container.name);
    return containers.map(async (container): Promise<TimedLine[]> => {
      const name = pod.metadata.name;
      const body = await get(
        `/api/v1/namespaces/${encodeURIComponent(namespace)}/pods/${encodeURIComponent(name)}/log`,
        { timestamps: 'true', sinceTime, container, tailLines: String(TAIL_LINES) },
        `read the log of ${namespace}/${name} (${container})`,
      );
      const lines: TimedLine[] = [];
      for (const raw of body.split('\n')) {
        const match = LINE.exec(raw.replace(/\r$/, ''));
        if (!match) continue;
        const at = timeKey(match[1]!);
        if (Number.isNaN(at) || at < start || at > end || !matches(match[2]!)) continue;
        if (cursor && at > cursor.before) continue;
        lines.push({
          at,
          timestamp: match[1]!,
          message: match[2]!,
          labels: { ...routeLabels, namespace, pod: name, container },
        });
      }
      return lines;
    });
  });
  const settled = await Promise.allSettled(reads);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  // One container not started yet is no failure of the others.
  if (failed && settled.every((s) => s.status === 'rejected')) throw failed.reason;
  const lines = settled.flatMap((s) => (s.status === 'fulfilled' ? s.value : []));
  const page = pageByTime(lines, search.limit, cursor);
  return { total: page.results.length, ...page };
};
