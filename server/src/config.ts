import path from 'node:path';
import { Ajv } from 'ajv';

/** Every setting of the service, read from the environment once and validated. */
export interface Config {
  port: number;
  /** Always starts and ends with '/', e.g. '/' or '/console/'. */
  basePath: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Load demo data into an empty database. */
  demoData: boolean;
  /** Largest accepted request body, in bytes. */
  bodyLimitBytes: number;
  /** How long shutdown waits for open requests before closing anyway. */
  shutdownTimeoutMs: number;
  /** Most rows one /api/db read answers (PostgREST's db-max-rows). */
  apiMaxRows: number;
}

const schema = {
  type: 'object',
  properties: {
    PORT: { type: 'integer', minimum: 1, maximum: 65535, default: 8080 },
    BASE_PATH: { type: 'string', pattern: '^/([A-Za-z0-9._~-]+/?)*$', default: '/' },
    DATA_DIR: { type: 'string', minLength: 1, default: './data' },
    DATABASE_URL: { type: 'string', pattern: '^postgres(ql)?://' },
    LOG_LEVEL: {
      type: 'string',
      enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      default: 'info',
    },
    DEMO_DATA: { type: 'boolean', default: true },
    BODY_LIMIT: { type: 'string', pattern: '^[0-9]+(b|kb|mb)?$', default: '1mb' },
    SHUTDOWN_TIMEOUT_MS: { type: 'integer', minimum: 0, default: 10000 },
    API_MAX_ROWS: { type: 'integer', minimum: 1, default: 1000 },
  },
} as const;

const explain: Record<string, string> = {
  PORT: 'must be a whole number from 1 to 65535',
  BASE_PATH: "must be a URL path such as '/' or '/console/'",
  DATA_DIR: 'must be a directory path',
  DATABASE_URL: 'must be a postgres:// or postgresql:// URL',
  LOG_LEVEL: 'must be one of fatal, error, warn, info, debug, trace, silent',
  DEMO_DATA: 'must be true or false',
  BODY_LIMIT: "must be a size such as '512kb' or '1mb'",
  SHUTDOWN_TIMEOUT_MS: 'must be a whole number of milliseconds',
  API_MAX_ROWS: 'must be a whole number of at least 1',
};

/** A configuration problem: the message names the variable and what is wrong with it. */
export class ConfigError extends Error {}

const validate = new Ajv({ coerceTypes: true, useDefaults: true, allErrors: false }).compile(schema);

function parseSize(text: string): number {
  const match = /^([0-9]+)(b|kb|mb)?$/.exec(text)!;
  const unit = { b: 1, kb: 1024, mb: 1024 * 1024 }[match[2] ?? 'b'] as number;
  return Number(match[1]) * unit;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(schema.properties)) {
    const raw = env[key];
    if (raw !== undefined && raw !== '')
      values[key] = key === 'BODY_LIMIT' ? raw.trim().toLowerCase() : raw.trim();
  }
  if (!validate(values)) {
    const error = validate.errors![0]!;
    const name = error.instancePath.replace(/^\//, '');
    throw new ConfigError(`${name}=${JSON.stringify(env[name])}: ${explain[name] ?? error.message}`);
  }
  let basePath = values.BASE_PATH as string;
  if (!basePath.endsWith('/')) basePath += '/';
  return {
    port: values.PORT as number,
    basePath,
    dataDir: path.resolve(values.DATA_DIR as string),
    databaseUrl: values.DATABASE_URL as string | undefined,
    logLevel: values.LOG_LEVEL as Config['logLevel'],
    demoData: values.DEMO_DATA as boolean,
    bodyLimitBytes: parseSize(values.BODY_LIMIT as string),
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_MS as number,
    apiMaxRows: values.API_MAX_ROWS as number,
  };
}
