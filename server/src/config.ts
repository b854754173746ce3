import path from 'node:path';
import fs from 'node:fs';
import { Ajv } from 'ajv';
import { DEFAULT_CHART_REPOSITORY_URL } from '../../common/integrations.js';
import type { Role } from './access/roles.js';
import { parseRoleMap } from './auth/oidc-roles.js';
import { durationMs } from './lib/duration.js';
import { safeUrl } from './platform/connections/urls.js';

/** Every setting of the service, read from the environment once and validated. */
export interface Config {
  port: number;
  /** Always starts and ends with '/', e.g. '/' or '/console/'. */
  basePath: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * Server processes sharing the port (node:cluster). PGlite: always 1, a data directory belongs
   * to one process; PostgreSQL: 1 unless WORKERS says more (docs/memory.md says when it pays).
   */
  workers: number;
  /** PostgreSQL: how long connecting, or waiting for a free pooled connection, may take. */
  databaseConnectTimeoutMs: number;
  /**
   * PostgreSQL: the longest one statement may run; a database that has not answered a moment
   * after it is taken as unavailable (503).
   */
  databaseStatementTimeoutMs: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Load demo data into an empty database. */
  demoData: boolean;
  /** Largest accepted request body, in bytes. */
  bodyLimitBytes: number;
  /** How long shutdown waits for open requests before closing anyway. */
  shutdownTimeoutMs: number;
  /** Most rows one /api/db read answers (PostgREST's db-max-rows). */
  apiMaxRows: number;
  /** How often the live-update stream (/api/events) sends a heartbeat comment. */
  eventsHeartbeatMs: number;
  /**
   * How long claimed background work stays with the replica that claimed it: a platform event
   * (`events`), a notification delivery past its own timeout (`notifications`). A replica that
   * dies lets its work go then, to the next start or another replica.
   */
  leases: { eventsMs: number; notificationsMs: number };
  /** Longest one notification delivery attempt may take. */
  notificationTimeoutMs: number;
  /** Express's 'trust proxy': which hops' X-Forwarded-* headers count (TLS at an ingress makes cookies Secure). */
  trustProxy: boolean | string;
  /** The console's address as browsers reach it (for OIDC redirects and invite links); else from each request. */
  publicUrl: string | undefined;
  auth: AuthConfig;
  /** Feature flags fixed by the operator (FEATURE_FLAGS, FEATURE_FLAGS_FILE): shown, not editable. */
  localFeatureFlags: Map<string, string>;
  health: HealthConfig;
  /** Incident rules and automatic definition-of-done items, evaluated every minute (one replica at a time). */
  incidents: { automationEnabled: boolean; automationIntervalMs: number };
  /** Run queued playbook runs and their actions here, and start playbooks on their triggers. */
  playbooks: { runnerEnabled: boolean };
  /**
   * Directories of this machine whose files `file` scrapers may read, also as `file://` git
   * repositories (SCRAPER_FILE_ROOTS, absolute paths separated by ':'); by default only the
   * data directory's `files/`, so that whoever may write a scraper cannot read the console's
   * own files.
   */
  catalog: { scraperFileRoots: string[] };
  /**
   * Directories of this machine whose files `file` log backends may read (LOG_FILE_ROOTS, absolute
   * paths separated by ':'); by default the directories file scrapers may read.
   */
  logs: { fileRoots: string[] };
  /** Build the local agent's topologies on their schedules in this replica (Run now works either way). */
  topology: { builderEnabled: boolean };
  /** The Kubernetes cluster whose custom resources the console mirrors and edits; undefined: none. */
  kube: KubeSettings | undefined;
  /**
   * The console's own outgoing mail (notifications to people and teams):
   * `smtp://[user:pass@]host:port?from=address` (SMTP_URL); undefined: it sends no mail of its own.
   */
  smtpUrl: string | undefined;
  /**
   * The Helm chart repository the GitOps integrations install from (INTEGRATIONS_CHART_REPOSITORY):
   * its index and charts give the values editor its schema, and the HelmRepository points at it.
   */
  integrations: { chartRepositoryUrl: string };
  /**
   * Upstream mode (PLATFORM_URL, docs/upstream.md): the platform API group is proxied to an
   * existing platform deployment and the embedded platform's background work is off; undefined:
   * the embedded platform answers.
   */
  platform: PlatformSettings | undefined;
  /**
   * Agent mode: this console reports to a hub (UPSTREAM_URL, UPSTREAM_TOKEN, AGENT_NAME), pushing
   * what it owns and pulling what the hub assigns to it; undefined: it reports to no one.
   */
  upstream: UpstreamSettings | undefined;
}

