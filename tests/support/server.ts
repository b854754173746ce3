import { loadConfig, type Config } from '../../server/src/config.js';
import { startServer, type RunningServer } from '../../server/src/server.js';
import { freshDatabase, type Backend, type Template } from './databases.js';

export interface TestServer extends RunningServer {
  config: Config;
  /** Absolute URL of a path under the console's base path, e.g. api('api/db/checks'). */
  at(relativePath: string): string;
  /** Closes the server and removes its database. */
  stop(): Promise<void>;
}

export interface TestServerOptions {
  backend?: Backend;
  template?: Template;
  /** Extra environment settings, as an operator would give them. */
  env?: Record<string, string>;
  webDir?: string;
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
      ...options.env,
    }),
    port: 0,
  };
  try {
    const server = await startServer(config, { webDir: options.webDir });
    return {
      ...server,
      config,
      at: (relativePath) => new URL(relativePath, server.url).toString(),
      async stop() {
        await server.close();
        await database.drop();
      },
    };
  } catch (error) {
    await database.drop();
    throw error;
  }
}
