/**
 * esbuild plugin: rewrites `import { Button, Modal } from '@patternfly/react-core'` in our
 * sources into imports of the files that define Button and Modal. esbuild does not drop the
 * stylesheets of modules it tree-shakes away, so a barrel import would ship the CSS of every
 * PatternFly component (1.6 MB); deep imports ship only the CSS of the components used.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';

const PACKAGES = ['@patternfly/react-core', '@patternfly/react-table'];
const EXPORT_DECLARATION =
  /^export (?:declare )?(?:const|let|var|function\*?|class|async function|enum) (\w+)/gm;
const EXPORT_LIST = /^export \{([^}]*)\}(?! from)/gm;
const EXPORT_STAR = /^export \* from ['"](\.[^'"]+)['"]/gm;

/** Export name → the file (package-relative, without extension) that defines it. */
function exportMap(root: string, packageName: string): Map<string, string> {
  const packageDir = path.join(root, 'node_modules', packageName);
  const map = new Map<string, string>();
  const visit = (file: string) => {
    const source = fs.readFileSync(file, 'utf8');
    const here = path.relative(packageDir, file).replace(/\.js$/, '').split(path.sep).join('/');
    for (const [, name] of source.matchAll(EXPORT_DECLARATION)) map.set(name!, `${packageName}/${here}`);
    for (const [, list] of source.matchAll(EXPORT_LIST)) {
      for (const item of list!.split(',')) {
        const name = item
          .trim()
          .split(/\s+as\s+/)
          .pop();
        if (name) map.set(name, `${packageName}/${here}`);
      }
    }
    for (const [, target] of source.matchAll(EXPORT_STAR)) {
      const base = path.resolve(path.dirname(file), target!);
      visit(fs.existsSync(`${base}.js`) ? `${base}.js` : path.join(base, 'index.js'));
    }
  };
  visit(path.join(packageDir, 'dist/esm/index.js'));
  return map;
}

const IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"](@patternfly\/react-(?:core|table))['"];?/g;

export function patternflyDeepImports(root: string): Plugin {
  return {
    name: 'patternfly-deep-imports',
    setup(build) {
      const maps = new Map(PACKAGES.map((name) => [name, exportMap(root, name)]));
      build.onLoad({ filter: /[/\\]web[/\\]src[/\\].*\.tsx?$/ }, async (args) => {
        const source = await fs.promises.readFile(args.path, 'utf8');
        const contents = source.replace(IMPORT, (statement, list: string, packageName: string) => {
          const map = maps.get(packageName)!;
          const kept: string[] = [];
          const deep: string[] = [];
          for (const raw of list
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)) {
            if (raw.startsWith('type ')) continue; // erased by the compiler anyway
            const name = raw.split(/\s+as\s+/)[0]!;
            const file = map.get(name);
            if (file) deep.push(`import { ${raw} } from '${file}.js';`);
            else kept.push(raw);
          }
          return [...deep, kept.length ? `import { ${kept.join(', ')} } from '${packageName}';` : ''].join(
            ' ',
          );
        });
        return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  };
}
