// Two projects: `unit` (beside the code, no server) and `integration` (tests/, start the real server).

const common = {
  transform: { '^.+\\.(t|j)sx?$': '<rootDir>/tests/support/esbuild-jest-transform.js' },
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  // Source imports say './x.js' (Node ESM); jest resolves them to the .ts file.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
};

export default {
  // Integration tests start servers and databases; jest ignores this setting per project.
  testTimeout: 60000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testEnvironment: 'node',
      roots: ['<rootDir>/server/src', '<rootDir>/web/src'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
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
