// Jest transformer: TypeScript and JSX to ES modules with esbuild (already the build's
// compiler; its platform binaries install everywhere). Types are checked by `npm run lint`.
// The UI's PatternFly imports are taken from the files that define them, as the build does:
// jest would otherwise evaluate each barrel (thousands of modules) once per test file.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';
import { deepPatternflyImports, exportMap, iconModules } from '../../hack/patternfly-exports.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const webSources = path.join(root, 'web/src') + path.sep;
const loaders = { '.ts': 'ts', '.tsx': 'tsx', '.jsx': 'jsx', '.js': 'js', '.mjs': 'js' };

let patternflyModules;
const patternfly = () =>
  (patternflyModules ??= new Map([
    ['@patternfly/react-core', exportMap(root, '@patternfly/react-core')],
    ['@patternfly/react-table', exportMap(root, '@patternfly/react-table')],
    ['@patternfly/react-icons', iconModules(root)],
  ]));

export default {
  process(sourceText, sourcePath) {
    const extension = sourcePath.slice(sourcePath.lastIndexOf('.'));
    const source = sourcePath.startsWith(webSources)
      ? deepPatternflyImports(sourceText, patternfly(), 'js')
      : sourceText;
    const { code, map } = transformSync(source, {
      loader: loaders[extension] ?? 'js',
      format: 'esm',
      target: 'node20',
      jsx: 'automatic',
      sourcemap: 'external',
      sourcefile: sourcePath,
    });
    return { code, map };
  },
};
