/**
 * The exec action: `script` in a child process, as the platform runs it (duty's shell package).
 *
 * - Interpreter: a shebang on the first line chooses it (`#!/usr/bin/env python3`, `#!/bin/sh`,
 *   `#!/usr/bin/env node`; python gets `-c`, node `-e`, any other `-c` when the shebang gives no
 *   arguments) and the line is dropped; without one, `bash -c` (bash must be installed).
 * - Environment: only a short list of the console's own variables (PATH, HOME, USER, LANG, LC_*,
 *   TERM, SHELL, TMPDIR, TZ: never its database or session secrets), then the playbook's `env`
 *   (ctx.env), then the action's `env` (`value`, or `valueFrom` a Secret/ConfigMap key), then
 *   the connections' credentials:
 *   - `kubernetes`: the kubeconfig (`kubeconfig` value, or the connection's `kubeconfig` /
 *     `certificate` property) written to a private file → KUBECONFIG.
 *   - `aws`: AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN, AWS_REGION and
 *     AWS_DEFAULT_REGION, AWS_ENDPOINT_URL, AWS_EC2_METADATA_DISABLED=true (a connection gives
 *     its username/password as the keys and `region` / `endpoint` properties).
 *   - `gcp`: the credentials JSON written to a private file → GOOGLE_APPLICATION_CREDENTIALS and
 *     CLOUDSDK_AUTH_CREDENTIAL_FILE_OVERRIDE; `project` → CLOUDSDK_CORE_PROJECT.
 *   - `azure`: AZURE_CLIENT_ID, AZURE_CLIENT_SECRET, AZURE_TENANT_ID (the platform also runs
 *     `az login`; here the script does, if it needs the CLI).
 *   - `fromConfigItem`, `eksPodIdentity`, `serviceAccount`: not supported (a clear failure).
 * - Working directory: a fresh private temporary directory, or the `checkout` (a git clone of
 *   `url` at `branch`, with username/password or a connection) inside it; removed afterwards.
 * - Output: stdout and stderr are each kept up to 256 KiB (the first and last 128 KiB, with a
 *   note of what was left out between), trimmed as the platform trims them.
 * - A non-zero exit is an ActionFailure carrying stdout, stderr and exitCode. An abort (timeout,
 *   cancel) sends SIGTERM to the whole process group, then SIGKILL after 5 s.
 * - `artifacts` are not stored (the console has no artifact store): they are ignored.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { clone } from './git.js';
import {
  CappedText,
  connectionOf,
  isObject,
  messageOf,
  passwordsInUrl,
  secretText,
  stopReason,
  text,
} from './support.js';
import { ActionFailure, type ActionContext, type ActionExecutor, type ActionResult } from './types.js';

/** What each of stdout and stderr keeps. */
export const OUTPUT_CAP = 256 * 1024;
/** Between SIGTERM and SIGKILL when a run stops. */
export const KILL_GRACE_MS = 5000;

const PASSED_THROUGH = [
  'PATH',
  'HOME',
  'USER',
  'LANG',
  'LC_ALL',
  'LC_CTYPE',
  'TERM',
  'SHELL',
  'TMPDIR',
  'TZ',
];

/** The interpreter and its arguments for a script, and the script without its shebang. */
export function commandFor(script: string): { command: string; args: string[] } {
  const lines = script.split('\n');
  const first = lines[0] ?? '';
  if (first.startsWith('#!')) {
    const parts = first.slice(2).trim().split(/\s+/).filter(Boolean);
    const body = lines.filter((line) => !line.startsWith('#!')).join('\n');
    let interpreter = parts[0] ?? 'bash';
    let args = parts.slice(1);
    if (path.basename(interpreter) === 'env' && args.length > 0) {
      interpreter = args[0]!;
      args = args.slice(1);
    }
    const base = path.basename(interpreter);
    if (base === 'python' || base === 'python3') {
      if (!args.includes('-c')) args.push('-c');
    } else if (base === 'node' || base === 'bun') {
      if (!args.includes('-e')) args.push('-e');
    } else if (args.length === 0) args.push('-c');
    return { command: interpreter, args: [...args, body] };
  }
  return { command: 'bash', args: ['-c', script] };
}

async function privateFile(dir: string, name: string, content: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, content, { mode: 0o600 });
  return file;
}

