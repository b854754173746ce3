import type { Entry } from '../canary-spec.js';
import {
  abortable,
  describeError,
  CLIENT_GRACE_MS,
  EntryError,
  fail,
  literalValue,
  pass,
  slowerThanThreshold,
  str,
  type CheckOutcome,
  type KindContext,
} from './common.js';

const ENTRIES_KEPT = 20;

export interface LdapTarget {
  url: string;
  username: string;
  password: string;
}

/** `connection` (a URL; connection:// references are read into `url` before a check runs), `url` or `host`. */
export function ldapTargetOf(entry: Entry): LdapTarget {
  const text = str(entry.connection) ?? literalValue(entry.url, 'url') ?? str(entry.host);
  if (!text) throw new EntryError('url is required (ldap://host:389 or ldaps://host:636)');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new EntryError(`url '${text}' is not a URL`);
  }
  if (url.protocol !== 'ldap:' && url.protocol !== 'ldaps:')
    throw new EntryError(`url '${text}' is not an ldap:// or ldaps:// URL`);
  const username = literalValue(entry.username, 'username') ?? decodeURIComponent(url.username);
  const password = literalValue(entry.password, 'password') ?? decodeURIComponent(url.password);
  return { url: `${url.protocol}//${url.host}`, username, password };
}

/**
 * An LDAP result error in words: ldapts names the result (InvalidCredentialsError) but its
 * message is often only the code.
 */
function describeLdapError(error: unknown, ctx: KindContext, address: string): string {
  const err = error as { code?: unknown; name?: unknown };
  if (typeof err?.code === 'number' && typeof err.name === 'string' && err.name.endsWith('Error')) {
    const words = err.name
      .replace(/Error$/, '')
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase();
    return `${words} (LDAP result ${err.code})`;
  }
  return describeError(error, ctx, address);
}

const addressOf = (target: LdapTarget) => target.url.replace(/^ldaps?:\/\//, '');

/** A client of the target's server (nothing sent yet); the caller unbinds it. */
export async function ldapClient(target: LdapTarget, ctx: KindContext, skipTLSVerify: boolean) {
  // Loaded on the first ldap check, as the mysql driver is.
  const { Client } = await import('ldapts');
  return new Client({
    url: target.url,
    timeout: ctx.timeoutMs + CLIENT_GRACE_MS,
    connectTimeout: ctx.timeoutMs + CLIENT_GRACE_MS,
    // Only for ldaps: given tlsOptions, the client speaks TLS even to an ldap:// URL.
    ...(target.url.startsWith('ldaps:') ? { tlsOptions: { rejectUnauthorized: !skipTLSVerify } } : {}),
  });
}

/** Binds as the target's username; a refusal throws an EntryError saying why. */
export async function bindLdap(
  client: { bind(dn: string, password: string): Promise<void> },
  target: LdapTarget,
  ctx: KindContext,
): Promise<void> {
  try {
    await client.bind(target.username, target.password);
  } catch (error) {
    throw new EntryError(
      `bind as '${target.username}' failed: ${describeLdapError(error, ctx, addressOf(target))}`,
    );
  }
}

/**
 * Binds to an LDAP server as `username` (a DN) with `password`, then searches the subtree of
 * `bindDN` with the `userSearch` filter: it fails when nothing is found, as upstream.
 */
export async function runLdap(entry: Entry, ctx: KindContext): Promise<CheckOutcome> {
  const base = str(entry.bindDN);
  if (!base) return fail('bindDN (the DN searched under) is required');
  const filter = str(entry.userSearch) ?? '(objectClass=*)';
  let target: LdapTarget;
  try {
    target = ldapTargetOf(entry);
  } catch (error) {
    return fail(error instanceof EntryError ? error.message : describeError(error, ctx));
  }
  const client = await ldapClient(target, ctx, entry.skipTLSVerify === true);
  const address = addressOf(target);
  const started = performance.now();
  let found: { dn: string }[];
  try {
    const work = (async () => {
      await bindLdap(client, target, ctx);
      const { searchEntries } = await client.search(base, { scope: 'sub', filter, attributes: ['dn'] });
      return searchEntries;
    })();
    found = await abortable(work, ctx.signal, () => void client.unbind().catch(() => {}));
  } catch (error) {
    return fail(
      error instanceof EntryError
        ? error.message
        : `search failed: ${describeLdapError(error, ctx, address)}`,
    );
  } finally {
    void client.unbind().catch(() => {});
  }
  const elapsed = Math.round(performance.now() - started);
  const detail = { count: found.length, entries: found.slice(0, ENTRIES_KEPT).map((e) => e.dn), elapsed };
  if (found.length === 0) return fail(`no entries match ${filter} under ${base}`, null, detail);
  const message = `${found.length} ${found.length === 1 ? 'entry matches' : 'entries match'} ${filter} under ${base} (${elapsed}ms)`;
  const slow = slowerThanThreshold(elapsed, entry);
  return slow ? fail(slow, message, detail) : pass(message, detail);
}
