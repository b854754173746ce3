import type { CustomObjectsApi, KubeConfig, VersionApi } from '@kubernetes/client-node';
import { kubeClient } from './client-library.js';
import { ConfigError, type KubeSettings } from '../config.js';
import type { Logger } from '../http/logging.js';
import { KINDS, type KindTable } from './kinds.js';
import type { ClusterState, ClusterStatus } from './types.js';

export interface KubeConnection {
  /** The loaded kubeconfig; undefined when no cluster is configured. */
  readonly kubeConfig: KubeConfig | undefined;
  readonly writeAs: 'serviceaccount' | 'impersonate';
  /** Watched namespaces; empty = all. */
  readonly namespaces: string[];
  /** For GET /api/kube/status and /readyz. */
  status(): ClusterStatus;
  /**
   * Everyone who talks to the API server reports a failure. One that says the server is out of
   * reach turns the connection disconnected at once; only the connection's own probe (with
   * backoff) turns it connected again, so a server that answers some calls and drops others is
   * reported once per probe, not once per call.
   */
  noteFailure(error: unknown): void;
  /** Which kinds' CRDs the cluster serves (refreshed periodically and on reconnect). */
  isInstalled(table: KindTable): boolean;
}

/** What the server and the mirror need beyond the contract: the lifecycle and change notices. */
export interface ManagedKubeConnection extends KubeConnection {
  /** Reads which kinds are served now, then every refresh period (sooner while disconnected). */
  start(): void;
  stop(): void;
  /** Re-reads which kinds' CRDs are served; also tells whether the API server answers. */
  refreshKinds(): Promise<void>;
  /** Called when the set of installed kinds changes or the cluster comes back; returns an unsubscribe. */
  onChange(listener: () => void): () => void;
}

export interface ConnectionTimings {
  /** How often the served kinds are re-read while connected (default 30 s). */
  refreshMs?: number;
  /** First retry after a failed contact, doubling up to refreshMs (default 1 s). */
  retryMs?: number;
}

export const NOT_CONFIGURED_MESSAGE =
  'No Kubernetes cluster is configured: set KUBECONFIG or run the console in a cluster to use custom resources.';

const unreachableMessage = (url: string, reason: string) =>
  `The Kubernetes API server at ${url} cannot be reached (${reason}); mirrored resources may be out of date.`;

/** The oldest Kubernetes that validates fields on the server by default (writes rely on Strict). */
export const OLDEST_SUPPORTED = { major: 1, minor: 25 };

/**
 * Why this API server is too old (from its /version), or undefined when it is recent enough or
 * does not say. Managed offerings report minors such as '24+'.
 */
export function unsupportedVersion(version: { major?: string; minor?: string; gitVersion?: string }) {
  const fromGit = /^v?(\d+)\.(\d+)/.exec(version.gitVersion ?? '');
  const major = Number.parseInt(version.major ?? '', 10) || Number(fromGit?.[1]);
  const minor = Number.parseInt(version.minor ?? '', 10);
  const minorOf = Number.isNaN(minor) ? Number(fromGit?.[2]) : minor;
  if (!Number.isFinite(major) || !Number.isFinite(minorOf)) return undefined;
  const { major: oldestMajor, minor: oldestMinor } = OLDEST_SUPPORTED;
  if (major > oldestMajor || (major === oldestMajor && minorOf >= oldestMinor)) return undefined;
  return `Kubernetes v${major}.${minorOf} is older than the oldest this console supports (${oldestMajor}.${oldestMinor}: it needs strict field validation).`;
}

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  ETIMEDOUT: 'timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  CERT_HAS_EXPIRED: 'its certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its certificate is not trusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its certificate is not trusted',
};

/** The HTTP status of an answer the API server gave (ApiException.code, Watch's statusCode). */
export function httpStatusOf(error: unknown): number | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  if (typeof code === 'number') return code;
  if (typeof statusCode === 'number') return statusCode;
  return undefined;
}

/**
 * Whether a failed call says the API server is out of reach (or refuses the console's own
 * credentials) rather than answering about the request (403, 404, 409, 422 are answers).
 */
export function meansUnreachable(error: unknown): boolean {
  const status = httpStatusOf(error);
  return status === undefined || status === 401 || status >= 500;
}

