import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Folders of server/src depend on each other one way only: an area that needs another's pieces
 * imports them, never the other way round too, so an area can be read, moved or replaced on its
 * own. A node is a top folder (`kube`, `auth`, `http`) or an area under `platform/`
 * (`platform/health`); a file directly in `platform/` is a node of its own. Left out: the files
 * directly in server/src (the composition root and the settings every folder reads) and tests
 * beside the code (they may use anything as their oracle). `import type` counts: it loads
 * nothing once compiled, but it still ties the two folders' code together.
 */

const SRC = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    const isTest = /\.test\.tsx?$/.test(entry.name) || entry.name.startsWith('test-');
    return /\.tsx?$/.test(entry.name) && !isTest ? [path] : [];
  });
}

/** `./x.js` → the .ts file it names (or its folder's index.ts). */
function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ''));
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(existsSync);
}

function nodeOf(file: string): string | undefined {
  const parts = relative(SRC, file).split('/');
  if (parts.length === 1) return undefined;
  if (parts[0] === 'platform') return parts.length === 2 ? parts.join('/') : `platform/${parts[1]}`;
  return parts[0]!;
}

/** The relative modules a file names: static imports and re-exports (of types too), and import(). */
function loadedModules(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    )
      found.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((specifier) => specifier.startsWith('.'));
}

/** Folder → folder, each edge with one import that makes it ('kube/mirror.ts → platform/db/db.ts'). */
function folderGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(SRC)) {
    const from = nodeOf(file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    for (const specifier of loadedModules(file)) {
      const target = resolveImport(file, specifier);
      const to = target && nodeOf(target);
      if (to && to !== from && !edges.has(to))
        edges.set(to, `${relative(SRC, file)} → ${relative(SRC, target)}`);
    }
  }
  return graph;
}

/** Strongly connected components with more than one node (Tarjan). */
function cycles(graph: Map<string, Map<string, string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/** One way round a component, each step with the import that makes it. */
function cycleText(graph: Map<string, Map<string, string>>, component: string[]): string {
  const members = new Set(component);
  const start = component[0]!;
  // Breadth-first from start back to start, inside the component: the shortest cycle through it.
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!members.has(next) || previous.has(next)) continue;
      previous.set(next, node);
      if (next === start) queue.length = 0;
      else queue.push(next);
    }
  }
  const path = [start];
  for (let node = previous.get(start)!; node !== start; node = previous.get(node)!) path.splice(1, 0, node);
  path.push(start);
  const steps = path.slice(1).map((to, i) => `  ${path[i]} → ${to} (${graph.get(path[i]!)!.get(to)})`);
  return [`${component.join(', ')} depend on each other, e.g. ${path.join(' → ')}:`, ...steps].join('\n');
}

describe('the folders of server/src', () => {
  const graph = folderGraph();

  it('sees the folders it should check', () => {
    for (const folder of [
      'platform/health',
      'platform/specs',
      'platform/rest',
      'platform/db',
      'platform/demo',
      'kube',
      'auth',
    ])
      expect(graph.has(folder)).toBe(true);
    expect(graph.get('platform/specs')?.has('kube')).toBe(true);
    // Made by `import type` alone (the session store names the Db shape).
    expect(graph.get('auth')?.get('platform/db')).toMatch(/^auth\/[\w-]+\.ts → platform\/db\/db\.ts$/);
  });

  it('import each other one way only', () => {
    const found = cycles(graph).map((component) => cycleText(graph, component));
    expect(found).toEqual([]);
  });
});