/** Agent mode's settings (docs/agents.md, "Agent mode"). */
export interface UpstreamSettings {
  /** The hub's address, ending with '/' (its BASE_PATH included). */
  url: string;
  /** The agent's token at the hub (from `POST /api/agent/generate`); never logged. */
  token: string;
  agentName: string;
  /** How often the hub is told the agent is alive (UPSTREAM_PING_INTERVAL). */
  pingIntervalMs: number;
  /** How often canaries, scrape configs and playbooks assigned in the hub are fetched (UPSTREAM_PULL_INTERVAL). */
  pullIntervalMs: number;
  /** How often the hub is asked for playbook actions addressed to this agent (UPSTREAM_ACTION_INTERVAL). */
  actionIntervalMs: number;
}

/** The existing platform the console stands in front of (upstream mode). */
export interface PlatformSettings {
  /** PLATFORM_URL without a trailing slash: `/api/<area>/...` goes to `<url>/<area>/...`. */
  url: string;
  /** host[:port] of the URL, as answers and /readyz name the platform. */
  host: string;
  /** PLATFORM_TOKEN, sent as `Authorization: Bearer`; undefined: no Authorization is sent. */
  token: string | undefined;
  /** PLATFORM_TIMEOUT: how long the platform may take to start answering (not the event stream). */
  timeoutMs: number;
  /**
   * PLATFORM_FORWARD_OIDC_TOKEN: a person signed in at the OpenID provider is forwarded with their
   * own access token, for a platform that trusts the same issuer; API-token requests still go
   * with `token` and the person in X-Forwarded-User.
   */
  forwardOidcToken: boolean;
}

/** Where the cluster credentials come from: a kubeconfig file, or the pod's service account. */
export type KubeCredentials = { from: 'kubeconfig'; path: string; context?: string } | { from: 'in-cluster' };

/** The cluster connection (docs/kubernetes.md). */
export interface KubeSettings {
  credentials: KubeCredentials;
  /** Watched namespaces; empty = all the console may list. */
  namespaces: string[];
  /** Writes to the cluster as the console's service account, or as the signed-in person (impersonation). */
  writeAs: 'serviceaccount' | 'impersonate';
  /** How often the observed Canary status is written back to the resources. */
  statusIntervalMs: number;
}

/** The check runner and the upkeep of check results. */
export interface HealthConfig {
  /** Run canaries on their schedules, roll up and expire results (in one replica at a time). */
  runnerEnabled: boolean;
  /** Most checks running at once. */
  concurrency: number;
  /** Raw check results (and hourly rollups) older than this are deleted. */
  statusRetentionMs: number;
  /** Daily rollups older than this are deleted. */
  rollupRetentionMs: number;
}

export interface OidcConfig {
  issuerUrl: string;
  clientId: string;
  clientSecret: string | undefined;
  scopes: string;
  /** The claim holding group names, e.g. 'groups' (a dotted path reaches nested claims). */
  rolesClaim: string;
  roleMap: Map<string, Role>;
  /**
   * OIDC_ACCEPTED_AUDIENCES: a Bearer access token (JWT) of the issuer is accepted when its `aud`
   * names one of these, as a console in front of this one sends them; empty: none is. Never the
   * client id by default: the ID tokens of the console's own sign-in name it too.
   */
  acceptedAudiences: string[];
}

export interface AuthConfig {
  /** Set: people sign in at this OpenID provider; unset: local users with passwords. */
  oidc: OidcConfig | undefined;
  /** The first 'admin' user's password in local mode; generated and logged once when unset. */
  adminPassword: string | undefined;
  sessionIdleTimeoutMs: number;
  sessionMaxAgeMs: number;
  /**
   * TRUST_FORWARDED_USER_FROM: the people (lower-cased emails or ids) whose API tokens may act for
   * the person an `X-Forwarded-User` header names, as a console in upstream mode in front of this
   * one does (docs/upstream.md); empty: the header is ignored.
   */
  trustForwardedUserFrom: string[];
}

const durationPattern = '^[1-9][0-9]*(s|m|h|d)$';
/** Namespace names (RFC 1123 labels) separated by commas, spaces allowed around them; or empty. */
const namespacesPattern =
  '^\\s*([a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?(\\s*,\\s*[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?)*)?\\s*$';

