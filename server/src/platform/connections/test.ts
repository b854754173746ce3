/**
 * Test Connection: connects and authenticates with a stored connection, per type, through the
 * same clients the health check kinds use. The answer names the cause of a failure (refused,
 * timed out, bad credentials, TLS, unknown host) and never a secret of the connection.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { kubeClient, loadKubeClient } from '../../kube/client-library.js';
import { smtpTransport } from '../../lib/smtp-transport.js';
import { reasonOf } from '../../kube/connection.js';
import type { Queryable } from '../db/db.js';
import { lastLine, runCommand } from '../health/kinds/command.js';
import {
  abortable,
  describeError,
  EntryError,
  type CheckOutcome,
  type KindContext,
} from '../health/kinds/common.js';
import { gitEnvironment } from '../health/kinds/git-protocol.js';
import { apiTargetOf, below, describeFetchError, getJson } from '../health/kinds/http-api.js';
import { request } from '../health/kinds/http.js';
import { bindLdap, ldapClient, ldapTargetOf } from '../health/kinds/ldap.js';
import { runMysql } from '../health/kinds/mysql.js';
import { runRedis } from '../health/kinds/redis.js';
import { runSql } from '../health/kinds/sql.js';
import type { ResolvedConnection } from './resolver.js';
import { scrubSecrets } from './scrub.js';
import { openSftpSession, SftpFailure, sftpAddressOf } from './sftp.js';
import { listSmbShare, SmbClientMissing, SmbFailure, smbAddressOf } from './smb.js';
import { safeUrl, withCredentials } from './urls.js';

/** How long one test may take before it reports a timeout. */
export const TEST_TIMEOUT_MS = 10_000;

export interface TestedConnection extends ResolvedConnection {
  insecureTls: boolean;
}

export type TestResult =
  { status: 'ok' } | { status: 'failed'; error: string } | { status: 'unsupported'; error: string };

/** Thrown by a tester: the words a person reads (secrets are scrubbed after). */
class TestFailure extends Error {}

type Tester = (connection: TestedConnection, ctx: KindContext) => Promise<void>;

const required = (value: string | undefined, what: string): string => {
  if (!value) throw new TestFailure(`The connection has no ${what}`);
  return value;
};

/** Failures of the network that a client library may report without saying where. */
const NETWORK_FAILURE =
  /^(connection refused|connection reset by the peer|host unreachable|network unreachable|host not found|host name lookup failed \(temporary\)|connection timed out)$/;

/** A check kind's outcome as a test: its error when it failed, naming the server when it did not. */
function expectPass(outcome: CheckOutcome, address?: string): void {
  if (outcome.status) return;
  const error = outcome.error ?? 'failed';
  throw new TestFailure(address && NETWORK_FAILURE.test(error) ? `${error}: ${address}` : error);
}

/** host:port of a URL (or Go DSN), for messages; undefined when it has none. */
function addressOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.host || undefined;
  } catch {
    return /\(([^)]+)\)/.exec(url)?.[1];
  }
}

/** The errno nodemailer leaves in its message (it codes them all ESOCKET or ECONNECTION). */
const ERRNO = /\b(ECONNREFUSED|ECONNRESET|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN|EPIPE|ETIMEDOUT)\b/;

async function testPostgres(c: TestedConnection, ctx: KindContext) {
  const url = withCredentials(required(c.url, 'URL'), c.username, c.password);
  expectPass(await runSql({ connection: url, query: 'select 1' }, ctx), addressOf(url));
}

async function testMysql(c: TestedConnection, ctx: KindContext) {
  const url = withCredentials(required(c.url, 'URL'), c.username, c.password);
  expectPass(await runMysql({ connection: url, query: 'SELECT 1' }, ctx));
}

async function testRedis(c: TestedConnection, ctx: KindContext) {
  const entry = {
    addr: required(c.url, 'address'),
    username: c.username,
    password: c.password,
    db: c.properties.db,
  };
  expectPass(await runRedis(entry, ctx));
}

