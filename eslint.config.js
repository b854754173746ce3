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

const featureBoundaryBlocks = folderTree(WEB_SRC).map((dir) => {
  const boundaries = featureBoundaries(dir);
  return {
    files: [`${dir}/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [SERVER_TYPES_ONLY, ...boundaries] }],
      // The same for import(), which no-restricted-imports does not look at.
      'no-restricted-syntax': [
        'error',
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
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Tests may use the server's pure modules as their oracle, and other features' fixtures
    // (never bundled into the UI).
    files: ['web/**/*.test.{ts,tsx}', 'web/**/test-support.{ts,tsx}', 'web/**/*-test-kit.tsx'],
    rules: { 'no-restricted-imports': 'off', 'no-restricted-syntax': 'off' },
  },
);
