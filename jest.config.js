// Three projects: `unit` (server code, node), `web` (UI code, jsdom) and `integration` (tests/, start the real server).
import os from 'node:os';

const common = {
  transform: { '^.+\\.(t|j)sx?$': '<rootDir>/tests/support/esbuild-jest-transform.js' },
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  // Source imports say './x.js' (Node ESM); jest resolves them to the .ts file.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
};

export default {
  // A safety net for a test that hangs, not a speed limit: tests wait for conditions, and on a
  // busy machine a page test's lazy chunks or a database copy can take a while. Above Testing
  // Library's asyncUtilTimeout (tests/support/web-setup.ts). Jest takes it for all projects.
  testTimeout: 120_000,
  // Two workers a core: the suites spend much of their time waiting (on the servers and
  // databases they start, on job intervals and polls), and a worker per core left a quarter of
  // the cores idle. The whole run on a quiet 2-core machine took 869 s with two workers, 682 s
  // with three and 562 s with four, every test passing (docs/decisions.md, "Test wall time").
  // Each worker holds its own databases: no more than one per 2 GiB of memory.
  maxWorkers: Math.max(2, Math.min(os.availableParallelism() * 2, Math.floor(os.totalmem() / 2 ** 31))),
  projects: [
    {
      ...common,
      displayName: 'unit',
      testEnvironment: 'node',
      // common/: the rules server and web share, tested once with the server's tests;
      // tests/bench: the bench's pure helpers (its timings stay out of the tests).
      roots: ['<rootDir>/server/src', '<rootDir>/common', '<rootDir>/tests/bench'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      // PGlite templates that tests copy (server/src/platform/db/test-database.ts).
      globalSetup: '<rootDir>/tests/support/global-setup-pglite.js',
      globalTeardown: '<rootDir>/tests/support/global-teardown.js',
    },
    {
      ...common,
      displayName: 'web',
      testEnvironment: '<rootDir>/tests/support/jsdom-environment.cjs',
      roots: ['<rootDir>/web/src'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/tests/support/web-setup.ts'],
      moduleNameMapper: {
        ...common.moduleNameMapper,
        // PatternFly's components import their stylesheets; jsdom has no use for them.
        '\\.css$': '<rootDir>/tests/support/empty-module.cjs',
      },
    },
    {
      ...common,
      displayName: 'integration',
      testEnvironment: 'node',
      roots: ['<rootDir>/tests'],
      testMatch: ['<rootDir>/tests/integration/**/*.test.ts'],
      globalSetup: '<rootDir>/tests/support/global-setup.js',
      globalTeardown: '<rootDir>/tests/support/global-teardown.js',
    },
  ],
};