/** The environment variables the `connections` field gives the script. */
async function connectionEnv(
  connections: Record<string, unknown>,
  ctx: ActionContext,
  credsDir: string,
): Promise<Record<string, string>> {
  const env: Record<string, string> = {};
  for (const unsupported of ['fromConfigItem', 'eksPodIdentity', 'serviceAccount'])
    if (connections[unsupported])
      throw new ActionFailure(`exec connections.${unsupported} is not supported by this console`);

  const kubernetes = connections.kubernetes;
  if (isObject(kubernetes)) {
    let kubeconfig = await secretText(kubernetes.kubeconfig, ctx, 'connections.kubernetes.kubeconfig');
    if (!kubeconfig && typeof kubernetes.connection === 'string') {
      const c = await connectionOf(ctx, kubernetes.connection);
      kubeconfig = c.properties.kubeconfig || c.properties.certificate || c.password;
    }
    for (const managed of ['eks', 'gke', 'cnrm'])
      if (!kubeconfig && kubernetes[managed])
        throw new ActionFailure(`exec connections.kubernetes.${managed} is not supported by this console`);
    if (!kubeconfig) throw new ActionFailure('exec connections.kubernetes gives no kubeconfig');
    env.KUBECONFIG = await privateFile(credsDir, 'kubeconfig', kubeconfig);
  }

  const aws = connections.aws;
  if (isObject(aws)) {
    let accessKey = await secretText(aws.accessKey, ctx, 'connections.aws.accessKey');
    let secretKey = await secretText(aws.secretKey, ctx, 'connections.aws.secretKey');
    const sessionToken = await secretText(aws.sessionToken, ctx, 'connections.aws.sessionToken');
    let region = text(aws, 'region');
    let endpoint = text(aws, 'endpoint');
    if (typeof aws.connection === 'string') {
      const c = await connectionOf(ctx, aws.connection);
      accessKey ??= c.username || c.properties.accessKey;
      secretKey ??= c.password || c.properties.secretKey;
      region ??= c.properties.region;
      endpoint ??= c.properties.endpoint || c.url;
    }
    env.AWS_EC2_METADATA_DISABLED = 'true';
    if (accessKey) env.AWS_ACCESS_KEY_ID = accessKey;
    if (secretKey) env.AWS_SECRET_ACCESS_KEY = secretKey;
    if (sessionToken) env.AWS_SESSION_TOKEN = sessionToken;
    if (region) env.AWS_REGION = env.AWS_DEFAULT_REGION = region;
    if (endpoint) env.AWS_ENDPOINT_URL = endpoint;
  }

  const gcp = connections.gcp;
  if (isObject(gcp)) {
    let credentials = await secretText(gcp.credentials, ctx, 'connections.gcp.credentials');
    let project = text(gcp, 'project');
    if (typeof gcp.connection === 'string') {
      const c = await connectionOf(ctx, gcp.connection);
      credentials ??= c.properties.credentials || c.password;
      project ??= c.properties.project;
    }
    if (credentials) {
      const file = await privateFile(credsDir, 'gcp-credentials.json', credentials);
      env.GOOGLE_APPLICATION_CREDENTIALS = file;
      env.CLOUDSDK_AUTH_CREDENTIAL_FILE_OVERRIDE = file;
    }
    if (project) env.CLOUDSDK_CORE_PROJECT = project;
  }

  const azure = connections.azure;
  if (isObject(azure)) {
    let clientId = await secretText(azure.clientID, ctx, 'connections.azure.clientID');
    let clientSecret = await secretText(azure.clientSecret, ctx, 'connections.azure.clientSecret');
    let tenantId = text(azure, 'tenantID');
    if (typeof azure.connection === 'string') {
      const c = await connectionOf(ctx, azure.connection);
      clientId ??= c.username || c.properties.clientID;
      clientSecret ??= c.password || c.properties.clientSecret;
      tenantId ??= c.properties.tenantID || c.properties.tenant;
    }
    if (clientId) env.AZURE_CLIENT_ID = clientId;
    if (clientSecret) env.AZURE_CLIENT_SECRET = clientSecret;
    if (tenantId) env.AZURE_TENANT_ID = tenantId;
  }
  return env;
}

