import net from 'node:net';
import type { Entry } from '../canary-spec.js';
import {
  describeError,
  fail,
  pass,
  str,
  thresholdOf,
  type CheckOutcome,
  type KindContext,
} from './common.js';
import { baseEnvironment, lastLine, runCommand } from './command.js';

const DEFAULT_PACKETS = 5;
const MAX_PACKETS = 100;

interface PingStatistics {
  sent: number;
  received: number;
  lossPercent: number;
  averageMs?: number;
}

/** iputils' summary: 'N packets transmitted, M received, X% packet loss' and 'rtt min/avg/max/mdev = a/b/c/d ms'. */
export function pingStatistics(output: string): PingStatistics | undefined {
  const counts = /(\d+) packets transmitted, (\d+) (?:packets )?received.*?([\d.]+)% packet loss/.exec(
    output,
  );
  if (!counts) return undefined;
  const rtt = /= [\d.]+\/([\d.]+)\/[\d.]+/.exec(output);
  return {
    sent: Number(counts[1]),
    received: Number(counts[2]),
    lossPercent: Number(counts[3]),
    averageMs: rtt ? Number(rtt[1]) : undefined,
  };
}

/**
 * Pings `endpoint` `packetCount` times (5 by default) with the system's ping (Debian's
 * iputils-ping), and fails when the average round trip exceeds `thresholdMillis` or the packet
 * loss (percent) exceeds `packetLossThreshold`.
 */
export async function runIcmp(entry: Entry, ctx: KindContext): Promise<CheckOutcome> {
  const given = str(entry.endpoint)?.replace(/^[a-z]+:\/\//i, '');
  // A host name or address; a port or path after it means nothing to ping.
  const endpoint = given && (net.isIPv6(given) ? given : given.replace(/[/:].*$/, ''));
  if (!endpoint) return fail('endpoint (a host name or IP address) is required');
  if (endpoint.startsWith('-')) return fail(`endpoint '${endpoint}' is not a host name`);
  const count = Math.min(MAX_PACKETS, Math.max(1, Math.round(Number(entry.packetCount)) || DEFAULT_PACKETS));
  // Each reply is awaited at most a second, and all of them within the check's own timeout.
  const deadline = Math.max(1, Math.floor(ctx.timeoutMs / 1000));
  let output: string;
  try {
    const ran = await runCommand(
      'ping',
      ['-n', '-c', String(count), '-i', '0.2', '-W', '1', '-w', String(deadline), endpoint],
      {
        env: baseEnvironment(),
        signal: ctx.signal,
      },
    );
    output = ran.stdout;
    if (ran.code !== 0 && !pingStatistics(output))
      return fail(lastLine(ran.stderr) || `ping exit code ${ran.code}`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return fail(
        "ping is not installed where the console runs: the icmp check needs the 'ping' program (iputils-ping)",
      );
    return fail(describeError(error, ctx, endpoint));
  }
  const stats = pingStatistics(output)!;
  const average = stats.averageMs;
  const message = `${stats.received}/${stats.sent} replies from ${endpoint}, ${stats.lossPercent}% packet loss${average !== undefined ? `, average ${average}ms` : ''}`;
  const detail = { ...stats };
  const lossLimit = Number(entry.packetLossThreshold);
  if (entry.packetLossThreshold !== undefined && Number.isFinite(lossLimit) && stats.lossPercent > lossLimit)
    return fail(`packet loss ${stats.lossPercent}% > packetLossThreshold ${lossLimit}%`, message, detail);
  if (stats.received === 0) return fail(`no replies from ${endpoint}`, message, detail);
  const threshold = thresholdOf(entry);
  if (threshold !== undefined && average !== undefined && average > threshold)
    return fail(`average round trip ${average}ms > thresholdMillis ${threshold}ms`, message, detail);
  return pass(message, detail);
}
