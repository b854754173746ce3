/**
 * esbuild plugin: rewrites `import { Button, Modal } from '@patternfly/react-core'` in our
 * sources into imports of the files that define Button and Modal (and of an icon's own file). esbuild does not drop the
 * stylesheets of modules it tree-shakes away, so a barrel import would ship the CSS of every
 * PatternFly component (1.6 MB); deep imports ship only the CSS of the components used.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { deepPatternflyImports, exportMap, iconModules } from './patternfly-exports.js';

const PACKAGES = ['@patternfly/react-core', '@patternfly/react-table'];

/** `append` gives what a source (its path from `root`) ends with, if anything (first-load-chunk.ts). */
export function patternflyDeepImports(root: string, append?: (file: string) => string | undefined): Plugin {
  return {
    name: 'patternfly-deep-imports',
    setup(build) {
      const maps = new Map<string, { get(name: string): string | undefined }>([
        ...PACKAGES.map((name) => [name, exportMap(root, name)] as const),
        // The icons too: through the barrel, every icon any page uses joined the first-load chunk.
        ['@patternfly/react-icons', iconModules(root)],
      ]);
      build.onLoad({ filter: /[/\\]web[/\\]src[/\\].*\.tsx?$/ }, async (args) => {
        const source = await fs.promises.readFile(args.path, 'utf8');
        const contents =
          deepPatternflyImports(source, maps) +
          (append?.(path.relative(root, args.path).split(path.sep).join('/')) ?? '');
        return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  };
}
