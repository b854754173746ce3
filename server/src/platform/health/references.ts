/**
 * What a check entry refers to, read before it runs: `valueFrom.secretKeyRef` and
 * `configMapKeyRef` in the canary's namespace, and `connection: connection://[ns/]name` (a stored
 * connection's URL, username and password, which may themselves be `secret://name/key` or
 * `configmap://name/key` in the connection's namespace). A reference that cannot be read fails
 * the check naming it; every secret read is remembered so the result can be cleaned of it.
 */
import { KeyRefError, type KeyRef } from '../../kube/index.js';
import type { Queryable } from '../db/db.js';
import type { Entry } from './canary-spec.js';

export type KeyRefReader = (ref: KeyRef) => Promise<string>;

export interface ReferenceScope {
  /** The canary's namespace: where its secretKeyRef and configMapKeyRef are looked up. */
  namespace: string;
  readKeyRef: KeyRefReader;
  db: Queryable;
}

export interface ResolvedEntry {
  entry: Entry;
  /** The secret values the entry now holds, to be kept out of what the check reports. */
  secrets: string[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isReference = (value: unknown): value is { name: string; key: string } =>
  isObject(value) && typeof value.name === 'string' && typeof value.key === 'string';

async function valueFromSource(
  source: Record<string, unknown>,
  scope: ReferenceScope,
  secrets: string[],
): Promise<string> {
  const { secretKeyRef, configMapKeyRef } = source;
  if (isReference(secretKeyRef)) {
    const value = await scope.readKeyRef({
      kind: 'secret',
      namespace: scope.namespace,
      ...pick(secretKeyRef),
    });
    secrets.push(value);
    return value;
  }
  if (isReference(configMapKeyRef))
    return scope.readKeyRef({ kind: 'configmap', namespace: scope.namespace, ...pick(configMapKeyRef) });
  const kinds = Object.keys(source);
  throw new KeyRefError(
    kinds.length === 0
      ? 'valueFrom names no secretKeyRef or configMapKeyRef'
      : `valueFrom.${kinds[0]} is not read by this console's check runner (secretKeyRef and configMapKeyRef are)`,
  );
}

const pick = ({ name, key }: { name: string; key: string }) => ({ name, key });

async function resolveValue(value: unknown, scope: ReferenceScope, secrets: string[]): Promise<unknown> {
  if (Array.isArray(value)) {
    const items: unknown[] = [];
    for (const item of value) items.push(await resolveValue(item, scope, secrets));
    return items;
  }
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  const hasValue = value.value !== undefined && value.value !== null && value.value !== '';
  for (const [key, item] of Object.entries(value)) {
    if (key === 'valueFrom' && isObject(item)) {
      // A value given beside its reference wins, as in the platform.
      if (!hasValue) out.value = await valueFromSource(item, scope, secrets);
      continue;
    }
    out[key] = await resolveValue(item, scope, secrets);
  }
  return out;
}

const STORED_REFERENCE = /^(secret|configmap):\/\/([^/]+)\/(.+)$/;

/** A stored connection field: a literal, or `secret://name/key` / `configmap://name/key`. */
async function storedValue(
  text: string | null,
  namespace: string,
  scope: ReferenceScope,
): Promise<string | undefined> {
  if (text === null || text === '') return undefined;
  const match = STORED_REFERENCE.exec(text);
  if (!match) return text;
  const kind = match[1] as KeyRef['kind'];
  return scope.readKeyRef({ kind, namespace, name: match[2]!, key: match[3]! });
}

interface ConnectionRow {
  name: string;
  namespace: string;
  url: string | null;
  username: string | null;
  password: string | null;
}

/**
 * `connection://name`, `connection://namespace/name` or `connection://type/name`, as the
 * platform writes them; a bare name is looked up in the canary's namespace first.
 */
async function findConnection(reference: string, scope: ReferenceScope): Promise<ConnectionRow> {
  const parts = reference.slice('connection://'.length).split('/').filter(Boolean);
  if (parts.length < 1 || parts.length > 2)
    throw new KeyRefError(`'${reference}' is not connection://[namespace/]name`);
  const [qualifier, name] = parts.length === 2 ? parts : [null, parts[0]!];
  const { rows } = await scope.db.query<ConnectionRow>(
    `select name, namespace, url, username, password from connections
      where deleted_at is null and name = $1
        and ($2::text is null or namespace = $2 or type = $2)
      order by (namespace = $3) desc, created_at limit 1`,
    [name, qualifier, scope.namespace],
  );
  const row = rows[0];
  if (!row) throw new KeyRefError(`connection '${parts.join('/')}' does not exist`);
  return row;
}

/** Fills the entry's url, username and password from its connection where it gives none. */
async function withConnection(entry: Entry, scope: ReferenceScope, secrets: string[]): Promise<Entry> {
  const reference = typeof entry.connection === 'string' ? entry.connection.trim() : '';
  if (!reference.startsWith('connection://')) return entry;
  const row = await findConnection(reference, scope);
  const username = await storedValue(row.username, row.namespace, scope);
  const password = await storedValue(row.password, row.namespace, scope);
  if (password !== undefined) secrets.push(password);
  if (row.username !== null && STORED_REFERENCE.test(row.username) && username !== undefined)
    secrets.push(username);
  const { connection: _reference, ...rest } = entry;
  const filled: Entry = { ...rest };
  const given = (field: string) =>
    filled[field] !== undefined && filled[field] !== null && filled[field] !== '';
  if (!given('url')) {
    if (!row.url) throw new KeyRefError(`connection '${row.namespace}/${row.name}' has no URL`);
    filled.url = row.url;
  }
  if (!given('username') && username !== undefined) filled.username = username;
  if (!given('password') && password !== undefined) filled.password = password;
  return filled;
}

const plain = (value: unknown): string | undefined =>
  typeof value === 'string'
    ? value
    : typeof obj(value).value === 'string'
      ? (obj(value).value as string)
      : undefined;
const obj = (value: unknown): Record<string, unknown> => (isObject(value) ? value : {});

/**
 * A secret password also travels as `username:password` in base64 (basic authentication), which
 * a target may echo back.
 */
function basicCredentials(entry: Entry, secrets: readonly string[]): string[] {
  return [entry, obj(entry.authentication)].flatMap((holder) => {
    const username = plain(holder.username);
    const password = plain(holder.password);
    return password !== undefined && secrets.includes(password)
      ? [Buffer.from(`${username ?? ''}:${password}`).toString('base64')]
      : [];
  });
}

/** The entry with its references read. Throws KeyRefError naming what could not be read. */
export async function resolveReferences(entry: Entry, scope: ReferenceScope): Promise<ResolvedEntry> {
  const secrets: string[] = [];
  const resolved = await withConnection((await resolveValue(entry, scope, secrets)) as Entry, scope, secrets);
  return { entry: resolved, secrets: [...secrets, ...basicCredentials(resolved, secrets)] };
}

const REDACTED = '***';
/** Shorter values would mangle ordinary words; a credential that short protects nothing. */
const SHORTEST_REDACTED = 4;

/**
 * Replaces every secret, as written and as a URL carries it, in the strings of a value
 * (messages, errors, details): what a check reports never shows what it read from a secret.
 */
export function redactSecrets<T>(value: T, secrets: readonly string[]): T {
  const forms = [...new Set(secrets.flatMap((s) => [s, encodeURIComponent(s)]))]
    .filter((s) => s.length >= SHORTEST_REDACTED)
    .sort((a, b) => b.length - a.length);
  if (forms.length === 0) return value;
  const clean = (item: unknown): unknown => {
    if (typeof item === 'string')
      return forms.reduce((text, secret) => text.replaceAll(secret, REDACTED), item);
    if (Array.isArray(item)) return item.map(clean);
    if (isObject(item)) return Object.fromEntries(Object.entries(item).map(([k, v]) => [k, clean(v)]));
    return item;
  };
  return clean(value) as T;
}
