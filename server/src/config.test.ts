import path from 'node:path';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('gives the documented defaults with an empty environment', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      basePath: '/',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      logLevel: 'info',
      demoData: true,
      bodyLimitBytes: 1024 * 1024,
      shutdownTimeoutMs: 10000,
      apiMaxRows: 1000,
    });
  });

  it('reads every setting from the environment', () => {
    const config = loadConfig({
      PORT: '9090',
      BASE_PATH: '/console',
      DATA_DIR: '/var/lib/ops',
      DATABASE_URL: 'postgres://ops@db:5432/ops',
      LOG_LEVEL: 'debug',
      DEMO_DATA: 'false',
      BODY_LIMIT: '512KB',
      API_MAX_ROWS: '250',
    });
    expect(config).toMatchObject({
      port: 9090,
      basePath: '/console/',
      dataDir: '/var/lib/ops',
      databaseUrl: 'postgres://ops@db:5432/ops',
      logLevel: 'debug',
      demoData: false,
      bodyLimitBytes: 512 * 1024,
      apiMaxRows: 250,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT="eighty": must be a whole number from 1 to 65535'],
    [{ PORT: '70000' }, 'PORT="70000": must be a whole number from 1 to 65535'],
    [{ BASE_PATH: 'console' }, `BASE_PATH="console": must be a URL path such as '/' or '/console/'`],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL="mysql://x": must be a postgres:// or postgresql:// URL'],
    [
      { LOG_LEVEL: 'loud' },
      'LOG_LEVEL="loud": must be one of fatal, error, warn, info, debug, trace, silent',
    ],
    [{ DEMO_DATA: 'maybe' }, 'DEMO_DATA="maybe": must be true or false'],
    [{ API_MAX_ROWS: '0' }, 'API_MAX_ROWS="0": must be a whole number of at least 1'],
  ])('refuses %j naming the variable and the problem', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });
});