const schema = {
  type: 'object',
  properties: {
    PORT: { type: 'integer', minimum: 1, maximum: 65535, default: 8080 },
    BASE_PATH: { type: 'string', pattern: '^/([A-Za-z0-9._~-]+/?)*$', default: '/' },
    DATA_DIR: { type: 'string', minLength: 1, default: './data' },
    DATABASE_URL: { type: 'string', pattern: '^postgres(ql)?://' },
    WORKERS: { type: 'integer', minimum: 1, maximum: 256 },
    DATABASE_CONNECT_TIMEOUT: { type: 'string', pattern: durationPattern, default: '3s' },
    DATABASE_STATEMENT_TIMEOUT: { type: 'string', pattern: durationPattern, default: '10s' },
    LOG_LEVEL: {
      type: 'string',
      enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      default: 'info',
    },
    DEMO_DATA: { type: 'boolean', default: true },
    BODY_LIMIT: { type: 'string', pattern: '^[0-9]+(b|kb|mb)?$', default: '1mb' },
    SHUTDOWN_TIMEOUT_MS: { type: 'integer', minimum: 0, default: 10000 },
    API_MAX_ROWS: { type: 'integer', minimum: 1, default: 1000 },
    EVENTS_HEARTBEAT: { type: 'string', pattern: durationPattern, default: '15s' },
    EVENT_LEASE: { type: 'string', pattern: durationPattern, default: '5m' },
    NOTIFICATION_LEASE: { type: 'string', pattern: durationPattern, default: '1m' },
    NOTIFICATION_TIMEOUT: { type: 'string', pattern: durationPattern, default: '30s' },
    PUBLIC_URL: { type: 'string', pattern: '^https?://[^/?#]+(/[^?#]*)?$' },
    TRUST_PROXY: { type: 'string', pattern: '^[^\\s]+$', default: 'loopback' },
    OIDC_ISSUER_URL: { type: 'string', pattern: '^https?://' },
    OIDC_CLIENT_ID: { type: 'string', minLength: 1 },
    OIDC_CLIENT_SECRET: { type: 'string', minLength: 1 },
    OIDC_SCOPES: { type: 'string', pattern: '(^|\\s)openid(\\s|$)', default: 'openid profile email' },
    OIDC_ROLES_CLAIM: { type: 'string', minLength: 1, default: 'groups' },
    OIDC_ROLE_MAP: { type: 'string', default: '' },
    OIDC_ACCEPTED_AUDIENCES: { type: 'string', default: '' },
    ADMIN_PASSWORD: { type: 'string', minLength: 8 },
    SESSION_IDLE_TIMEOUT: { type: 'string', pattern: durationPattern, default: '8h' },
    SESSION_MAX_AGE: { type: 'string', pattern: durationPattern, default: '24h' },
    FEATURE_FLAGS: { type: 'string', default: '' },
    FEATURE_FLAGS_FILE: { type: 'string', minLength: 1 },
    CHECK_RUNNER_ENABLED: { type: 'boolean', default: true },
    CHECK_RUNNER_CONCURRENCY: { type: 'integer', minimum: 1, maximum: 1000, default: 10 },
    CHECK_STATUS_RETENTION: { type: 'string', pattern: durationPattern, default: '30d' },
    CHECK_ROLLUP_RETENTION: { type: 'string', pattern: durationPattern, default: '400d' },
    INCIDENT_AUTOMATION_ENABLED: { type: 'boolean', default: true },
    PLAYBOOK_RUNNER_ENABLED: { type: 'boolean', default: true },
    TOPOLOGY_BUILDER_ENABLED: { type: 'boolean', default: true },
    SCRAPER_FILE_ROOTS: { type: 'string', pattern: '^(/[^:]*(:/[^:]*)*)?$', default: '' },
    LOG_FILE_ROOTS: { type: 'string', pattern: '^(/[^:]*(:/[^:]*)*)?$', default: '' },
    INCIDENT_AUTOMATION_INTERVAL: { type: 'string', pattern: durationPattern, default: '1m' },
    KUBECONFIG: { type: 'string', minLength: 1 },
    KUBE_CONTEXT: { type: 'string', minLength: 1 },
    KUBE_NAMESPACES: { type: 'string', pattern: namespacesPattern, default: '' },
    KUBE_WRITE_AS: { type: 'string', enum: ['serviceaccount', 'impersonate'], default: 'serviceaccount' },
    KUBE_STATUS_INTERVAL: { type: 'string', pattern: durationPattern, default: '30s' },
    INTEGRATIONS_CHART_REPOSITORY: {
      type: 'string',
      pattern: '^https?://[^/?#\\s]+(/[^?#\\s]*)?$',
      default: DEFAULT_CHART_REPOSITORY_URL,
    },
    // UPSTREAM_URL and UPSTREAM_TOKEN are read by readUpstream: their messages must not repeat them.
    AGENT_NAME: { type: 'string', pattern: '^[^\\x00-\\x1f\\x7f]{1,255}$' },
    UPSTREAM_PING_INTERVAL: { type: 'string', pattern: durationPattern, default: '30s' },
    UPSTREAM_PULL_INTERVAL: { type: 'string', pattern: durationPattern, default: '1m' },
    PLATFORM_TIMEOUT: { type: 'string', pattern: durationPattern, default: '30s' },
    PLATFORM_FORWARD_OIDC_TOKEN: { type: 'boolean', default: false },
    TRUST_FORWARDED_USER_FROM: { type: 'string', default: '' },
    UPSTREAM_ACTION_INTERVAL: { type: 'string', pattern: durationPattern, default: '5s' },
  },
} as const;