/** The `checkout` clone: where the script then runs. */
async function checkout(spec: Record<string, unknown>, ctx: ActionContext, workDir: string): Promise<string> {
  let url = text(spec, 'url');
  let username = await secretText(spec.username, ctx, 'checkout.username');
  let password = await secretText(spec.password, ctx, 'checkout.password');
  if (typeof spec.connection === 'string') {
    const c = await connectionOf(ctx, spec.connection);
    url ??= c.url;
    username ??= c.username;
    password ??= c.password;
  }
  if (!url) throw new ActionFailure('exec checkout needs a url or a connection with one');
  for (const value of passwordsInUrl(url)) ctx.secrets.add(value);
  const destination = text(spec, 'destination');
  const dir = path.resolve(workDir, destination ?? 'checkout');
  if (!dir.startsWith(workDir + path.sep))
    throw new ActionFailure('exec checkout.destination must stay inside the working directory');
  await clone(url, dir, {
    signal: ctx.signal,
    auth: { username, password },
    branch: text(spec, 'branch'),
    depth: typeof spec.depth === 'number' ? spec.depth : undefined,
  });
  return dir;
}

/** Runs the process; resolves with what it printed and its exit code, or rejects when stopped. */
function run(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; signal: AbortSignal },
): Promise<{ stdout: string; stderr: string; exitCode: number }> {
  const { signal } = options;
  return new Promise((resolve, reject) => {
    // A group of its own, so a stop reaches what the script started too. No stdin: given a socket
    // there (Node's pipes are sockets), bash takes itself for a remote shell and runs ~/.bashrc.
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stdout = new CappedText(OUTPUT_CAP);
    const stderr = new CappedText(OUTPUT_CAP);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => stdout.add(chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => stderr.add(chunk));
    let killTimer: NodeJS.Timeout | undefined;
    const killGroup = (sig: NodeJS.Signals) => {
      try {
        if (child.pid) process.kill(-child.pid, sig);
      } catch {
        // already gone
      }
    };
    const onAbort = () => {
      killGroup('SIGTERM');
      killTimer = setTimeout(() => killGroup('SIGKILL'), KILL_GRACE_MS);
      killTimer.unref();
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error) => {
      signal.removeEventListener('abort', onAbort);
      clearTimeout(killTimer);
      reject(new ActionFailure(`the script could not be started (${command}): ${error.message}`));
    });
    child.on('close', (code, sig) => {
      signal.removeEventListener('abort', onAbort);
      clearTimeout(killTimer);
      // Whatever the script left running in its group goes with it.
      killGroup('SIGKILL');
      const result = {
        stdout: stdout.toString().trim(),
        stderr: stderr.toString().trim(),
        exitCode: code ?? (sig ? 128 + (os.constants.signals[sig] ?? 0) : -1),
      };
      if (signal.aborted)
        return reject(new ActionFailure(`the script was stopped: ${stopReason(signal)}`, result));
      resolve(result);
    });
  });
}

export const execAction: ActionExecutor = async (body, ctx) => {
  const script = typeof body.script === 'string' ? body.script : '';
  if (!script.trim()) throw new ActionFailure('exec needs a script');
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'playbook-exec-'));
  try {
    const credsDir = await mkdtemp(path.join(workDir, '.creds-'));
    const env: NodeJS.ProcessEnv = {};
    for (const key of PASSED_THROUGH) if (process.env[key] !== undefined) env[key] = process.env[key];
    Object.assign(env, ctx.env);
    if (Array.isArray(body.env))
      for (const entry of body.env) {
        if (!isObject(entry) || typeof entry.name !== 'string' || !entry.name) continue;
        const secret = entry.valueFrom !== undefined;
        env[entry.name] = (await secretText(entry, ctx, `env ${entry.name}`, secret)) ?? '';
      }
    if (isObject(body.connections)) Object.assign(env, await connectionEnv(body.connections, ctx, credsDir));
    const cwd = isObject(body.checkout) ? await checkout(body.checkout, ctx, workDir) : workDir;
    const { command, args } = commandFor(script);
    const result: ActionResult = await run(command, args, { cwd, env, signal: ctx.signal });
    if (result.exitCode !== 0)
      throw new ActionFailure(
        `the script exited with code ${result.exitCode}${result.stderr ? `: ${lastLine(String(result.stderr))}` : ''}`,
        result,
      );
    return result;
  } catch (error) {
    if (error instanceof ActionFailure) throw error;
    throw new ActionFailure(messageOf(error));
  } finally {
    await rm(workDir, { recursive: true, force: true }).catch(() => undefined);
  }
};

const lastLine = (value: string) => {
  const lines = value.trim().split('\n');
  const line = lines[lines.length - 1] ?? '';
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
};