/** A GET of the URL, with basic auth when the connection has credentials: 2xx and 3xx answers pass. */
async function testHttp(c: TestedConnection, ctx: KindContext) {
  const text = required(c.url, 'URL');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new TestFailure(`'${safeUrl(text)}' is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new TestFailure(`'${safeUrl(text)}' is not an http:// or https:// URL`);
  const entry = { username: c.username, password: c.password, insecureSkipVerify: c.insecureTls };
  let answer: Awaited<ReturnType<typeof request>>;
  try {
    answer = await request(url, entry, ctx, {});
  } catch (error) {
    throw new TestFailure(describeError(error, ctx, url.host));
  }
  if (answer.code === 401 || answer.code === 403)
    throw new TestFailure(`HTTP ${answer.code} from ${url.host}: the credentials were refused`);
  if (answer.code < 200 || answer.code > 399) throw new TestFailure(`HTTP ${answer.code} from ${url.host}`);
}

async function testPrometheus(c: TestedConnection, ctx: KindContext) {
  const target = apiTargetOf({ url: required(c.url, 'URL'), username: c.username, password: c.password });
  try {
    await getJson(target, below(target, 'api/v1/status/buildinfo'), ctx);
  } catch (error) {
    throw new TestFailure(describeFetchError(error, ctx, target));
  }
}

async function testLdap(c: TestedConnection, ctx: KindContext) {
  const target = ldapTargetOf({ url: required(c.url, 'URL'), username: c.username, password: c.password });
  const client = await ldapClient(target, ctx, c.insecureTls);
  try {
    await bindLdap(client, target, ctx);
  } finally {
    await client.unbind().catch(() => {});
  }
}

/** `git ls-remote` of the URL at its ref, with basic credentials or an SSH key (the certificate). */
async function testGit(c: TestedConnection, ctx: KindContext) {
  const url = required(c.url, 'URL');
  const ref = c.properties.ref || 'main';
  const home = await fs.mkdtemp(path.join(os.tmpdir(), 'ops-console-connection-'));
  try {
    const env = gitEnvironment(home, url, c.username, c.password);
    const key = c.properties.certificate;
    if (key) {
      const file = path.join(home, 'key');
      await fs.writeFile(file, key.endsWith('\n') ? key : `${key}\n`, { mode: 0o600 });
      env.GIT_SSH_COMMAND = `ssh -i ${file} -o IdentitiesOnly=yes -o BatchMode=yes -o StrictHostKeyChecking=accept-new -o UserKnownHostsFile=${path.join(home, 'known_hosts')}`;
    }
    const ran = await runCommand('git', ['ls-remote', '--exit-code', '--', url, ref], {
      env,
      signal: ctx.signal,
      cwd: home,
    }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT')
        throw new TestFailure(
          "git is not installed where the console runs: testing a git connection needs 'git'",
        );
      throw new TestFailure(describeError(error, ctx));
    });
    if (ran.code === 2) throw new TestFailure(`The repository has no ref '${ref}'`);
    if (ran.code !== 0)
      throw new TestFailure(lastLine(ran.stderr || ran.stdout) || `git exited with ${ran.code}`);
  } finally {
    await fs.rm(home, { recursive: true, force: true });
  }
}

/** The SMTP greeting, STARTTLS or TLS as encryptionMethod says, and AUTH unless authMethod is None. */
async function testEmail(c: TestedConnection, ctx: KindContext) {
  const text =
    c.url || (c.properties.host ? `smtp://${c.properties.host}:${c.properties.port || 587}` : undefined);
  let url: URL;
  try {
    url = new URL(required(text, 'host'));
  } catch {
    throw new TestFailure(`'${safeUrl(text ?? '')}' is not an smtp:// URL`);
  }
  const urlUser = url.username ? decodeURIComponent(url.username) : undefined;
  const urlPassword = url.password ? decodeURIComponent(url.password) : undefined;
  const noAuth = (c.properties.authMethod ?? '').toLowerCase() === 'none';
  const transport = smtpTransport(url, {
    encryption: (c.properties.encryptionMethod ?? url.searchParams.get('encryption') ?? 'Auto').toLowerCase(),
    username: noAuth ? undefined : c.username || urlUser,
    password: noAuth ? undefined : c.password || urlPassword,
    timeoutMs: ctx.timeoutMs,
    insecureTls: c.insecureTls,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason as Error), { once: true });
      transport.verify().then(() => resolve(), reject);
    });
  } catch (error) {
    const err = error as { code?: string; message?: string };
    if (err.code === 'EAUTH') throw new TestFailure(`${url.host} refused the credentials: ${err.message}`);
    const errno = ERRNO.exec(err.message ?? '')?.[1];
    throw new TestFailure(describeError(errno ? { code: errno } : error, ctx, url.host));
  } finally {
    transport.close();
  }
}