const explain: Record<string, string> = {
  PORT: 'must be a whole number from 1 to 65535',
  BASE_PATH: "must be a URL path such as '/' or '/console/'",
  DATA_DIR: 'must be a directory path',
  DATABASE_URL: 'must be a postgres:// or postgresql:// URL',
  WORKERS: 'must be a whole number from 1 to 256',
  DATABASE_CONNECT_TIMEOUT: "must be a duration such as '3s'",
  DATABASE_STATEMENT_TIMEOUT: "must be a duration such as '10s' or '1m'",
  LOG_LEVEL: 'must be one of fatal, error, warn, info, debug, trace, silent',
  DEMO_DATA: 'must be true or false',
  BODY_LIMIT: "must be a size such as '512kb' or '1mb'",
  SHUTDOWN_TIMEOUT_MS: 'must be a whole number of milliseconds',
  API_MAX_ROWS: 'must be a whole number of at least 1',
  EVENTS_HEARTBEAT: "must be a duration such as '15s' or '1m'",
  EVENT_LEASE: "must be a duration such as '5m' or '30s'",
  NOTIFICATION_LEASE: "must be a duration such as '1m' or '30s'",
  NOTIFICATION_TIMEOUT: "must be a duration such as '30s' or '1m'",
  PUBLIC_URL: "must be an http(s) URL such as 'https://ops.example.com/console/'",
  TRUST_PROXY: "must be true, false, a hop count, or addresses such as 'loopback' or '10.0.0.0/8'",
  OIDC_ISSUER_URL: 'must be the http(s) URL of an OpenID provider',
  OIDC_CLIENT_ID: 'must not be empty',
  OIDC_CLIENT_SECRET: 'must not be empty',
  OIDC_SCOPES: "must be space-separated scopes including 'openid'",
  OIDC_ROLES_CLAIM: 'must name a claim',
  ADMIN_PASSWORD: 'must be at least 8 characters long',
  SESSION_IDLE_TIMEOUT: "must be a duration such as '30m', '8h' or '1d'",
  SESSION_MAX_AGE: "must be a duration such as '12h' or '7d'",
  FEATURE_FLAGS_FILE: 'must be a file path',
  CHECK_RUNNER_ENABLED: 'must be true or false',
  CHECK_RUNNER_CONCURRENCY: 'must be a whole number from 1 to 1000',
  CHECK_STATUS_RETENTION: "must be a duration such as '30d' or '720h'",
  CHECK_ROLLUP_RETENTION: "must be a duration such as '400d'",
  INCIDENT_AUTOMATION_ENABLED: 'must be true or false',
  PLAYBOOK_RUNNER_ENABLED: 'must be true or false',
  TOPOLOGY_BUILDER_ENABLED: 'must be true or false',
  SCRAPER_FILE_ROOTS: "must be absolute directories separated by ':', such as '/srv/configs:/etc/app'",
  LOG_FILE_ROOTS: "must be absolute directories separated by ':', such as '/var/log/acme:/srv/logs'",
  INCIDENT_AUTOMATION_INTERVAL: "must be a duration such as '1m' or '30s'",
  KUBECONFIG: 'must be the path of a kubeconfig file',
  KUBE_CONTEXT: 'must name a context of the kubeconfig',
  KUBE_NAMESPACES:
    "must be namespace names separated by commas, such as 'monitoring,team-a', or empty for all",
  KUBE_WRITE_AS: 'must be serviceaccount or impersonate',
  KUBE_STATUS_INTERVAL: "must be a duration such as '30s' or '5m'",
  INTEGRATIONS_CHART_REPOSITORY:
    "must be the http(s) URL of a Helm chart repository, such as 'https://flanksource.github.io/charts'",
  AGENT_NAME: 'must be the name of the agent at the hub, at most 255 characters, without control characters',
  UPSTREAM_PING_INTERVAL: "must be a duration such as '30s' or '1m'",
  UPSTREAM_PULL_INTERVAL: "must be a duration such as '1m' or '30s'",
  PLATFORM_TIMEOUT: "must be a duration such as '30s' or '2m'",
  PLATFORM_FORWARD_OIDC_TOKEN: 'must be true or false',
  UPSTREAM_ACTION_INTERVAL: "must be a duration such as '5s' or '1m'",
};

