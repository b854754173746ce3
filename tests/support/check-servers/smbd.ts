/**
 * A throwaway SMB server: Samba's smbd on a free port of 127.0.0.1 with an smb.conf and state of its
 * own (no NetBIOS, a tdbsam of one throwaway system account, see system-account.ts) sharing one
 * read-only directory. The console tests SMB connections with smbclient, so that is required too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../free-port.js';
import { binaryFrom, commandPath, scratchDir } from './process.js';
import { rootAvailable, runPrivileged, startAsRoot, throwawayAccount } from './system-account.js';

export interface SmbServer {
  host: string;
  port: number;
  share: string;
  username: string;
  password: string;
  close(): Promise<void>;
}

const SHARE = 'files';

export async function startSmbServer(skipped: string): Promise<SmbServer | undefined> {
  const smbd = binaryFrom('smbd', skipped);
  const client = binaryFrom('smbclient', skipped);
  if (!smbd || !client || !rootAvailable(skipped, 'smbd')) return undefined;
  const smbpasswd = commandPath('smbpasswd');
  if (!smbpasswd) throw new Error('smbpasswd (Debian package samba-common-bin) is missing beside smbd');
  const dir = scratchDir('smbd');
  fs.chmodSync(dir, 0o755);
  for (const sub of ['share', 'private', 'state', 'cache', 'lock', 'pid', 'ncalrpc'])
    fs.mkdirSync(path.join(dir, sub));
  fs.writeFileSync(path.join(dir, 'share', 'hello.txt'), 'hello\n');
  const account = throwawayAccount('ocsmb', dir);
  const port = await freePort();
  const config = path.join(dir, 'smb.conf');
  const at = (sub: string) => path.join(dir, sub);
  fs.writeFileSync(
    config,
    [
      '[global]',
      'server role = standalone server',
      `smb ports = ${port}`,
      'interfaces = 127.0.0.1',
      'bind interfaces only = yes',
      'disable netbios = yes',
      `private dir = ${at('private')}`,
      `state directory = ${at('state')}`,
      `cache directory = ${at('cache')}`,
      `lock directory = ${at('lock')}`,
      `pid directory = ${at('pid')}`,
      `ncalrpc dir = ${at('ncalrpc')}`,
      `passdb backend = tdbsam:${at('private/passdb.tdb')}`,
      `log file = ${at('log.%m')}`,
      'load printers = no',
      'printing = bsd',
      'printcap name = /dev/null',
      'disable spoolss = yes',
      `[${SHARE}]`,
      `path = ${at('share')}`,
      'read only = yes',
      `valid users = ${account.username}`,
      '',
    ].join('\n'),
  );
  try {
    runPrivileged(
      [smbpasswd, '-c', config, '-a', '-s', account.username],
      `${account.password}\n${account.password}\n`,
    );
  } catch (error) {
    account.remove();
    throw error;
  }
  // Its own process group (no --no-process-group): smbd signals its whole group when it stops.
  const stop = await startAsRoot('smbd', [smbd, '-F', '-s', config, '--debug-stdout'], {
    port,
    pidFile: at('pid/smbd.pid'),
    account,
    dir,
  });
  return {
    host: '127.0.0.1',
    port,
    share: SHARE,
    username: account.username,
    password: account.password,
    close: stop,
  };
}
