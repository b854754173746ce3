import type { Role } from '../../server/src/access/roles.js';
import { createApiTokenStore } from '../../server/src/auth/api-token-store.js';
import { saveIdentity } from '../../server/src/auth/identities.js';
import { loadConfig, type Config } from '../../server/src/config.js';
import type { Logger } from '../../server/src/http/logging.js';
import type { ScraperKind } from '../../server/src/platform/catalog/index.js';
import { startServer, type RunningServer } from '../../server/src/server.js';
import { freshDatabase, type Backend, type Template } from './databases.js';

/** The local 'admin' user's password on every test server (ADMIN_PASSWORD). */
export const ADMIN_PASSWORD = 'admin-password-for-tests';

/** Who a test request acts as: a role (a person with only that role), or nobody. */
export type Caller = Role | 'anonymous';

export interface TestServer extends RunningServer {
  config: Config;
  /** Absolute URL of a path under the console's base path, e.g. at('api/db/checks'). */
  at(relativePath: string): string;
  /**
   * fetch() of a path under the base, as the caller (default: admin) with their API token.
   * 'admin' is the local administrator created at first start.
   */
  fetch(relativePath: string, init?: RequestInit, as?: Caller): Promise<Response>;
  /** An API token of a person with exactly this role, made once per server. */
  tokenFor(role: Role): Promise<string>;
  /** The id of the person behind tokenFor(role). */
  personFor(role: Role): Promise<string>;
  /** Closes the server and removes its database. */
  stop(): Promise<void>;
}

export interface TestServerOptions {
  backend?: Backend;
  template?: Template;
  /** Extra environment settings, as an operator would give them. */
  env?: Record<string, string>;
  webDir?: string;
  /** Where the server logs (default: nowhere, LOG_LEVEL=silent), for a suite that reads the log. */
  logger?: Logger;
  /** The scraper kinds the server runs (default: the console's own). */
  scraperKinds?: readonly ScraperKind[];
}

/** The real service on a free port, against a fresh copy of a template database. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = await freshDatabase(options.backend ?? 'pglite', options.template ?? 'demo');
  const config: Config = {
    ...loadConfig({
      DATA_DIR: database.dataDir,
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
      LOG_LEVEL: 'silent',
      DEMO_DATA: 'false',
      ADMIN_PASSWORD,
      // The check runner would write results while suites count rows; suites about it turn it on.
      CHECK_RUNNER_ENABLED: 'false',
      // Incident rules and definition-of-done scripts would open and resolve incidents likewise;
      // their suites run the tasks themselves.
      INCIDENT_AUTOMATION_ENABLED: 'false',
      // The demo's local topology would be built while suites count components; its suite turns it on.
      TOPOLOGY_BUILDER_ENABLED: 'false',
      ...options.env,
    }),
    port: 0,
  };
  let server: RunningServer;
  try {
    server = await startServer(config, {
      webDir: options.webDir,
      logger: options.logger,
      scraperKinds: options.scraperKinds,
    });
  } catch (error) {
    await database.drop();
    throw error;
  }
  const tokens = createApiTokenStore(server.db);
  const people = new Map<Role, Promise<{ personId: string; token: string }>>();

  const personWith = (role: Role) => {
    if (!people.has(role)) people.set(role, createPerson(role));
    return people.get(role)!;
  };
  async function createPerson(role: Role) {
    let personId: string;
    if (role === 'admin' && !config.auth.oidc) {
      const { rows } = await server.db.query<{ person_id: string }>(
        `select person_id from _local_credentials where username = 'admin'`,
      );
      personId = rows[0]!.person_id;
    } else {
      const first = role[0]!.toUpperCase() + role.slice(1);
      const { rows } = await server.db.query<{ id: string }>(
        `insert into people (name, email, roles) values ($1, $2, $3::text[]) returning id`,
        [`${first} Tester`, `${role}.tester@example.com`, [role]],
      );
      personId = rows[0]!.id;
      await saveIdentity(server.db, personId, {
        name: { first, last: 'Tester' },
        email: `${role}.tester@example.com`,
      });
    }
    const { token } = await tokens.create(personId, `tests (${role})`);
    return { personId, token };
  }

  const at = (relativePath: string) => new URL(relativePath, server.url).toString();
  return {
    ...server,
    config,
    at,
    async fetch(relativePath, init = {}, as = 'admin') {
      const headers = new Headers(init.headers);
      if (as !== 'anonymous') headers.set('Authorization', `Bearer ${(await personWith(as)).token}`);
      return fetch(at(relativePath), { ...init, headers });
    },
    tokenFor: async (role) => (await personWith(role)).token,
    personFor: async (role) => (await personWith(role)).personId,
    async stop() {
      await server.close();
      await database.drop();
    },
  };
}
