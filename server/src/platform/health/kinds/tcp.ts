import net from 'node:net';
import type { Entry } from '../canary-spec.js';
import {
  describeError,
  fail,
  hostPort,
  pass,
  slowerThanThreshold,
  str,
  type CheckOutcome,
  type KindContext,
} from './common.js';

/** Opens a TCP connection to `endpoint` (host:port) and closes it. */
export async function runTcp(entry: Entry, ctx: KindContext): Promise<CheckOutcome> {
  let target: { host: string; port: number };
  try {
    target = hostPort(str(entry.endpoint) ?? str(entry.host), 'endpoint');
  } catch (error) {
    return fail((error as Error).message);
  }
  const address = `${target.host}:${target.port}`;
  const started = performance.now();
  try {
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect({ host: target.host, port: target.port, signal: ctx.signal });
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', reject);
    });
  } catch (error) {
    return fail(describeError(error, ctx, address));
  }
  const elapsed = Math.round(performance.now() - started);
  const message = `connected to ${address} in ${elapsed}ms`;
  const slow = slowerThanThreshold(elapsed, entry);
  return slow ? fail(slow, message, { elapsed }) : pass(message, { elapsed });
}