/** The SSH login with the password and the SFTP subsystem's listing of the login directory. */
async function testSftp(c: TestedConnection, ctx: KindContext) {
  const text = required(c.url ?? c.properties.host, 'host');
  let address: { host: string; port: number };
  try {
    address = sftpAddressOf(text, c.properties.port);
  } catch {
    throw new TestFailure(`'${safeUrl(text)}' is not a host name or sftp:// address`);
  }
  const where = `${address.host}:${address.port}`;
  try {
    await openSftpSession(
      {
        ...address,
        username: required(c.username, 'username'),
        password: c.password ?? '',
      },
      ctx,
    );
  } catch (error) {
    if (ctx.signal.aborted) throw new TestFailure(describeError(error, ctx));
    if (!(error instanceof SftpFailure)) throw error;
    if (error.code) throw new TestFailure(describeError({ code: error.code }, ctx, where));
    throw new TestFailure(`${where}: ${error.message}`);
  }
}

/** smbclient's login to the server and listing of the share. */
async function testSmb(c: TestedConnection, ctx: KindContext) {
  const text = required(c.properties.server ?? c.url, 'server');
  let address: { host: string; port: number };
  try {
    address = smbAddressOf(text, c.properties.port);
  } catch {
    throw new TestFailure(`'${safeUrl(text)}' is not a server name or smb:// address`);
  }
  try {
    await listSmbShare(
      {
        server: address.host,
        port: address.port,
        share: required(c.properties.share, 'share'),
        username: c.username,
        password: c.password,
        domain: c.properties.domain,
      },
      ctx,
    );
  } catch (error) {
    if (ctx.signal.aborted) throw new TestFailure(describeError(error, ctx));
    if (error instanceof SmbClientMissing) throw new TestFailure(error.message);
    if (error instanceof SmbFailure)
      throw new TestFailure(`${address.host}:${address.port}: ${error.message}`);
    throw error;
  }
}

/** GET /version of the API server the kubeconfig (stored as the certificate) names, with its credentials. */
async function testKubernetes(c: TestedConnection, ctx: KindContext) {
  const text = required(c.properties.certificate ?? c.properties.kubeconfig, 'kubeconfig (certificate)');
  const { KubeConfig, VersionApi } = kubeClient();
  const config = new KubeConfig();
  try {
    config.loadFromString(text);
  } catch {
    throw new TestFailure('The certificate is not a kubeconfig');
  }
  const cluster = config.getCurrentCluster();
  if (!cluster) throw new TestFailure('The kubeconfig names no current cluster');
  if (c.insecureTls)
    config.clusters = config.clusters.map((each) =>
      each.name === cluster.name ? { ...each, skipTLSVerify: true } : each,
    );
  const address = addressOf(cluster.server) ?? cluster.server;
  try {
    await abortable(config.makeApiClient(VersionApi).getCode(), ctx.signal);
  } catch (error) {
    if (ctx.signal.aborted) throw new TestFailure(describeError(error, ctx));
    throw new TestFailure(`${address}: ${reasonOf(error)}`);
  }
}

const TESTERS: Record<string, Tester> = {
  postgres: testPostgres,
  mysql: testMysql,
  redis: testRedis,
  http: testHttp,
  prometheus: testPrometheus,
  ldap: testLdap,
  git: testGit,
  email: testEmail,
  sftp: testSftp,
  smb: testSmb,
  kubernetes: testKubernetes,
};

/** The types Test Connection can test. */
export const TESTABLE_TYPES = Object.keys(TESTERS);

export const unsupportedMessage = (type: string) => `Testing a ${type} connection is not supported`;

/** Tests the connection; every message is scrubbed of the secrets given (the resolver's). */
export async function testConnection(
  connection: TestedConnection,
  {
    db,
    secrets,
    timeoutMs = TEST_TIMEOUT_MS,
  }: { db: Queryable; secrets: Iterable<string>; timeoutMs?: number },
): Promise<TestResult> {
  const tester = Object.hasOwn(TESTERS, connection.type) ? TESTERS[connection.type] : undefined;
  if (!tester) return { status: 'unsupported', error: unsupportedMessage(connection.type) };
  // Loading the Kubernetes client (large, loaded on first use) is not the connection's time.
  if (connection.type === 'kubernetes') await loadKubeClient();
  const signal = AbortSignal.timeout(timeoutMs);
  const ctx: KindContext = { signal, timeoutMs, db };
  try {
    await tester(connection, ctx);
    return { status: 'ok' };
  } catch (error) {
    const message =
      error instanceof TestFailure || error instanceof EntryError ? error.message : describeError(error, ctx);
    return { status: 'failed', error: scrubSecrets(message, secrets) };
  }
}
