/**
 * The builds under measure (this checkout, and the one given with --against) and their servers,
 * started as `npm start` starts them, signed in as the administrator.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { freePort } from '../support/free-port.js';
import path from 'node:path';

export const BENCH_ADMIN_PASSWORD = 'bench-admin-password';

export interface Build {
  /** "A" (this checkout) or "B" (--against). */
  name: string;
  /** The directory whose dist/server/main.js runs, or a shell command that starts a server. */
  cwd: string;
  command?: string;
}

export function buildOf(name: string, dirOrCommand: string): Build {
  const dir = path.resolve(dirOrCommand);
  if (fs.existsSync(path.join(dir, 'dist/server/main.js'))) return { name, cwd: dir };
  if (fs.existsSync(dir) && fs.statSync(dir).isDirectory())
    throw new Error(`${dir} has no dist/server/main.js: build it first (npm ci && npm run build)`);
  return { name, cwd: process.cwd(), command: dirOrCommand };
}

export interface Server {
  build: Build;
  url: string;
  cookie: string;
  pid: number;
  child: ChildProcess;
  /** From spawn to /readyz answering. */
  readyMs: number;
}

/** Starts a build's server with env over the bench's defaults; resolves once signed in. */
/**
 * BENCH_CPU_PROFILE_DIR=<dir>: every server a build directory starts writes a V8 CPU profile of
 * its whole life there when it stops (`node --cpu-prof`), to see where a figure's time goes.
 */
const profileArgs = (): string[] => {
  const dir = process.env.BENCH_CPU_PROFILE_DIR;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
};

export async function startServer(build: Build, env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const fullEnv = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
    ...env,
  };
  const started = performance.now();
  // `exec`: the shell becomes the server, so its pid is the one /proc is read for and signalled.
  const child = build.command
    ? spawn('sh', ['-c', `exec ${build.command}`], {
        cwd: build.cwd,
        env: fullEnv,
        stdio: ['ignore', 'ignore', 'inherit'],
      })
    : spawn(process.execPath, [...profileArgs(), 'dist/server/main.js'], {
        cwd: build.cwd,
        env: fullEnv,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
  const url = `http://127.0.0.1:${port}/`;
  let exited = false;
  child.once('exit', () => (exited = true));
  for (let tries = 0; tries < 1200 && !exited; tries++) {
    const ready = await fetch(`${url}readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) {
      const readyMs = performance.now() - started;
      return { build, url, cookie: await signIn(url), pid: child.pid!, child, readyMs };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stopServer({ child });
  throw new Error(`build ${build.name}: the server did not become ready`);
}

export async function stopServer(server: Pick<Server, 'child'>): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Signs in (the administrator by default) and returns the session's cookies. */
export async function signIn(url: string, username = 'admin'): Promise<string> {
  const response = await fetch(`${url}api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: BENCH_ADMIN_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in failed: HTTP ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** A signed-in GET whose body is read to the end; throws on an error status. */
export async function get(
  server: Server,
  requestPath: string,
  headers: Record<string, string> = {},
): Promise<void> {
  const response = await fetch(`${server.url}${requestPath}`, {
    headers: { ...headers, cookie: server.cookie },
  });
  if (!response.ok && response.status !== 206) throw new Error(`${requestPath}: HTTP ${response.status}`);
  await response.arrayBuffer();
}

/** A signed-in POST with the session's CSRF token, as the UI sends it. */
export async function post(server: Server, requestPath: string, body: unknown): Promise<Response> {
  return send(server, 'POST', requestPath, body);
}

/** A signed-in write (POST, PATCH…) with the session's CSRF token, as the UI sends it. */
export async function send(
  server: Server,
  method: string,
  requestPath: string,
  body: unknown,
): Promise<Response> {
  const csrf = /(?:^|;\s*)csrf_token=([^;]+)/.exec(server.cookie)?.[1] ?? '';
  return fetch(`${server.url}${requestPath}`, {
    method,
    headers: { 'Content-Type': 'application/json', cookie: server.cookie, 'x-csrf-token': csrf },
    body: JSON.stringify(body),
  });
}

export async function getJson<T>(server: Server, requestPath: string): Promise<T> {
  const response = await fetch(`${server.url}${requestPath}`, { headers: { cookie: server.cookie } });
  if (!response.ok) throw new Error(`${requestPath}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (user + system) a process has used, in ms, from /proc. */
export function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}
