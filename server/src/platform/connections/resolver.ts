/**
 * The resolver of stored connections (playbooks' `connection:`, scrapers, senders, log backends,
 * Test Connection; a check's URL, username and password are read by health/references.ts, since
 * Test Connection runs the health kinds and the folders import one way only): a stored
 * connection by `connection://[namespace|type/]name`
 * or a bare name (looked up in the caller's namespace first), its `secret://name/key` and
 * `configmap://name/key` fields read in the connection's namespace. Its secrets (password, secret
 * properties, the URL's password, values read from Secrets) are added to the caller's secrets, so
 * that it keeps them out of results and errors.
 */
import { readKeyRef, type KeyRef, type KubeConnection } from '../../kube/index.js';
import type { Queryable } from '../db/db.js';
import { connectionSecrets } from './urls.js';

/** A stored connection with every reference read. */
export interface ResolvedConnection {
  name: string;
  namespace?: string;
  type: string;
  url?: string;
  username?: string;
  password?: string;
  /** The connection's other properties (token, from, certificate, ...), resolved. */
  properties: Record<string, string>;
  /** Whether its clients accept any certificate of the server. */
  insecureTls?: boolean;
}

interface ConnectionRow {
  name: string;
  namespace: string;
  type: string;
  url: string | null;
  username: string | null;
  password: string | null;
  certificate: string | null;
  properties: Record<string, unknown> | null;
  secret_properties: Record<string, string> | null;
  insecure_tls: boolean | null;
}

const STORED_REFERENCE = /^(secret|configmap):\/\/([^/]+)\/(.+)$/;

/**
 * The platform's placeholders in a connection's URL: `$(username)` and `$(password)` stand for its
 * stored values (a notification URL names its token so, and keeps no secret itself), URL-encoded
 * as a URL holds them.
 */
export function withStoredCredentials(
  url: string,
  credentials: { username?: string; password?: string },
): string {
  return url.replace(/\$\((username|password)\)/g, (_, key: 'username' | 'password') =>
    encodeURIComponent(credentials[key] ?? ''),
  );
}

export interface ResolverOptions {
  /** The caller's namespace: a bare name is looked up there first. */
  namespace: string;
  /** Where `secret://` and `configmap://` fields are read. */
  kube?: KubeConnection;
  /** Every secret value read is added here, for the caller to keep out of what it reports. */
  secrets: Set<string>;
}

export function connectionResolver(
  db: Queryable,
  options: ResolverOptions,
): (ref: string) => Promise<ResolvedConnection | undefined> {
  const read = async (text: string | null | undefined, namespace: string): Promise<string | undefined> => {
    if (text === null || text === undefined || text === '') return undefined;
    const match = STORED_REFERENCE.exec(text);
    if (!match) return text;
    const value = await readKeyRef(options.kube, {
      kind: match[1] as KeyRef['kind'],
      namespace,
      name: match[2]!,
      key: match[3]!,
    });
    if (match[1] === 'secret') options.secrets.add(value);
    return value;
  };
  return async (ref) => {
    const text = ref.trim().replace(/^connection:\/\//, '');
    const parts = text.split('/').filter(Boolean);
    if (parts.length < 1 || parts.length > 2) return undefined;
    const [qualifier, name] = parts.length === 2 ? parts : [null, parts[0]!];
    const { rows } = await db.query<ConnectionRow>(
      `select name, namespace, type, url, username, password, certificate, properties, secret_properties,
              insecure_tls
         from connections
        where deleted_at is null and name = $1 and ($2::text is null or namespace = $2 or type = $2)
        order by (namespace = $3) desc, created_at limit 1`,
      [name, qualifier, options.namespace],
    );
    const row = rows[0];
    if (!row) return undefined;
    const password = await read(row.password, row.namespace);
    const properties: Record<string, string> = {};
    for (const [key, value] of Object.entries(row.properties ?? {})) {
      const resolved = await read(typeof value === 'string' ? value : JSON.stringify(value), row.namespace);
      if (resolved !== undefined) properties[key] = resolved;
    }
    for (const [key, value] of Object.entries(row.secret_properties ?? {})) {
      const resolved = await read(value, row.namespace);
      if (resolved === undefined) continue;
      properties[key] = resolved;
      options.secrets.add(resolved);
    }
    const certificate = await read(row.certificate, row.namespace);
    if (certificate !== undefined) properties.certificate ??= certificate;
    const username = await read(row.username, row.namespace);
    const url = await read(row.url, row.namespace);
    const connection: ResolvedConnection = {
      name: row.name,
      namespace: row.namespace,
      type: row.type,
      url: url === undefined ? undefined : withStoredCredentials(url, { username, password }),
      username,
      password,
      properties,
      insecureTls: row.insecure_tls === true,
    };
    for (const secret of connectionSecrets(connection)) options.secrets.add(secret);
    return connection;
  };
}
