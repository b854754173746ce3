/**
 * The cluster an entry reads: its own `kubeconfig` (text, a file path, or a Secret/ConfigMap key),
 * a stored kubernetes `connection` (its kubeconfig in `certificate`), or else the console's
 * cluster connection. Requests are plain node:http(s) ones from the kubeconfig's credentials
 * (read afresh per request: tokens rotate), answered as JSON without client-node's typed models,
 * which would drop fields the catalog keeps and turn timestamps into Dates.
 */
import http from 'node:http';
import https from 'node:https';
import { createInterface } from 'node:readline';
import type { KubeConfig } from '@kubernetes/client-node';
import { kubeClient } from '../../../../../kube/client-library.js';
import { loadKubeClient, readKeyRef, type KubeConnection } from '../../../../../kube/index.js';
import { meansUnreachable, reasonOf } from '../../../../../kube/connection.js';
import type { ScrapeContext } from '../../types.js';
import type { KubernetesEntry } from './entry.js';

/** An answer of the API server other than 2xx; `code` as client-node's ApiException has it. */
export class KubeApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export type Query = Record<string, string | number | boolean | undefined>;

export interface ClusterClient {
  /** The API server's address, for messages. */
  readonly server: string;
  getJson<T>(path: string, query: Query, signal?: AbortSignal): Promise<T>;
  /**
   * A watch stream: `onEvent` for each line until the server ends it (resolves) or it fails
   * (rejects); `onEvent` throwing ends it with that error.
   */
  watch(path: string, query: Query, onEvent: (event: unknown) => void, signal: AbortSignal): Promise<void>;
  /** Tells the console's connection about a failure that means the server is out of reach. */
  noteFailure(error: unknown): void;
}

const NO_CLUSTER = 'no Kubernetes cluster';

/** A list request whose connection says nothing for this long has failed. */
const LIST_IDLE_MS = 60_000;
/**
 * How long the API server keeps a watch open before ending it (then resumed): a connection that
 * died without a word is noticed within this, plus a margin.
 */
const WATCH_SECONDS = 300;

/** Why a failed request failed, in words (never a credential). */
export function failureReason(error: unknown): string {
  if (error instanceof KubeApiError) return error.message;
  return reasonOf(error);
}

function urlOf(server: string, path: string, query: Query): URL {
  const url = new URL(server.replace(/\/+$/, '') + path);
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  return url;
}

class KubeConfigClient implements ClusterClient {
  readonly server: string;

  constructor(
    private readonly kubeConfig: KubeConfig,
    private readonly console?: KubeConnection,
  ) {
    this.server = kubeConfig.getCurrentCluster()?.server ?? '';
  }

  noteFailure(error: unknown): void {
    if (this.console && meansUnreachable(error)) this.console.noteFailure(error);
  }

  /** `idleMs`: a connection silent that long is given up (a server gone without closing it). */
  private async open(url: URL, idleMs: number, signal?: AbortSignal): Promise<http.IncomingMessage> {
    const options: https.RequestOptions = {};
    await this.kubeConfig.applyToHTTPSOptions(options);
    const plain = url.protocol === 'http:';
    const request = (plain ? http : https).request(url, {
      method: 'GET',
      headers: { ...(options.headers ?? {}), Accept: 'application/json' },
      ...(plain ? {} : { agent: options.agent }),
      signal,
    });
    request.setTimeout(idleMs, () =>
      request.destroy(new Error(`no answer from the API server within ${Math.round(idleMs / 1000)} s`)),
    );
    return new Promise((resolve, reject) => {
      request.on('response', resolve);
      request.on('error', reject);
      request.end();
    });
  }

  private async failed(response: http.IncomingMessage): Promise<never> {
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    let message = `HTTP ${response.statusCode}`;
    try {
      const status = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { message?: unknown };
      if (typeof status.message === 'string' && status.message) message = status.message;
    } catch {
      // Not a Status: the code says enough.
    }
    throw new KubeApiError(response.statusCode ?? 500, message);
  }

  async getJson<T>(path: string, query: Query, signal?: AbortSignal): Promise<T> {
    const response = await this.open(urlOf(this.server, path, query), LIST_IDLE_MS, signal);
    if ((response.statusCode ?? 500) >= 300) return this.failed(response);
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as T;
  }

