/**
 * A git server over HTTP for the gitProtocol check: `git http-backend` (the git package's smart
 * HTTP server, run as CGI) behind a small Node server that asks for basic credentials, serving
 * one bare repository with a first commit on main.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import { binaryFrom, scratchDir } from './process.js';

export interface GitServer {
  /** http://127.0.0.1:port/shop.git */
  url: string;
  username: string;
  password: string;
  /** The repository's latest commit message on main. */
  lastCommit(): string;
  close(): Promise<void>;
}

const USERNAME = 'canary';
const PASSWORD = 'git-secret';

function seedRepository(git: string, root: string): string {
  const bare = path.join(root, 'shop.git');
  const work = path.join(root, 'seed');
  const env = { PATH: process.env.PATH, HOME: root, GIT_CONFIG_NOSYSTEM: '1' };
  const run = (args: string[], cwd = root) => execFileSync(git, args, { cwd, env, stdio: 'pipe' }).toString();
  run(['init', '--quiet', '--bare', '--initial-branch=main', bare]);
  run(['init', '--quiet', '--initial-branch=main', work]);
  fs.writeFileSync(path.join(work, 'README.md'), 'shop\n');
  run(['add', 'README.md'], work);
  run(
    ['-c', 'user.name=seed', '-c', 'user.email=seed@example.org', 'commit', '--quiet', '-m', 'first'],
    work,
  );
  run(['push', '--quiet', bare, 'main'], work);
  return bare;
}

/** Runs one request through git http-backend (CGI: request in env and stdin, headers then body out). */
function cgi(git: string, root: string, req: http.IncomingMessage, res: http.ServerResponse, user: string) {
  const url = new URL(req.url ?? '/', 'http://git');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    GIT_PROJECT_ROOT: root,
    GIT_HTTP_EXPORT_ALL: '1',
    PATH_INFO: decodeURIComponent(url.pathname),
    QUERY_STRING: url.search.slice(1),
    REQUEST_METHOD: req.method ?? 'GET',
    CONTENT_TYPE: req.headers['content-type'] ?? '',
    REMOTE_USER: user,
    REMOTE_ADDR: '127.0.0.1',
    ...(req.headers['content-length'] ? { CONTENT_LENGTH: req.headers['content-length'] } : {}),
    ...(req.headers['content-encoding'] ? { HTTP_CONTENT_ENCODING: req.headers['content-encoding'] } : {}),
    ...(req.headers['git-protocol'] ? { GIT_PROTOCOL: String(req.headers['git-protocol']) } : {}),
  };
  const child = spawn(git, ['http-backend'], { env, stdio: ['pipe', 'pipe', 'ignore'] });
  req.pipe(child.stdin);
  let head = Buffer.alloc(0);
  let headersSent = false;
  child.stdout.on('data', (chunk: Buffer) => {
    if (headersSent) return void res.write(chunk);
    head = Buffer.concat([head, chunk]);
    const end = head.indexOf('\r\n\r\n');
    if (end < 0) return;
    let status = 200;
    for (const line of head.subarray(0, end).toString('latin1').split('\r\n')) {
      const colon = line.indexOf(':');
      const [name, value] = [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
      if (name.toLowerCase() === 'status') status = Number(value.split(' ')[0]);
      else res.setHeader(name, value);
    }
    res.statusCode = status;
    headersSent = true;
    res.write(head.subarray(end + 4));
  });
  child.on('close', () => res.end());
}

export async function startGitServer(skipped: string): Promise<GitServer | undefined> {
  const git = binaryFrom('git', skipped);
  if (!git) return undefined;
  const root = scratchDir('git');
  const bare = seedRepository(git, root);
  const expected = `Basic ${Buffer.from(`${USERNAME}:${PASSWORD}`).toString('base64')}`;
  const server = http.createServer((req, res) => {
    if (req.headers.authorization !== expected) {
      res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="git"' });
      return void res.end('credentials required');
    }
    cgi(git, root, req, res, USERNAME);
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/shop.git`,
    username: USERNAME,
    password: PASSWORD,
    lastCommit: () =>
      execFileSync(git, ['--git-dir', bare, 'log', '-1', '--format=%s', 'main'], { stdio: 'pipe' })
        .toString()
        .trim(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          fs.rmSync(root, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}
