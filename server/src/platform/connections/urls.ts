/** Reading connection URLs without letting their credentials out. */

export function passwordsInUrl(url: string | undefined): string[] {
  if (!url) return [];
  try {
    const parsed = new URL(url);
    return [parsed.password, decodeURIComponent(parsed.password)].filter(Boolean);
  } catch {
    return [];
  }
}

/** A URL as a person may read it: without username and password. */
export function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.username && !parsed.password) return url;
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return url.replace(/\/\/[^/@\s]*@/, '//');
  }
}

/** Properties that hold credentials; the others (region, from, encryptionMethod, ...) are plain. */
const SECRET_PROPERTY = /token|secret|password|key|credential|kubeconfig|certificate|bearer/i;

/** The values of a resolved connection that must never be shown: its password, secret properties, URL password. */
export function connectionSecrets(connection: {
  url?: string;
  password?: string;
  properties: Record<string, string>;
}): string[] {
  const secrets = connection.password ? [connection.password] : [];
  for (const [key, value] of Object.entries(connection.properties))
    if (value && SECRET_PROPERTY.test(key)) secrets.push(value);
  return [...secrets, ...passwordsInUrl(connection.url)];
}

export interface MysqlOptions {
  host: string;
  port: number;
  user?: string;
  password?: string;
  database?: string;
}

/** MySQL connection options from a mysql:// (or mariadb://) URL or the Go DSN `user:pass@tcp(host:port)/db?params`. */
export function mysqlOptions(url: string): MysqlOptions {
  const dsn = /^(?:([^:@/]*)(?::([^@]*))?@)?(?:tcp)?\(([^)]*)\)\/([^?]*)(?:\?.*)?$/.exec(url);
  if (dsn) {
    const [, user, password, address, database] = dsn;
    const [host, port] = (address ?? '').split(':');
    return {
      host: host || '127.0.0.1',
      port: port ? Number(port) : 3306,
      user: user || undefined,
      password: password || undefined,
      database: database || undefined,
    };
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(
      `'${safeUrl(url)}' is neither mysql://user:password@host:3306/db nor user:password@tcp(host:3306)/db`,
    );
  }
  if (parsed.protocol !== 'mysql:' && parsed.protocol !== 'mariadb:')
    throw new Error(`'${safeUrl(url)}' is not a MySQL URL (mysql://user:password@host:3306/db)`);
  return {
    host: parsed.hostname || '127.0.0.1',
    port: parsed.port ? Number(parsed.port) : 3306,
    user: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    database: parsed.pathname.replace(/^\//, '') || undefined,
  };
}

/** The URL with the username and password when it names none. */
export function withCredentials(url: string, username?: string, password?: string): string {
  if (!username && !password) return url;
  try {
    const parsed = new URL(url);
    if (parsed.username || parsed.password) return url;
    if (username) parsed.username = encodeURIComponent(username);
    if (password) parsed.password = encodeURIComponent(password);
    return parsed.toString();
  } catch {
    // The Go DSN: credentials go before the @.
    if (/^(?:tcp)?\(/.test(url)) return `${username ?? ''}${password ? `:${password}` : ''}@${url}`;
    return url;
  }
}
