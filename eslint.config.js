import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'coverage/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  {
    // CommonJS by necessity: jest loads test environments and stand-in modules with require().
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // The UI imports nothing from the server except types (DESIGN §2).
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**'],
              allowTypeImports: true,
              message: 'web/ may only import types from server/',
            },
          ],
        },
      ],
    },
  },
  {
    // The UI asks whoami (useCan, <Can>) what a person may do; it never decides from role names.
    // The role picker takes its choices from common/roles.ts.
    files: ['web/**/*.{ts,tsx}'],
    ignores: ['web/**/*.test.{ts,tsx}', 'web/**/test-support.tsx', 'web/**/*-test-kit.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^(admin|editor|commander|responder|viewer)$/]',
          message:
            'No role names in web/: ask useCan(resource | action) or <Can> (actions come from whoami).',
        },
      ],
    },
  },
  {
    // Tests may use the server's pure modules as their oracle (never bundled into the UI).
    files: ['web/**/*.test.{ts,tsx}', 'web/**/test-support.tsx'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // common/: rules both sides import as values, so it runs in Node and in the browser alike.
    // It imports only its own files (tsconfig.json beside it has no Node or DOM types either).
    files: ['common/**/*.ts'],
    ignores: ['common/**/*.test.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./[\\w.-]+$)',
              message: 'common/ imports only its own files: nothing from Node, packages, server/ or web/.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'process', 'Buffer', 'window', 'document', 'require', 'global'],
    },
  },
);
