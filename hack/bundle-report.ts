/**
 * What a browser downloads before the first render (the entry, the chunks it imports
 * statically and its stylesheet) and what one lazy-loaded route adds, from esbuild's metafile.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Metafile } from 'esbuild';

export interface Size {
  raw: number;
  gzip: number;
  files: number;
}

export interface BundleReport {
  initialJs: Size;
  /** The render-blocking stylesheet: what the first load's pages use (hack/css-prune.ts). */
  initialCss: Size;
  /** The other pages' stylesheet (REST_STYLESHEET), fetched after the first screen or before another page. */
  restCss: Size;
  /** The lazily loaded modules' chunks (e.g. the shell layout and one page) and the chunks they import that the initial load did not bring. */
  routeJs: Size;
}

const ENTRY = 'web/src/main.tsx';

/** The stylesheet of a web build's pages other than the first load's: `assets/rest-HASH.css`. */
export const REST_STYLESHEET = /(^|\/)assets\/rest-[A-Z0-9]{8}\.css$/;

function closure(metafile: Metafile, start: string[], known = new Set<string>()): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || known.has(file)) return;
    seen.add(file);
    for (const { path: imported, kind } of metafile.outputs[file]?.imports ?? []) {
      if (kind === 'import-statement' && !imported.startsWith('http')) visit(imported);
    }
  };
  start.forEach(visit);
  return seen;
}

function sizeOf(root: string, files: Iterable<string>): Size {
  const size = { raw: 0, gzip: 0, files: 0 };
  for (const file of files) {
    const bytes = fs.readFileSync(path.join(root, file));
    size.raw += bytes.length;
    size.gzip += gzipSync(bytes).length;
    size.files += 1;
  }
  return size;
}

/**
 * `lazyModules` are the source files loaded lazily to show one page, e.g. the shell layout and
 * 'web/src/shell/screens/NotBuiltPage.tsx'.
 */
function entryOutput(metafile: Metafile): [string, Metafile['outputs'][string]] {
  const entry = Object.entries(metafile.outputs).find(
    ([file, out]) => out.entryPoint === ENTRY && file.endsWith('.js'),
  );
  if (!entry) throw new Error(`no output for ${ENTRY}`);
  return entry;
}

/** The source modules a browser runs before the first render. */
export function initialModules(metafile: Metafile): Set<string> {
  const files = closure(metafile, [entryOutput(metafile)[0]]);
  return new Set([...files].flatMap((file) => Object.keys(metafile.outputs[file]!.inputs)));
}

/** The output files of the first load: the entry's JavaScript with what it imports statically, and its stylesheet. */
export function initialFiles(metafile: Metafile): { js: string[]; css: string[] } {
  const entry = entryOutput(metafile);
  return { js: [...closure(metafile, [entry[0]])], css: entry[1].cssBundle ? [entry[1].cssBundle] : [] };
}

/**
 * The chunks that lazily loaded `modules` add to the first load: theirs and what they import
 * statically. A module the UI imports dynamically has a file of its own that `import()` asks for,
 * which may only re-export its code from a shared chunk: that file is the module's.
 */
export function lazyFiles(metafile: Metafile, modules: string[]): string[] {
  const outputs = Object.entries(metafile.outputs);
  const chunks = modules.map((module) => {
    const isJs = ([file]: [string, unknown]) => file.endsWith('.js');
    const chunk =
      outputs.find((output) => isJs(output) && output[1].entryPoint === module) ??
      outputs.find((output) => isJs(output) && output[1].inputs[module] !== undefined);
    if (!chunk) throw new Error(`${module} is not in the bundle`);
    return chunk[0];
  });
  return [...closure(metafile, chunks, new Set(initialFiles(metafile).js))];
}

