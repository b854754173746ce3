import dns from 'node:dns';
import net from 'node:net';
import type { Entry } from '../canary-spec.js';
import {
  abortable,
  cap,
  describeError,
  fail,
  pass,
  slowerThanThreshold,
  str,
  type CheckOutcome,
  type KindContext,
} from './common.js';

const TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS', 'SRV', 'PTR'] as const;
type QueryType = (typeof TYPES)[number];

/** Each record as one line of text, as exactreply lists them. */
async function resolveWith(
  resolver: dns.promises.Resolver,
  name: string,
  type: QueryType,
): Promise<string[]> {
  switch (type) {
    case 'A':
      return resolver.resolve4(name);
    case 'AAAA':
      return resolver.resolve6(name);
    case 'CNAME':
      return resolver.resolveCname(name);
    case 'MX':
      return (await resolver.resolveMx(name)).map((r) => `${r.exchange} ${r.priority}`);
    case 'TXT':
      return (await resolver.resolveTxt(name)).map((parts) => parts.join(''));
    case 'NS':
      return resolver.resolveNs(name);
    case 'SRV':
      return (await resolver.resolveSrv(name)).map((r) => `${r.name} ${r.port} ${r.priority} ${r.weight}`);
    case 'PTR':
      return resolver.resolvePtr(name);
  }
}

/**
 * Asks `server` (port 53 by default) for `query` records of `querytype` (A by default). Without
 * a server, A and AAAA go through the system's resolver (getaddrinfo: /etc/hosts included, so
 * `localhost` resolves); other types ask the system's name servers.
 */
async function lookup(entry: Entry, name: string, type: QueryType, ctx: KindContext): Promise<string[]> {
  const server = str(entry.server);
  if (!server && (type === 'A' || type === 'AAAA')) {
    const found = await abortable(
      dns.promises.lookup(name, { all: true, family: type === 'A' ? 4 : 6 }),
      ctx.signal,
    );
    return found.map((r) => r.address);
  }
  const resolver = new dns.promises.Resolver({ timeout: ctx.timeoutMs, tries: 1 });
  if (server) {
    const port = Number(entry.port ?? 53) || 53;
    resolver.setServers([net.isIPv6(server) ? `[${server}]:${port}` : `${server}:${port}`]);
  }
  return abortable(resolveWith(resolver, name, type), ctx.signal, () => resolver.cancel());
}

export async function runDns(entry: Entry, ctx: KindContext): Promise<CheckOutcome> {
  const name = str(entry.query);
  if (!name) return fail('query (the name to look up) is required');
  const type = (str(entry.querytype) ?? 'A').toUpperCase() as QueryType;
  if (!TYPES.includes(type)) return fail(`querytype '${type}' is not one of ${TYPES.join(', ')}`);
  const started = performance.now();
  let records: string[];
  try {
    records = await lookup(entry, name, type, ctx);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      !ctx.signal.aborted && (code === 'ENOTFOUND' || code === 'ENODATA')
        ? `no ${type} records for ${name}`
        : describeError(error, ctx, str(entry.server));
    return fail(reason);
  }
  const elapsed = Math.round(performance.now() - started);
  const message = cap(`${name} ${type}: ${records.join(', ')} in ${elapsed}ms`);
  const detail = { records, elapsed };
  const min = Number(entry.minrecords);
  if (entry.minrecords !== undefined && Number.isFinite(min) && records.length < min)
    return fail(`got ${records.length} records, expected at least ${min}`, message, detail);
  if (Array.isArray(entry.exactreply) && entry.exactreply.length > 0) {
    const want = entry.exactreply.map(String).sort();
    const got = [...records].sort();
    if (want.join('\n') !== got.join('\n'))
      return fail(
        `got ${got.join(', ') || 'no records'}, expected exactly ${want.join(', ')}`,
        message,
        detail,
      );
  }
  const slow = slowerThanThreshold(elapsed, entry);
  return slow ? fail(slow, message, detail) : pass(message, detail);
}
