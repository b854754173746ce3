// Jest transformer: TypeScript and JSX to ES modules with esbuild (already the build's
// compiler; its platform binaries install everywhere). Types are checked by `npm run lint`.
import { transformSync } from 'esbuild';

const loaders = { '.ts': 'ts', '.tsx': 'tsx', '.jsx': 'jsx', '.js': 'js', '.mjs': 'js' };

export default {
  process(sourceText, sourcePath) {
    const extension = sourcePath.slice(sourcePath.lastIndexOf('.'));
    const { code, map } = transformSync(sourceText, {
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
