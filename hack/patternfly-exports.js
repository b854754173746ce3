/**
 * Where each PatternFly export is defined, and a rewrite of `import { Button } from
 * '@patternfly/react-core'` into imports of those files. The build uses it (esbuild keeps the
 * stylesheets of modules it tree-shakes away, so a barrel import ships every component's CSS), and
 * so do the UI tests (jest evaluates a whole barrel for each test file: react-icons alone is 5,770
 * modules, seconds per file). Plain JavaScript so jest's transformer can load it as it is.
 */
import fs from 'node:fs';
import path from 'node:path';

const EXPORT_DECLARATION =
  /^export (?:declare )?(?:const|let|var|function\*?|class|async function|enum) (\w+)/gm;
const EXPORT_LIST = /^export \{([^}]*)\}(?! from)/gm;
const EXPORT_STAR = /^export \* from ['"](\.[^'"]+)['"]/gm;

/**
 * Export name → the module (package-relative, ESM build, no extension) that defines it, read from
 * the package's ESM entry and the files it re-exports.
 * @param {string} root the project's root, holding node_modules
 * @param {string} packageName e.g. '@patternfly/react-core'
 * @returns {Map<string, string>}
 */
export function exportMap(root, packageName) {
  const packageDir = path.join(root, 'node_modules', packageName);
  const map = new Map();
  const visit = (file) => {
    const source = fs.readFileSync(file, 'utf8');
    const here = path.relative(packageDir, file).replace(/\.js$/, '').split(path.sep).join('/');
    for (const [, name] of source.matchAll(EXPORT_DECLARATION)) map.set(name, `${packageName}/${here}`);
    for (const [, list] of source.matchAll(EXPORT_LIST)) {
      for (const item of list.split(',')) {
        const name = item
          .trim()
          .split(/\s+as\s+/)
          .pop();
        if (name) map.set(name, `${packageName}/${here}`);
      }
    }
    for (const [, target] of source.matchAll(EXPORT_STAR)) {
      const base = path.resolve(path.dirname(file), target);
      visit(fs.existsSync(`${base}.js`) ? `${base}.js` : path.join(base, 'index.js'));
    }
  };
  visit(path.join(packageDir, 'dist/esm/index.js'));
  return map;
}

/**
 * The icons of @patternfly/react-icons: each `XxxIcon` lives in `dist/esm/icons/xxx-icon.js`.
 * A lookup rather than a map: the package has thousands, a file imports a few.
 * @param {string} root
 * @returns {{ get(name: string): string | undefined }}
 */
export function iconModules(root) {
  const iconsDir = path.join(root, 'node_modules/@patternfly/react-icons/dist/esm/icons');
  return {
    get(name) {
      if (!/^[A-Z]\w*Icon$/.test(name)) return undefined;
      // EllipsisVIcon → ellipsis-v-icon: a word starts at a capital after a lower case letter or digit, or
      // at a capital followed by a lower case letter after another capital.
      const file = name.replace(/(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/g, '-').toLowerCase();
      return fs.existsSync(path.join(iconsDir, `${file}.js`))
        ? `@patternfly/react-icons/dist/esm/icons/${file}`
        : undefined;
    },
  };
}

const IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"](@patternfly\/react-[a-z]+)['"];?/g;

/**
 * The source with its named imports from the packages of `maps` taken from the files that
 * define them; names no map knows stay on the barrel import, type-only names are dropped.
 * @param {string} source
 * @param {Map<string, { get(name: string): string | undefined }>} maps package name → lookup
 * @param {'esm' | 'js'} build which of PatternFly's builds to import: ES modules, or CommonJS
 * @returns {string}
 */
export function deepPatternflyImports(source, maps, build = 'esm') {
  return source.replace(IMPORT, (statement, list, packageName) => {
    const map = maps.get(packageName);
    if (!map) return statement;
    const kept = [];
    const deep = [];
    for (const raw of list
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      if (raw.startsWith('type ')) continue; // erased by the compiler anyway
      const file = map.get(raw.split(/\s+as\s+/)[0]);
      const module = file && (build === 'js' ? file.replace('/dist/esm/', '/dist/js/') : file);
      if (module) deep.push(`import { ${raw} } from '${module}.js';`);
      else kept.push(raw);
    }
    return [...deep, kept.length ? `import { ${kept.join(', ')} } from '${packageName}';` : ''].join(' ');
  });
}
