/**
 * Test Connection of an smb connection with Samba's smbclient: negotiate, log in, connect to the
 * share and list it. No SMB2/3 client for Node is kept up (the one on npm speaks only NTLMv1, which
 * Samba refuses by default), so the console runs Debian's client as it runs git for git.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { baseEnvironment, lastLine, runCommand } from '../health/kinds/command.js';
import type { KindContext } from '../health/kinds/common.js';

export interface SmbTarget {
  server: string;
  port: number;
  share: string;
  username?: string;
  password?: string;
  domain?: string;
}

/** What a person reads for smbclient's NT status codes, by code. */
const STATUS_WORDS: Readonly<Record<string, string>> = {
  NT_STATUS_LOGON_FAILURE: 'the credentials were refused',
  NT_STATUS_ACCOUNT_DISABLED: 'the account is disabled',
  NT_STATUS_ACCESS_DENIED: 'access to the share was denied',
  NT_STATUS_BAD_NETWORK_NAME: 'the server has no such share',
  NT_STATUS_CONNECTION_REFUSED: 'connection refused',
  NT_STATUS_HOST_UNREACHABLE: 'host unreachable',
  NT_STATUS_NETWORK_UNREACHABLE: 'network unreachable',
  NT_STATUS_IO_TIMEOUT: 'connection timed out',
  NT_STATUS_UNSUCCESSFUL: 'the server could not be reached',
  NT_STATUS_CONNECTION_DISCONNECTED: 'the server closed the connection',
  NT_STATUS_CONNECTION_RESET: 'connection reset by the peer',
};

export class SmbFailure extends Error {}

/** smbclient is not where the console runs: nothing about the server is known. */
export class SmbClientMissing extends Error {}

/** `server` may be a host, `host:port`, `\\host` or `smb://host:port`; the port field is the default. */
export function smbAddressOf(text: string, port: string | undefined): { host: string; port: number } {
  const bare = text.replace(/^\\\\/, '').replace(/\\.*$/, '');
  const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(bare) ? bare : `smb://${bare}`);
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : Number(port || 445),
  };
}

/** The cause in smbclient's output, in words; its last line when it names no status code. */
export function smbFailureOf(output: string): string {
  const status = /NT_STATUS_[A-Z_]+/.exec(output)?.[0];
  if (status) return STATUS_WORDS[status] ?? status;
  return lastLine(output) || 'smbclient failed';
}

export async function listSmbShare(target: SmbTarget, ctx: KindContext): Promise<void> {
  // The credentials go in a file only this process can read: never in the arguments or the environment.
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ops-console-smb-'));
  try {
    const authFile = path.join(dir, 'auth');
    const lines = [`username = ${target.username ?? ''}`, `password = ${target.password ?? ''}`];
    if (target.domain) lines.push(`domain = ${target.domain}`);
    await fs.writeFile(authFile, `${lines.join('\n')}\n`, { mode: 0o600 });
    const timeoutSeconds = Math.max(1, Math.floor(ctx.timeoutMs / 1000));
    const args = [
      ...['-s', '/dev/null'],
      `//${target.server.includes(':') ? `[${target.server}]` : target.server}/${target.share}`,
      ...['-p', String(target.port), '-A', authFile, '-t', String(timeoutSeconds), '-c', 'ls'],
      ...(target.username ? [] : ['-N']),
    ];
    const ran = await runCommand('smbclient', args, {
      env: baseEnvironment(),
      signal: ctx.signal,
      cwd: dir,
    }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT')
        throw new SmbClientMissing(
          "smbclient is not installed where the console runs: testing an smb connection needs Samba's 'smbclient'",
        );
      throw error;
    });
    if (ran.code !== 0) throw new SmbFailure(smbFailureOf(`${ran.stdout}\n${ran.stderr}`));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
