/**
 * A browser's share of a console session, for integration tests: signs in through
 * POST api/auth/login, keeps the cookies the server sets and sends them back, and repeats the
 * csrf_token cookie in X-CSRF-Token on state-changing requests, as web/src/api/fetch.ts does.
 * Every request goes under the console's base path, so cookie paths are not tracked. Also the
 * few helpers the identity suites share: local users, Bearer requests, error messages.
 */
import { createHash } from 'node:crypto';
import type { Role } from '../../server/src/access/roles.js';
import { createLocalUsers } from '../../server/src/auth/local-users.js';
import type { TestServer } from './server.js';

export const SESSION_COOKIE = 'ops_console_session';
export const CSRF_COOKIE = 'csrf_token';

/** One Set-Cookie header: attribute names lower-cased, flags (HttpOnly, Secure) as true. */
export interface SetCookie {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
}

export function setCookiesOf(response: Response): SetCookie[] {
  return response.headers.getSetCookie().map((header) => {
    const [pair = '', ...rest] = header.split(';');
    const at = pair.indexOf('=');
    const attributes: Record<string, string | true> = {};
    for (const part of rest) {
      const [key = '', ...value] = part.trim().split('=');
      attributes[key.toLowerCase()] = value.length > 0 ? value.join('=') : true;
    }
    return {
      name: pair.slice(0, at).trim(),
      value: decodeURIComponent(pair.slice(at + 1).trim()),
      attributes,
    };
  });
}

/** Whether a Set-Cookie tells the browser to drop the cookie. */
function removes({ attributes }: SetCookie): boolean {
  const { expires, 'max-age': maxAge } = attributes;
  if (typeof maxAge === 'string') return Number(maxAge) <= 0;
  return typeof expires === 'string' && Date.parse(expires) <= Date.now();
}

/** A request with a JSON body (or none). */
export function jsonRequest(method: string, body?: unknown): RequestInit {
  return body === undefined
    ? { method }
    : { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface SessionRequestOptions {
  /** The X-CSRF-Token to send: default the csrf_token cookie's value; null sends none. */
  csrf?: string | null;
}

export class SessionClient {
  private readonly jar = new Map<string, string>();

  constructor(
    private readonly server: Pick<TestServer, 'at'>,
    cookies: Record<string, string> = {},
  ) {
    for (const [name, value] of Object.entries(cookies)) this.jar.set(name, value);
  }

  get cookies(): Record<string, string> {
    return Object.fromEntries(this.jar);
  }

  get csrfToken(): string | undefined {
    return this.jar.get(CSRF_COOKIE);
  }

  /** Plants a cookie, as a script of a sibling domain could. */
  setCookie(name: string, value: string): void {
    this.jar.set(name, value);
  }

  async fetch(path: string, init: RequestInit = {}, options: SessionRequestOptions = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = [...this.jar].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ');
    if (cookie) headers.set('Cookie', cookie);
    const csrf = options.csrf === undefined ? this.csrfToken : options.csrf;
    if (UNSAFE_METHODS.has((init.method ?? 'GET').toUpperCase()) && csrf != null)
      headers.set('X-CSRF-Token', csrf);
    const response = await fetch(this.server.at(path), { ...init, headers });
    for (const set of setCookiesOf(response)) {
      if (removes(set)) this.jar.delete(set.name);
      else this.jar.set(set.name, set.value);
    }
    return response;
  }

  /** A request with a JSON body (or none), e.g. send('PATCH', 'api/db/x?id=eq.1', {...}). */
  send(method: string, path: string, body?: unknown, options?: SessionRequestOptions): Promise<Response> {
    return this.fetch(path, jsonRequest(method, body), options);
  }

  login(username: string, password: string, headers: Record<string, string> = {}): Promise<Response> {
    const init = jsonRequest('POST', { username, password });
    return this.fetch('api/auth/login', { ...init, headers: { ...init.headers, ...headers } });
  }
}

/**
 * A person an administrator added by name and email, who never signed in (OIDC sign-in and a
 * provider's access tokens find them by email); returns their id.
 */
export async function addPersonByEmail(
  server: Pick<TestServer, 'db'>,
  name: string,
  email: string,
  role: Role,
): Promise<string> {
  const { rows } = await server.db.query<{ id: string }>(
    `insert into people (name, email, roles) values ($1, $2, $3::text[]) returning id`,
    [name, email, [role]],
  );
  const [first, last] = name.split(' ');
  await server.db.query(`insert into identities (id, traits) values ($1, $2::jsonb)`, [
    rows[0]!.id,
    JSON.stringify({ name: { first, last }, email }),
  ]);
  return rows[0]!.id;
}

/** The password of every person createLocalUser makes. */
export const LOCAL_USER_PASSWORD = 'a-password-for-tests';

/** A person with one role who signs in as `username` (email `<username>@example.com`); returns their id. */
export async function createLocalUser(
  server: Pick<TestServer, 'db'>,
  username: string,
  role: Role,
): Promise<string> {
  const { personId } = await createLocalUsers(server.db).create({
    username,
    password: LOCAL_USER_PASSWORD,
    name: `${username} Local`,
    email: `${username}@example.com`,
    roles: [role],
  });
  return personId;
}

/** fetch() with an API token (or anything else) as the Bearer credential. */
export function withToken(
  server: Pick<TestServer, 'at'>,
  token: string,
  path: string,
  init: RequestInit = {},
) {
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${token}`);
  return fetch(server.at(path), { ...init, headers });
}

/** The `message` of a JSON error answer. */
export const messageOf = async (response: Response): Promise<string> =>
  ((await response.json()) as { message: string }).message;

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A session signed in with a username and password; fails the test when sign-in does. */
export async function signIn(
  server: Pick<TestServer, 'at'>,
  username: string,
  password: string,
): Promise<SessionClient> {
  const session = new SessionClient(server);
  const response = await session.login(username, password);
  if (response.status !== 200)
    throw new Error(`sign-in of ${username} answered ${response.status}: ${await response.text()}`);
  return session;
}
