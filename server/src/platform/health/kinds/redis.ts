import { createClient } from 'redis';
import type { Entry } from '../canary-spec.js';
import {
  abortable,
  describeError,
  CLIENT_GRACE_MS,
  fail,
  hostPort,
  literalValue,
  pass,
  slowerThanThreshold,
  str,
  type CheckOutcome,
  type KindContext,
} from './common.js';

/** PING to the Redis server at `addr` (host:port), database `db`, with optional username/password. */
export async function runRedis(entry: Entry, ctx: KindContext): Promise<CheckOutcome> {
  let target: { host: string; port: number };
  let username: string | undefined;
  let password: string | undefined;
  try {
    target = hostPort(str(entry.addr) ?? str(entry.url), 'addr', 6379);
    username = literalValue(entry.username, 'username');
    password = literalValue(entry.password, 'password');
  } catch (error) {
    return fail((error as Error).message);
  }
  const database = Number(entry.db ?? 0) || 0;
  const client = createClient({
    socket: {
      host: target.host,
      port: target.port,
      connectTimeout: ctx.timeoutMs + CLIENT_GRACE_MS,
      // One attempt: a check reports what it finds, it does not wait for the server to come back.
      reconnectStrategy: false,
    },
    username,
    password,
    database,
    disableOfflineQueue: true,
  });
  client.on('error', () => {});
  const address = `${target.host}:${target.port}`;
  const started = performance.now();
  let reply: string;
  try {
    const work = (async () => {
      await client.connect();
      return String(await client.ping());
    })();
    reply = await abortable(work, ctx.signal, () => destroy(client));
  } catch (error) {
    return fail(describeError(error, ctx, address));
  } finally {
    destroy(client);
  }
  const elapsed = Math.round(performance.now() - started);
  const message = `${reply} from ${address} (db ${database}) in ${elapsed}ms`;
  const slow = slowerThanThreshold(elapsed, entry);
  return slow ? fail(slow, message, { elapsed }) : pass(message, { elapsed });
}

function destroy(client: { isOpen: boolean; destroy(): void }): void {
  try {
    if (client.isOpen) client.destroy();
  } catch {
    // already closed
  }
}
