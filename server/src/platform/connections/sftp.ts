/**
 * Test Connection of an sftp connection: the SSH handshake, password authentication, then the SFTP
 * subsystem listing the login directory (a server may accept the login and still refuse SFTP).
 */
import type { KindContext } from '../health/kinds/common.js';

export interface SftpTarget {
  host: string;
  port: number;
  username: string;
  password: string;
}

/** Why an SFTP session could not be opened, in the words the test answers; the caller adds the address. */
export class SftpFailure extends Error {
  constructor(
    message: string,
    /** The underlying error's code (ECONNREFUSED, ...), when it was the network's. */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** `host`, `host:port` or `sftp://host:port` with the port field as the default port. */
export function sftpAddressOf(text: string, port: string | undefined): { host: string; port: number } {
  const fallback = Number(port || 22);
  const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `sftp://${text}`);
  return { host: url.hostname.replace(/^\[|\]$/g, ''), port: url.port ? Number(url.port) : fallback };
}

export async function openSftpSession(target: SftpTarget, ctx: KindContext): Promise<void> {
  const { Client } = await import('ssh2');
  const client = new Client();
  try {
    await new Promise<void>((resolve, reject) => {
      const abort = () => reject(ctx.signal.reason as Error);
      if (ctx.signal.aborted) return abort();
      ctx.signal.addEventListener('abort', abort, { once: true });
      client.on('error', (error: Error & { level?: string; code?: string }) => {
        if (error.level === 'client-authentication') reject(new SftpFailure('the credentials were refused'));
        else if (error.level === 'client-timeout')
          reject(new SftpFailure('connection timed out', 'ETIMEDOUT'));
        else reject(new SftpFailure(error.message, error.code));
      });
      client.on('ready', () =>
        client.sftp((error, sftp) => {
          if (error) return reject(new SftpFailure(`the server refused SFTP: ${error.message}`));
          sftp.readdir('.', (listError) =>
            listError
              ? reject(new SftpFailure(`the login directory could not be listed: ${listError.message}`))
              : resolve(),
          );
        }),
      );
      client.connect({
        host: target.host,
        port: target.port,
        username: target.username,
        password: target.password,
        readyTimeout: ctx.timeoutMs,
        // The test proves the server answers and accepts the credentials; it keeps no host keys to
        // compare with, as the platform's own test does not.
        tryKeyboard: false,
      });
    });
  } finally {
    client.end();
  }
}