export function bundleReport(root: string, metafile: Metafile, lazyModules: string[]): BundleReport {
  const initial = initialFiles(metafile);
  return {
    initialJs: sizeOf(root, initial.js),
    initialCss: sizeOf(root, initial.css),
    restCss: sizeOf(
      root,
      Object.keys(metafile.outputs).filter((file) => REST_STYLESHEET.test(file)),
    ),
    routeJs: sizeOf(root, lazyFiles(metafile, lazyModules)),
  };
}

/**
 * Refuses a build whose first load of a page (the entry and the page's lazy modules) passes
 * `limitBytes` of gzipped JavaScript; the message names the page and the heaviest packages.
 */
export function checkJsBudget(
  root: string,
  metafile: Metafile,
  page: { path: string; modules: string[] },
  limitBytes: number,
): void {
  const report = bundleReport(root, metafile, page.modules);
  const total = report.initialJs.gzip + report.routeJs.gzip;
  if (total <= limitBytes) return;
  const files = [...initialFiles(metafile).js, ...lazyFiles(metafile, page.modules)];
  throw new Error(
    [
      `The JavaScript of /${page.path}'s first load is ${kb(total)} gzip, over its budget of ${kb(limitBytes)}.`,
      `Load what the page does not show at once lazily (import() in the component that needs it).`,
      `Largest sources in that load (minified, before gzip):`,
      ...heaviestSources(metafile, files).map(([name, bytes]) => `  ${kb(bytes).padStart(10)}  ${name}`),
    ].join('\n'),
  );
}

/**
 * Refuses a build whose first-load stylesheet passes `limitBytes` gzipped; the message names the
 * stylesheets that weigh most in it.
 */
export function checkCssBudget(root: string, metafile: Metafile, limitBytes: number): void {
  const { css } = initialFiles(metafile);
  const total = sizeOf(root, css).gzip;
  if (total <= limitBytes) return;
  throw new Error(
    [
      `The CSS of the first load is ${kb(total)} gzip, over its budget of ${kb(limitBytes)}.`,
      `Import the stylesheets of the components used (deep imports), not a package's whole CSS.`,
      `Largest stylesheets in it (before pruning and gzip):`,
      ...heaviestSources(metafile, css, fileOf).map(
        ([name, bytes]) => `  ${kb(bytes).padStart(10)}  ${name}`,
      ),
    ].join('\n'),
  );
}

const packageOf = (input: string) => {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  return inPackage ? inPackage[1]! : path.dirname(input);
};

/** A source file's path from its package's name on ('@patternfly/react-styles/css/…/table.css'). */
const fileOf = (input: string) => input.replace(/^.*node_modules\//, '');

/** Bytes in the output per package (or per source folder, or per `nameOf`), largest first. */
function heaviestSources(
  metafile: Metafile,
  files: string[],
  nameOf: (input: string) => string = packageOf,
  count = 8,
): [string, number][] {
  const bytes = new Map<string, number>();
  for (const file of files) {
    for (const [input, { bytesInOutput }] of Object.entries(metafile.outputs[file]!.inputs)) {
      const name = nameOf(input);
      bytes.set(name, (bytes.get(name) ?? 0) + bytesInOutput);
    }
  }
  return [...bytes].sort((a, b) => b[1] - a[1]).slice(0, count);
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function formatReport(report: BundleReport): string {
  const line = (label: string, size: Size) =>
    `${label.padEnd(26)} ${kb(size.raw).padStart(10)} raw ${kb(size.gzip).padStart(10)} gzip (${size.files} file${size.files === 1 ? '' : 's'})`;
  const total = report.initialJs.gzip + report.routeJs.gzip;
  return [
    line('initial JS (entry)', report.initialJs),
    line('initial CSS', report.initialCss),
    line('other pages CSS (after)', report.restCss),
    line('shell layout + one page', report.routeJs),
    `shell + one route JS gzip: ${kb(total)} | budget < 400 KB: ${total < 400 * 1024 ? 'within' : 'OVER'}`,
  ].join('\n');
}