/** A short reason for a person: 'connection refused', 'HTTP 503', 'the credentials were refused (401)'. */
export function reasonOf(error: unknown): string {
  const status = httpStatusOf(error);
  if (status === 401) return 'the credentials were refused (401 Unauthorized)';
  if (status !== undefined) return `HTTP ${status}`;
  const code = (error as { code?: unknown; cause?: { code?: unknown } } | undefined)?.code;
  const causeCode = (error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  for (const candidate of [code, causeCode])
    if (typeof candidate === 'string' && NETWORK_REASONS[candidate]) return NETWORK_REASONS[candidate];
  if (error instanceof Error && error.name === 'AbortError') return 'the request was aborted';
  return error instanceof Error ? error.message : String(error);
}

function loadKubeConfig(settings: KubeSettings): KubeConfig {
  const kubeConfig = new (kubeClient().KubeConfig)();
  const { credentials } = settings;
  if (credentials.from === 'in-cluster') {
    kubeConfig.loadFromCluster();
    return kubeConfig;
  }
  try {
    kubeConfig.loadFromFile(credentials.path);
  } catch (error) {
    throw new ConfigError(
      `KUBECONFIG=${JSON.stringify(credentials.path)}: not a readable kubeconfig (${(error as Error).message})`,
    );
  }
  if (credentials.context) {
    if (!kubeConfig.getContextObject(credentials.context)) {
      const known = kubeConfig.getContexts().map((context) => context.name);
      throw new ConfigError(
        `KUBE_CONTEXT=${JSON.stringify(credentials.context)}: ${credentials.path} has no such context (it has ${known.join(', ') || 'none'})`,
      );
    }
    kubeConfig.setCurrentContext(credentials.context);
  }
  if (!kubeConfig.getCurrentCluster())
    throw new ConfigError(
      `KUBECONFIG=${JSON.stringify(credentials.path)}: its current context names no cluster (set KUBE_CONTEXT)`,
    );
  return kubeConfig;
}

/** No cluster: the console runs without the Kubernetes features and says so. */
function unconfiguredConnection(): ManagedKubeConnection {
  const status: ClusterStatus = {
    configured: false,
    connected: false,
    state: 'not configured',
    message: NOT_CONFIGURED_MESSAGE,
    writeAs: 'serviceaccount',
    namespaces: [],
    kinds: KINDS.map(({ kind, table }) => ({ kind, table, installed: false })),
  };
  return {
    kubeConfig: undefined,
    writeAs: 'serviceaccount',
    namespaces: [],
    status: () => structuredClone(status),
    noteFailure: () => {},
    isInstalled: () => false,
    start: () => {},
    stop: () => {},
    refreshKinds: async () => {},
    onChange: () => () => {},
  };
}

/** The groups the four kinds live in, each read once per refresh. */
const GROUPS = [...new Set(KINDS.map((info) => info.group))];

class ClusterConnection implements ManagedKubeConnection {
  readonly writeAs: 'serviceaccount' | 'impersonate';
  readonly namespaces: string[];
  private readonly log: Logger;
  private readonly serverUrl: string;
  private readonly api: CustomObjectsApi;
  private readonly versionApi: VersionApi;
  private readonly refreshMs: number;
  private readonly retryMs: number;
  private readonly listeners = new Set<() => void>();
  private installed = new Set<KindTable>();
  private state: Exclude<ClusterState, 'not configured'> = 'connecting';
  /** Why the cluster is out of reach, or why it is not supported. */
  private failure = '';
  private since: Date | undefined;
  private refreshing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** The next probe after a loss; it doubles with every loss and resets once connected for refreshMs. */
  private retryDelay: number;
  private running = false;

  constructor(
    readonly kubeConfig: KubeConfig,
    settings: KubeSettings,
    logger: Logger,
    timings: ConnectionTimings,
  ) {
    this.writeAs = settings.writeAs;
    this.namespaces = [...settings.namespaces];
    this.log = logger.child({ component: 'kube' });
    this.serverUrl = kubeConfig.getCurrentCluster()?.server ?? '';
    this.api = kubeConfig.makeApiClient(kubeClient().CustomObjectsApi);
    this.versionApi = kubeConfig.makeApiClient(kubeClient().VersionApi);
    this.refreshMs = timings.refreshMs ?? 30_000;
    this.retryMs = timings.retryMs ?? 1000;
    this.retryDelay = this.retryMs;
  }

  status(): ClusterStatus {
    const message = {
      connecting: `Connecting to the Kubernetes API server at ${this.serverUrl}.`,
      connected: undefined,
      disconnected: unreachableMessage(this.serverUrl, this.failure),
      unsupported: this.failure,
    }[this.state];
    return {
      configured: true,
      connected: this.state === 'connected',
      state: this.state,
      ...(message ? { message } : {}),
      ...(this.since ? { since: this.since.toISOString() } : {}),
      writeAs: this.writeAs,
      namespaces: [...this.namespaces],
      kinds: KINDS.map(({ kind, table }) => ({ kind, table, installed: this.installed.has(table) })),
    };
  }

  noteFailure(error: unknown): void {
    if (meansUnreachable(error)) this.lost(error);
  }

  isInstalled(table: KindTable): boolean {
    return this.installed.has(table);
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    void this.tick();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
    this.listeners.clear();
  }

  refreshKinds(): Promise<void> {
    this.refreshing ??= this.probe().finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  private async tick(): Promise<void> {
    await this.refreshKinds();
    if (!this.running) return;
    if (this.state === 'disconnected') return this.scheduleRetry();
    // Connected (or refused as too old) for a whole period: the next loss is retried quickly again.
    if (this.since && Date.now() - this.since.getTime() >= this.refreshMs) this.retryDelay = this.retryMs;
    this.schedule(this.refreshMs);
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref();
  }

  private scheduleRetry(): void {
    this.schedule(this.retryDelay);
    this.retryDelay = Math.min(this.retryDelay * 2, this.refreshMs);
  }

  /** Out of reach: said once per loss, however many calls fail meanwhile. */
  private lost(error: unknown): void {
    this.failure = reasonOf(error);
    if (this.state === 'disconnected') return;
    this.state = 'disconnected';
    this.since = new Date();
    this.log.warn(
      { server: this.serverUrl, reason: this.failure },
      'the Kubernetes API server cannot be reached',
    );
    if (this.running) this.scheduleRetry();
  }

  /** The probe got an answer: connected (or too old), said once per change. */
  private reached(tooOld: string | undefined): boolean {
    const next = tooOld ? 'unsupported' : 'connected';
    if (this.state === next && this.failure === (tooOld ?? '')) return false;
    const previous = this.state;
    this.state = next;
    this.failure = tooOld ?? '';
    this.since = new Date();
    if (tooOld) this.log.warn({ server: this.serverUrl }, `${tooOld} Custom resources are not mirrored.`);
    else if (previous === 'disconnected')
      this.log.info({ server: this.serverUrl }, 'the Kubernetes API server answers again');
    else this.log.info({ server: this.serverUrl }, 'connected to the Kubernetes API server');
    return true;
  }

  /**
   * The API server's version, then which kinds it serves: discovery (/apis/{group}/v1) needs no
   * permission beyond being signed in, unlike listing CRDs.
   */
  private async probe(): Promise<void> {
    const served = new Set<string>();
    let tooOld: string | undefined;
    try {
      tooOld = unsupportedVersion(await this.versionApi.getCode());
      if (!tooOld)
        for (const group of GROUPS) {
          try {
            const list = await this.api.getAPIResources({ group, version: 'v1' });
            for (const resource of list.resources) served.add(`${group}/${resource.name}`);
          } catch (error) {
            // 404: no CRD of this group is installed.
            if (httpStatusOf(error) !== 404) throw error;
          }
        }
    } catch (error) {
      if (meansUnreachable(error)) return this.lost(error);
      // Refused (403...) but answered: the kinds stay as they were known.
      this.reached(undefined);
      return;
    }
    const changedState = this.reached(tooOld);
    const installed = new Set(
      KINDS.filter((info) => served.has(`${info.group}/${info.plural}`)).map((info) => info.table),
    );
    const changed =
      installed.size !== this.installed.size || [...installed].some((table) => !this.installed.has(table));
    if (changed) {
      this.installed = installed;
      const missing = KINDS.filter((info) => !installed.has(info.table)).map((info) => info.kind);
      if (!tooOld)
        this.log.info(
          { installed: [...installed], missing },
          missing.length
            ? `custom resources not served by the cluster, so not mirrored: ${missing.join(', ')}`
            : 'the cluster serves every custom resource kind',
        );
    }
    // Back, or the kinds changed: the mirror follows (informers waiting to retry resume now).
    if (changed || changedState) this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) {
      try {
        listener();
      } catch (error) {
        this.log.warn({ err: error }, 'a cluster change listener failed');
      }
    }
  }
}

/**
 * The cluster connection from the settings (KUBECONFIG or the pod's service account); without
 * settings, a connection that says no cluster is configured. Throws ConfigError when the
 * kubeconfig cannot be used.
 */
export function createKubeConnection(
  settings: KubeSettings | undefined,
  logger: Logger,
  timings: ConnectionTimings = {},
): ManagedKubeConnection {
  if (!settings) return unconfiguredConnection();
  return new ClusterConnection(loadKubeConfig(settings), settings, logger, timings);
}