  async watch(path: string, query: Query, onEvent: (event: unknown) => void, signal: AbortSignal) {
    const response = await this.open(
      urlOf(this.server, path, { ...query, watch: 'true', timeoutSeconds: WATCH_SECONDS }),
      (WATCH_SECONDS + 30) * 1000,
      signal,
    );
    if ((response.statusCode ?? 500) >= 300) return this.failed(response);
    const lines = createInterface({ input: response, crlfDelay: Infinity });
    await new Promise<void>((resolve, reject) => {
      let ended = false;
      const finish = (error?: unknown) => {
        if (ended) return;
        ended = true;
        lines.close();
        response.destroy();
        if (error && !signal.aborted) reject(error);
        else resolve();
      };
      lines.on('line', (line) => {
        if (!line.trim()) return;
        let event: unknown;
        try {
          event = JSON.parse(line);
        } catch {
          return;
        }
        try {
          onEvent(event);
        } catch (error) {
          finish(error);
        }
      });
      response.on('error', finish);
      response.on('aborted', () => finish(new Error('the watch was cut off')));
      response.on('close', () => finish(response.complete ? undefined : new Error('the watch was cut off')));
      lines.on('close', () => finish());
    });
  }
}

type Raw = Record<string, unknown>;
const isObject = (value: unknown): value is Raw => !!value && typeof value === 'object';

/** The text of a `kubeconfig` field: a literal, or a Secret/ConfigMap key in the scraper's namespace. */
async function kubeconfigText(value: unknown, ctx: ScrapeContext): Promise<string | undefined> {
  if (typeof value === 'string') return value.trim() || undefined;
  if (!isObject(value)) return undefined;
  if (typeof value.value === 'string' && value.value.trim()) return value.value;
  const from = isObject(value.valueFrom) ? value.valueFrom : {};
  const secret = isObject(from.secretKeyRef) ? from.secretKeyRef : undefined;
  const configMap = isObject(from.configMapKeyRef) ? from.configMapKeyRef : undefined;
  const ref = secret ?? configMap;
  if (!ref) return undefined;
  const text = await readKeyRef(ctx.kube, {
    kind: secret ? 'secret' : 'configmap',
    namespace: ctx.scraper.namespace,
    name: String(ref.name ?? ''),
    key: String(ref.key ?? ''),
  });
  ctx.secrets.add(text);
  return text;
}

function loadConfig(text: string, where: string): KubeConfig {
  const kubeConfig = new (kubeClient().KubeConfig)();
  try {
    if (text.startsWith('/')) kubeConfig.loadFromFile(text);
    else kubeConfig.loadFromString(text);
  } catch {
    throw new Error(`${NO_CLUSTER}: ${where} is not a readable kubeconfig`);
  }
  if (!kubeConfig.getCurrentCluster()?.server)
    throw new Error(`${NO_CLUSTER}: ${where} names no cluster in its current context`);
  return kubeConfig;
}

/** The client of the entry's cluster; throws "no Kubernetes cluster: ..." when there is none. */
export async function clusterFor(entry: KubernetesEntry, ctx: ScrapeContext): Promise<ClusterClient> {
  await loadKubeClient();
  const own = await kubeconfigText(entry.kubeconfig, ctx);
  if (own) {
    // A kubeconfig's text holds credentials (a path does not).
    if (!own.startsWith('/')) ctx.secrets.add(own);
    return new KubeConfigClient(loadConfig(own, "the entry's kubeconfig"));
  }
  if (entry.connection) {
    const connection = await ctx.connection(entry.connection);
    if (!connection) throw new Error(`${NO_CLUSTER}: connection ${entry.connection} was not found`);
    const text =
      connection.properties.kubeconfig || connection.properties.certificate || connection.password || '';
    if (!text.trim()) throw new Error(`${NO_CLUSTER}: connection ${entry.connection} holds no kubeconfig`);
    ctx.secrets.add(text);
    return new KubeConfigClient(loadConfig(text, `connection ${entry.connection}`));
  }
  if (!ctx.kube?.kubeConfig)
    throw new Error(
      `${NO_CLUSTER}: the console has no cluster connection and the entry names no kubeconfig or connection`,
    );
  return new KubeConfigClient(ctx.kube.kubeConfig, ctx.kube);
}