/** A configuration problem: the message names the variable and what is wrong with it. */
export class ConfigError extends Error {}

const validate = new Ajv({ coerceTypes: true, useDefaults: true, allErrors: false }).compile(schema);

const withSlash = (text: string) => (text.endsWith('/') ? text : `${text}/`);

/** A duration the schema has checked against `durationPattern`. */
const parseDuration = (text: string): number => durationMs(text)!;

function parseTrustProxy(text: string): boolean | string {
  if (text === 'true' || text === 'false') return text === 'true';
  return /^[0-9]+$/.test(text) ? String(Number(text)) : text;
}

/**
 * `name=value` pairs separated by commas or new lines; '#' starts a comment line. The same
 * format in FEATURE_FLAGS and in the FEATURE_FLAGS_FILE (which wins on a name in both).
 */
export function parseFeatureFlags(text: string, origin: string): Map<string, string> {
  const flags = new Map<string, string>();
  for (const raw of text.split(/[,\n]/)) {
    const entry = raw.trim();
    if (!entry || entry.startsWith('#')) continue;
    const at = entry.indexOf('=');
    const name = at < 0 ? '' : entry.slice(0, at).trim();
    if (!name) throw new ConfigError(`${origin}: ${JSON.stringify(entry)} is not name=value`);
    flags.set(name, entry.slice(at + 1).trim());
  }
  return flags;
}

function readFeatureFlags(values: Record<string, unknown>): Map<string, string> {
  const flags = parseFeatureFlags(values.FEATURE_FLAGS as string, 'FEATURE_FLAGS');
  const file = values.FEATURE_FLAGS_FILE as string | undefined;
  if (file) {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (error) {
      throw new ConfigError(`FEATURE_FLAGS_FILE=${JSON.stringify(file)}: ${(error as Error).message}`);
    }
    for (const [name, value] of parseFeatureFlags(text, `FEATURE_FLAGS_FILE ${file}`)) flags.set(name, value);
  }
  return flags;
}

