/**
 * esbuild plugin: react-router's production build. The package's exports name only its
 * development build for every bundler (remix-run/react-router#14102), which differs from the
 * production one by its development warnings being on.
 */
import path from 'node:path';
import type { Plugin } from 'esbuild';

const ENTRIES: Record<string, string> = {
  'react-router': 'index.mjs',
  'react-router/dom': 'dom-export.mjs',
};

export function reactRouterProduction(root: string): Plugin {
  return {
    name: 'react-router-production',
    setup(build) {
      build.onResolve({ filter: /^react-router(\/dom)?$/ }, (args) => ({
        path: path.join(root, 'node_modules/react-router/dist/production', ENTRIES[args.path]!),
      }));
    },
  };
}
