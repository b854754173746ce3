import dns from 'node:dns';
import net from 'node:net';
import type { Entry } from '../canary-spec.js';
import {
  abortable,
  cap,
  describeError,
  CLIENT_GRACE_MS,
  fail,
  pass,
  slowerThanThreshold,
  str,
  type CheckOutcome,
  type KindContext,
} from './common.js';

const TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS', 'SRV', 'PTR'] as const;
type QueryType = (typeof TYPES)[number];

const fqdn = (name: string) => (name.endsWith('.') ? name : `${name}.`);
const isMissing = (error: unknown) =>
  ['ENODATA', 'ENOTFOUND'].includes((error as NodeJS.ErrnoException)?.code ?? '');

/** Addresses of both families, as Go's LookupHost answers an A query; missing families are left out. */
async function addresses(resolver: dns.promises.Resolver, name: string): Promise<string[]> {
  const [v4, v6] = await Promise.allSettled([resolver.resolve4(name), resolver.resolve6(name)]);
  const found = [
    ...(v4.status === 'fulfilled' ? v4.value : []),
    ...(v6.status === 'fulfilled' ? v6.value : []),
  ];
  if (found.length) return found;
  const failure = [v4, v6].find((r) => r.status === 'rejected' && !isMissing(r.reason));
  throw failure && failure.status === 'rejected' ? failure.reason : (v4 as PromiseRejectedResult).reason;
}

/**
 * Each record as one line of text, as canary-checker (Go's resolver) gives them: names end in a
 * dot, MX is "host. preference", PTR takes an address, CNAME of a name without one is the name.
 */
async function resolveWith(
  resolver: dns.promises.Resolver,
  name: string,
  type: QueryType,
): Promise<string[]> {
  switch (type) {
    case 'A':
      return addresses(resolver, name);
    case 'AAAA':
      return resolver.resolve6(name);
    case 'CNAME':
      try {
        return (await resolver.resolveCname(name)).map(fqdn);
      } catch (error) {
        if (!isMissing(error)) throw error;
        // Go's LookupCNAME answers a name that has addresses but no CNAME with the name itself.
        await addresses(resolver, name);
        return [fqdn(name)];
      }
    case 'MX':
      return (await resolver.resolveMx(name)).map((r) => `${fqdn(r.exchange)} ${r.priority}`);
    case 'TXT':
      return (await resolver.resolveTxt(name)).map((parts) => parts.join(''));
    case 'NS':
      return (await resolver.resolveNs(name)).map(fqdn);
    case 'SRV':
      return (await resolver.resolveSrv(name)).map(
        (r) => `${fqdn(r.name)} ${r.port} ${r.priority} ${r.weight}`,
      );
    case 'PTR':
      return (net.isIP(name) ? await resolver.reverse(name) : await resolver.resolvePtr(name)).map(fqdn);
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
      dns.promises.lookup(name, { all: true, family: type === 'A' ? 0 : 6 }),
      ctx.signal,
    );
    return [...new Set(found.map((r) => r.address))];
  }
  const resolver = new dns.promises.Resolver({ timeout: ctx.timeoutMs + CLIENT_GRACE_MS, tries: 1 });
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
  // As canary-checker, an SRV answer passes as it is: no count or exact reply to compare.
  if (type === 'SRV') return pass(message, detail);
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
