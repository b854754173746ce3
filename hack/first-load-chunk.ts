/**
 * One chunk for the modules the main first-load pages load. esbuild splits code by the set of entry
 * points (the entry and each `import()` target) that reach a module, so the shell and a page's
 * first load came as some sixty files, most under 2 KB; over HTTP/1.1's six connections a
 * browser fetched them in a dozen round trips, each a hop through the browser's processes and the
 * server on a machine the first render keeps busy. A module that every entry point reaches has
 * one such set, so these modules are made reachable from every entry point: each entry imports a
 * module that imports them all, and esbuild puts them in one chunk. Every module those pages load
 * first is listed, so they come as a few files; other pages load them too.
 */
import path from 'node:path';
import type { Metafile, Plugin } from 'esbuild';
import type { FirstLoad } from '../common/first-load.js';
import { initialFiles, lazyFiles } from './bundle-report.js';

const SHARED = 'ops-console:first-load-shared';
const SCRIPT = /\.(m?js|cjs|jsx?|tsx?)$/;

/** The entry points of a build (its entry and every module some `import()` loads). */
export function entryModules(metafile: Metafile): Set<string> {
  const entries = new Set<string>();
  for (const [input, { imports }] of Object.entries(metafile.inputs)) {
    if (!input.includes('node_modules/') && input.startsWith('web/src/main.')) entries.add(input);
    for (const { path: imported, kind } of imports) if (kind === 'dynamic-import') entries.add(imported);
  }
  return entries;
}

/** The scripts any page of `pages` loads first, but no entry point: theirs stay in their files. */
export function sharedFirstLoadModules(metafile: Metafile, pages: FirstLoad[]): string[] {
  const entries = entryModules(metafile);
  const inputsOf = (page: FirstLoad) =>
    new Set(
      [...initialFiles(metafile).js, ...lazyFiles(metafile, page.modules)].flatMap((file) =>
        Object.keys(metafile.outputs[file]!.inputs),
      ),
    );
  const inputs = new Set(pages.flatMap((page) => [...inputsOf(page)]));
  return [...inputs].filter((input) => SCRIPT.test(input) && !entries.has(input));
}

/**
 * Provides the module that imports `modules` (paths from `root`); each entry point's source ends
 * with `importShared` (added where our sources are loaded, patternfly-imports.ts).
 */
export function sharedChunk(root: string, modules: string[]): Plugin {
  return {
    name: 'first-load-shared-chunk',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${SHARED}$`) }, () => ({ path: SHARED, namespace: SHARED }));
      build.onLoad({ filter: /.*/, namespace: SHARED }, () => ({
        // Namespace imports, not bare ones: esbuild ignores a bare import of a module marked as
        // free of side effects (and says so); what is unused here is still dropped.
        contents: [
          ...modules.map((module, k) => `import * as m${k} from ${JSON.stringify(path.join(root, module))};`),
          `export { ${modules.map((_, k) => `m${k}`).join(', ')} };`,
        ].join('\n'),
        resolveDir: root,
        loader: 'js',
      }));
    },
  };
}

/** The line an entry's source ends with to reach the shared modules. */
export const importShared = `\nimport ${JSON.stringify(SHARED)};\n`;