function readOidc(values: Record<string, unknown>): OidcConfig | undefined {
  const issuerUrl = values.OIDC_ISSUER_URL as string | undefined;
  const audiences = [
    ...new Set(
      (values.OIDC_ACCEPTED_AUDIENCES as string)
        .split(',')
        .map((audience) => audience.trim())
        .filter(Boolean),
    ),
  ];
  if (!issuerUrl) {
    if (audiences.length) throw new ConfigError('OIDC_ACCEPTED_AUDIENCES: only applies with OIDC_ISSUER_URL');
    return undefined;
  }
  const clientId = values.OIDC_CLIENT_ID as string | undefined;
  if (!clientId) throw new ConfigError('OIDC_CLIENT_ID: must be set when OIDC_ISSUER_URL is');
  let roleMap: Map<string, Role>;
  try {
    roleMap = parseRoleMap(values.OIDC_ROLE_MAP as string);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  return {
    issuerUrl,
    clientId,
    clientSecret: values.OIDC_CLIENT_SECRET as string | undefined,
    scopes: values.OIDC_SCOPES as string,
    rolesClaim: values.OIDC_ROLES_CLAIM as string,
    roleMap,
    acceptedAudiences: audiences,
  };
}

/** The pod's service account token, present when the console runs in a cluster. */
export const SERVICE_ACCOUNT_TOKEN = '/var/run/secrets/kubernetes.io/serviceaccount/token';

/**
 * KUBECONFIG, else the pod's service account. Never ~/.kube/config: a laptop's `npm start`
 * must not touch someone's cluster by surprise.
 */
function readKube(values: Record<string, unknown>, env: NodeJS.ProcessEnv): KubeSettings | undefined {
  const file = values.KUBECONFIG as string | undefined;
  const context = values.KUBE_CONTEXT as string | undefined;
  if (context && !file) throw new ConfigError('KUBE_CONTEXT: only applies with KUBECONFIG');
  let credentials: KubeCredentials;
  if (file) {
    if (!fs.existsSync(file) || !fs.statSync(file).isFile())
      throw new ConfigError(`KUBECONFIG=${JSON.stringify(file)}: no such file`);
    credentials = { from: 'kubeconfig', path: path.resolve(file), ...(context ? { context } : {}) };
  } else if (env.KUBERNETES_SERVICE_HOST && fs.existsSync(SERVICE_ACCOUNT_TOKEN)) {
    credentials = { from: 'in-cluster' };
  } else return undefined;
  const namespaces = (values.KUBE_NAMESPACES as string)
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return {
    credentials,
    namespaces: [...new Set(namespaces)],
    writeAs: values.KUBE_WRITE_AS as KubeSettings['writeAs'],
    statusIntervalMs: parseDuration(values.KUBE_STATUS_INTERVAL as string),
  };
}

/** SCRAPER_FILE_ROOTS, or the data directory's `files/` when it is empty. */
function scraperFileRoots(value: string, dataDir: string): string[] {
  const roots = value.split(':').filter(Boolean);
  return roots.length ? roots : [path.join(dataDir, 'files')];
}

function readWorkers(values: Record<string, unknown>): number {
  const workers = values.WORKERS as number | undefined;
  if (!values.DATABASE_URL) {
    if (workers !== undefined && workers > 1)
      throw new ConfigError(
        `WORKERS=${workers}: more than one needs DATABASE_URL (the embedded database's directory belongs to one process)`,
      );
    return 1;
  }
  return workers ?? 1;
}

const SMTP_URL_FORM = 'must be smtp://[user:password@]host:port?from=address (smtps:// for implicit TLS)';

/**
 * SMTP_URL, checked here rather than by the schema: its message must not repeat the value,
 * which may hold a password.
 */
function readSmtpUrl(text: string | undefined): string | undefined {
  const value = text?.trim();
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`SMTP_URL: ${SMTP_URL_FORM}`);
  }
  const where = `SMTP_URL=${JSON.stringify(safeUrl(value))}`;
  if ((url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname)
    throw new ConfigError(`${where}: ${SMTP_URL_FORM}`);
  // Without ?from= the user name is the sender, as it is for connections; it must be an address.
  const from =
    url.searchParams.get('from') ?? url.searchParams.get('fromAddress') ?? decodeURIComponent(url.username);
  if (!from.includes('@')) throw new ConfigError(`${where}: names no sender: add ?from=address`);
  if (url.port && !(Number(url.port) >= 1 && Number(url.port) <= 65535))
    throw new ConfigError(`${where}: ${SMTP_URL_FORM}`);
  return value;
}

const UPSTREAM_URL_FORM =
  "must be the hub's http(s) address, such as 'https://ops.example.com/' (no user or password: the token is UPSTREAM_TOKEN)";

/**
 * Agent mode: UPSTREAM_URL, UPSTREAM_TOKEN and AGENT_NAME together, or none of them. The URL
 * and token are checked here rather than by the schema, so that no message repeats the token.
 */
