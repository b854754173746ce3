/**
 * A throwaway SFTP server: Debian's OpenSSH sshd on a free port of 127.0.0.1 with a config and host
 * key of its own, serving only SFTP to one throwaway system account (system-account.ts).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../free-port.js';
import { binaryFrom, commandPath, scratchDir } from './process.js';
import { rootAvailable, runPrivileged, startAsRoot, throwawayAccount } from './system-account.js';

export interface SftpServer {
  host: string;
  port: number;
  username: string;
  password: string;
  close(): Promise<void>;
}

export async function startSftpServer(skipped: string): Promise<SftpServer | undefined> {
  const sshd = binaryFrom('sshd', skipped);
  if (!sshd || !rootAvailable(skipped, 'sshd')) return undefined;
  const keygen = commandPath('ssh-keygen');
  if (!keygen) throw new Error('ssh-keygen (Debian package openssh-client) is missing beside sshd');
  const dir = scratchDir('sshd');
  fs.chmodSync(dir, 0o755);
  execFileSync(keygen, ['-q', '-t', 'ed25519', '-N', '', '-f', path.join(dir, 'host_key')]);
  const account = throwawayAccount('ocsftp', dir);
  // sshd's privilege separation directory; the package's service makes it, a machine without one may not have.
  runPrivileged(['mkdir', '-p', '/run/sshd']);
  const port = await freePort();
  const config = path.join(dir, 'sshd_config');
  fs.writeFileSync(
    config,
    [
      'ListenAddress 127.0.0.1',
      `Port ${port}`,
      `HostKey ${path.join(dir, 'host_key')}`,
      `PidFile ${path.join(dir, 'sshd.pid')}`,
      'UsePAM no',
      'PasswordAuthentication yes',
      'KbdInteractiveAuthentication no',
      'PubkeyAuthentication no',
      'PermitRootLogin no',
      `AllowUsers ${account.username}`,
      'StrictModes no',
      'Subsystem sftp internal-sftp',
      'ForceCommand internal-sftp',
      '',
    ].join('\n'),
  );
  const stop = await startAsRoot('sshd', [sshd, '-D', '-e', '-f', config], {
    port,
    pidFile: path.join(dir, 'sshd.pid'),
    account,
    dir,
  });
  return {
    host: '127.0.0.1',
    port,
    username: account.username,
    password: account.password,
    close: stop,
  };
}
