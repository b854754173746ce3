import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The UI imports nothing from the server except types (DESIGN §2).
const SERVER_TYPES_ONLY = {
  group: ['**/server/**'],
  allowTypeImports: true,
  message: 'web/ may only import types from server/',
};

// One home per feature, one way in (STYLE.md): a feature is a folder under web/src/features/ (and
// each under features/settings/); code outside it imports it only through its index.ts. The rule
// is the core no-restricted-imports with, per folder, the relative paths that lead into every
// other feature (a pattern sees the import as written, so it is worked out for each folder).
const WEB_SRC = 'web/src';
const FEATURES = `${WEB_SRC}/features`;
const ROOT = path.dirname(fileURLToPath(import.meta.url));
const subfolders = (dir) =>
  fs
    .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${dir}/${entry.name}`);
const FEATURE_DIRS = subfolders(FEATURES).flatMap((dir) =>
  dir === `${FEATURES}/settings` ? subfolders(dir) : [dir],
);
const folderTree = (dir) => [dir, ...subfolders(dir).flatMap(folderTree)];
const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where `dir`'s imports may not reach: every other feature's files but its index.ts. */
function featureBoundaries(dir) {
  const others = FEATURE_DIRS.filter((feature) => dir !== feature && !dir.startsWith(`${feature}/`));
  return others.map((feature) => {
    let relative = path.posix.relative(dir, feature);
    if (!relative.startsWith('.')) relative = `./${relative}`;
    return {
      // A slash written as \x2F: selectors (below) cannot hold one in a regular expression.
      regex: `^${escapeRegex(relative).replaceAll('/', '\\x2F')}\\x2F(?!index\\.js$)`,
      message: `Import ${feature.slice(FEATURES.length + 1)} through its index.ts, not its files.`,
    };
  });
}

// The UI asks whoami (useCan, <Can>) what a person may do; it never decides from role names.
// The role picker takes its choices from common/roles.ts.
const NO_ROLE_NAMES = {
  selector: 'Literal[value=/^(admin|editor|commander|responder|viewer)$/]',
  message: 'No role names in web/: ask useCan(resource | action) or <Can> (actions come from whoami).',
};

const featureBoundaryBlocks = folderTree(WEB_SRC).map((dir) => {
  const boundaries = featureBoundaries(dir);
  return {
    files: [`${dir}/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [SERVER_TYPES_ONLY, ...boundaries] }],
      // The same for import(), which no-restricted-imports does not look at.
      'no-restricted-syntax': [
        'error',
        NO_ROLE_NAMES,
        ...boundaries.map(({ regex, message }) => ({
          selector: `ImportExpression[source.value=/${regex}/]`,
          message,
        })),
      ],
    },
  };
});

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
  },
  ...featureBoundaryBlocks,
  {
    // The route map loads each page lazily from its own file, so every page is a chunk of its own.
    files: [`${WEB_SRC}/routes.tsx`],
    rules: { 'no-restricted-syntax': ['error', NO_ROLE_NAMES] },
  },
  {
    // Tests may use the server's pure modules as their oracle, and other features' fixtures
    // (never bundled into the UI).
    files: ['web/**/*.test.{ts,tsx}', 'web/**/test-support.{ts,tsx}', 'web/**/*-test-kit.tsx'],
    rules: { 'no-restricted-imports': 'off', 'no-restricted-syntax': 'off' },
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