function readUpstream(values: Record<string, unknown>, env: NodeJS.ProcessEnv): UpstreamSettings | undefined {
  const url = env.UPSTREAM_URL?.trim() || undefined;
  const token = env.UPSTREAM_TOKEN?.trim() || undefined;
  const agentName = values.AGENT_NAME as string | undefined;
  if (!url && !token && !agentName) return undefined;
  const missing = [!url && 'UPSTREAM_URL', !token && 'UPSTREAM_TOKEN', !agentName && 'AGENT_NAME'].filter(
    Boolean,
  );
  if (missing.length)
    throw new ConfigError(
      `${missing.join(', ')}: agent mode needs UPSTREAM_URL, UPSTREAM_TOKEN and AGENT_NAME together`,
    );
  let parsed: URL;
  try {
    parsed = new URL(url!);
  } catch {
    throw new ConfigError(`UPSTREAM_URL: ${UPSTREAM_URL_FORM}`);
  }
  if (
    (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') ||
    parsed.username ||
    parsed.password ||
    parsed.search ||
    parsed.hash
  )
    throw new ConfigError(`UPSTREAM_URL: ${UPSTREAM_URL_FORM}`);
  if (/\s/.test(token!)) throw new ConfigError('UPSTREAM_TOKEN: must be one token, without spaces');
  return {
    url: withSlash(`${parsed.origin}${parsed.pathname}`),
    token: token!,
    agentName: agentName!,
    pingIntervalMs: parseDuration(values.UPSTREAM_PING_INTERVAL as string),
    pullIntervalMs: parseDuration(values.UPSTREAM_PULL_INTERVAL as string),
    actionIntervalMs: parseDuration(values.UPSTREAM_ACTION_INTERVAL as string),
  };
}

const PLATFORM_URL_FORM =
  "must be the http(s) URL of the platform's API, without credentials, query or fragment, such as 'https://platform.example.com/api'";

/**
 * Upstream mode's settings. PLATFORM_URL and PLATFORM_TOKEN are checked here rather than by the
 * schema: a message must repeat neither a token nor a password a URL may hold.
 */
function readPlatform(
  values: Record<string, unknown>,
  env: NodeJS.ProcessEnv,
  oidc: OidcConfig | undefined,
): PlatformSettings | undefined {
  const text = env.PLATFORM_URL?.trim();
  const token = env.PLATFORM_TOKEN?.trim() || undefined;
  const forwardOidcToken = values.PLATFORM_FORWARD_OIDC_TOKEN === true;
  if (!text) {
    if (token) throw new ConfigError('PLATFORM_TOKEN: only applies with PLATFORM_URL');
    if (forwardOidcToken)
      throw new ConfigError('PLATFORM_FORWARD_OIDC_TOKEN: only applies with PLATFORM_URL');
    return undefined;
  }
  if (forwardOidcToken && !oidc)
    throw new ConfigError(
      'PLATFORM_FORWARD_OIDC_TOKEN=true: needs OIDC sign-in (OIDC_ISSUER_URL): only a person signed in at an OpenID provider has an access token to forward',
    );
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(`PLATFORM_URL: ${PLATFORM_URL_FORM}`);
  }
  const where = `PLATFORM_URL=${JSON.stringify(safeUrl(text))}`;
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(`${where}: ${PLATFORM_URL_FORM}`);
  if (url.username || url.password)
    throw new ConfigError(`${where}: must not hold credentials: give the token in PLATFORM_TOKEN`);
  if (url.search || url.hash || /[?#]/.test(text)) throw new ConfigError(`${where}: ${PLATFORM_URL_FORM}`);
  // Printable ASCII, no spaces: it goes into a header as it is.
  if (token !== undefined && !/^[\x21-\x7e]+$/.test(token))
    throw new ConfigError(
      'PLATFORM_TOKEN: must be one word of printable ASCII characters (the token itself)',
    );
  return {
    url: `${url.origin}${url.pathname.replace(/\/+$/, '')}`,
    host: url.host,
    token,
    timeoutMs: parseDuration(values.PLATFORM_TIMEOUT as string),
    forwardOidcToken,
  };
}

/** TRUST_FORWARDED_USER_FROM: emails, local usernames or person ids separated by commas, lower-cased. */
function readTrustedForwarders(text: string): string[] {
  const entries = text
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  // A local username's characters (local-users.ts) take in emails and ids too.
  for (const entry of entries)
    if (!/^[a-z0-9._@+-]+$/.test(entry))
      throw new ConfigError(
        `TRUST_FORWARDED_USER_FROM: ${JSON.stringify(entry)} is not an email, a username or a person id`,
      );
  return [...new Set(entries)];
}

function parseSize(text: string): number {
  const match = /^([0-9]+)(b|kb|mb)?$/.exec(text)!;
  const unit = { b: 1, kb: 1024, mb: 1024 * 1024 }[match[2] ?? 'b'] as number;
  return Number(match[1]) * unit;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(schema.properties)) {
    const raw = env[key];
    if (raw !== undefined && raw !== '')
      values[key] = key === 'BODY_LIMIT' ? raw.trim().toLowerCase() : raw.trim();
  }
  if (!validate(values)) {
    const error = validate.errors![0]!;
    const name = error.instancePath.replace(/^\//, '');
    throw new ConfigError(`${name}=${JSON.stringify(env[name])}: ${explain[name] ?? error.message}`);
  }
  // An agent runs its embedded platform and reports what it does; upstream mode has none to report.
  if (env.UPSTREAM_URL?.trim() && env.PLATFORM_URL?.trim())
    throw new ConfigError(
      'UPSTREAM_URL and PLATFORM_URL: agent mode (UPSTREAM_URL) runs the embedded platform, upstream mode (PLATFORM_URL) stands in front of another: choose one',
    );
  const basePath = withSlash(values.BASE_PATH as string);
  const dataDir = path.resolve(values.DATA_DIR as string);
  const oidc = readOidc(values);
  return {
    port: values.PORT as number,
    basePath,
    dataDir,
    databaseUrl: values.DATABASE_URL as string | undefined,
    workers: readWorkers(values),
    databaseConnectTimeoutMs: parseDuration(values.DATABASE_CONNECT_TIMEOUT as string),
    databaseStatementTimeoutMs: parseDuration(values.DATABASE_STATEMENT_TIMEOUT as string),
    logLevel: values.LOG_LEVEL as Config['logLevel'],
    demoData: values.DEMO_DATA as boolean,
    bodyLimitBytes: parseSize(values.BODY_LIMIT as string),
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_MS as number,
    apiMaxRows: values.API_MAX_ROWS as number,
    eventsHeartbeatMs: parseDuration(values.EVENTS_HEARTBEAT as string),
    leases: {
      eventsMs: parseDuration(values.EVENT_LEASE as string),
      notificationsMs: parseDuration(values.NOTIFICATION_LEASE as string),
    },
    notificationTimeoutMs: parseDuration(values.NOTIFICATION_TIMEOUT as string),
    publicUrl: values.PUBLIC_URL ? withSlash(values.PUBLIC_URL as string) : undefined,
    trustProxy: parseTrustProxy(values.TRUST_PROXY as string),
    auth: {
      oidc,
      adminPassword: values.ADMIN_PASSWORD as string | undefined,
      sessionIdleTimeoutMs: parseDuration(values.SESSION_IDLE_TIMEOUT as string),
      sessionMaxAgeMs: parseDuration(values.SESSION_MAX_AGE as string),
      trustForwardedUserFrom: readTrustedForwarders(values.TRUST_FORWARDED_USER_FROM as string),
    },
    localFeatureFlags: readFeatureFlags(values),
    health: {
      runnerEnabled: values.CHECK_RUNNER_ENABLED as boolean,
      concurrency: values.CHECK_RUNNER_CONCURRENCY as number,
      statusRetentionMs: parseDuration(values.CHECK_STATUS_RETENTION as string),
      rollupRetentionMs: parseDuration(values.CHECK_ROLLUP_RETENTION as string),
    },
    incidents: {
      automationEnabled: values.INCIDENT_AUTOMATION_ENABLED as boolean,
      automationIntervalMs: parseDuration(values.INCIDENT_AUTOMATION_INTERVAL as string),
    },
    playbooks: { runnerEnabled: values.PLAYBOOK_RUNNER_ENABLED as boolean },
    topology: { builderEnabled: values.TOPOLOGY_BUILDER_ENABLED as boolean },
    catalog: { scraperFileRoots: scraperFileRoots(values.SCRAPER_FILE_ROOTS as string, dataDir) },
    logs: {
      fileRoots: (values.LOG_FILE_ROOTS as string).split(':').filter(Boolean).length
        ? (values.LOG_FILE_ROOTS as string).split(':').filter(Boolean)
        : scraperFileRoots(values.SCRAPER_FILE_ROOTS as string, dataDir),
    },
    kube: readKube(values, env),
    smtpUrl: readSmtpUrl(env.SMTP_URL),
    integrations: {
      chartRepositoryUrl: (values.INTEGRATIONS_CHART_REPOSITORY as string).replace(/\/+$/, ''),
    },
    upstream: readUpstream(values, env),
    platform: readPlatform(values, env, oidc),
  };
}
