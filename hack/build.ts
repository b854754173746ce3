/**
 * Production build: the UI (web/ → dist/web: minified, hashed names, code splitting, source
 * maps, index.html listing the entry files) and the service (server/src/main.ts →
 * dist/server/main.js and its chunks, dependencies left external, migrations copied beside it).
 * `--if-changed` (npm start) rebuilds only a part whose inputs changed since its last build.
 * Each build goes into a fresh folder that dist/web or dist/server is then linked to
 * (build-folders.ts), so a rebuild never takes files away from a console running from dist/.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import {
  FIRST_LOAD_MANIFEST,
  REST_STYLESHEET_META,
  SERVER_RENDER_DIR,
  type FirstLoad,
  type FirstLoadManifest,
} from '../common/first-load.js';
import { CONFIG_FIRST_LOAD } from '../web/src/features/catalog/detail/first-load.js';
import { HEALTH_FIRST_LOAD } from '../web/src/features/health/first-load.js';
import { LOGS_FIRST_LOAD } from '../web/src/features/logs/first-load.js';
import { COMPONENT_FIRST_LOAD, TOPOLOGY_FIRST_LOAD } from '../web/src/features/topology/first-load.js';
import { BUILD_RECORD } from '../common/build-folders.js';
import { THEME_SCRIPT } from '../common/theme.js';
import { buildBeside } from './build-folders.js';
import { filesUnder, isBuildCurrent, recordBuild } from './build-record.js';
import { checkCssBudget, checkJsBudget, initialFiles, lazyFiles, REST_STYLESHEET } from './bundle-report.js';
import { pruneBuildStylesheets } from './css-prune.js';
import { precompress } from './precompress.js';
import { patternflyDeepImports } from './patternfly-imports.js';
import { reactRouterProduction } from './react-router-production.js';
import { entryModules, importShared, sharedChunk, sharedFirstLoadModules } from './first-load-chunk.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  version: string;
};

/** What every build depends on besides the sources esbuild reports: the build itself and the packages. */
const BUILD_INPUTS = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'hack/build.ts',
  'hack/build-folders.ts',
  'common/build-folders.ts',
  'hack/build-record.ts',
  'hack/patternfly-imports.ts',
  'hack/patternfly-exports.js',
  'hack/bundle-report.ts',
  'hack/precompress.ts',
  'hack/css-prune.ts',
  'hack/first-load-chunk.ts',
  'hack/react-router-production.ts',
  'common/theme.ts',
];
/** The pages whose first load the HTML preloads, each held to the JavaScript budget. */
const FIRST_LOADS: FirstLoad[] = [
  TOPOLOGY_FIRST_LOAD,
  COMPONENT_FIRST_LOAD,
  HEALTH_FIRST_LOAD,
  CONFIG_FIRST_LOAD,
  LOGS_FIRST_LOAD,
];
/**
 * The pages whose first loads make the one first-load chunk: every module either page loads
 * first, so each of them comes as a few files (first-load-chunk.ts). /health and the front page;
 * other pages load these modules too, and their own in the chunks esbuild splits them into.
 */
const SHARED_CHUNK_PAGES: FirstLoad[] = [HEALTH_FIRST_LOAD, TOPOLOGY_FIRST_LOAD];
/**
 * Gzipped JavaScript of the entry plus one page's lazy modules: the shell and /health's, and the
 * front page's, which share their chunk, at most 300 KB.
 */
export const FIRST_LOAD_JS_BUDGET = 300 * 1024;
/** Every other page of FIRST_LOADS: DESIGN §6's shell plus one route. */
export const PAGE_JS_BUDGET = 400 * 1024;
export const jsBudgetOf = (page: FirstLoad): number =>
  page.modules.every((module) => SHARED_CHUNK_PAGES.some((shared) => shared.modules.includes(module)))
    ? FIRST_LOAD_JS_BUDGET
    : PAGE_JS_BUDGET;
/**
 * Gzipped CSS of the first load, once pruned (css-prune.ts): the render-blocking stylesheet,
 * which holds only what the pages of FIRST_LOADS use; other pages' CSS is in the rest stylesheet.
 */
export const FIRST_LOAD_CSS_BUDGET = 108 * 1024;
const MIGRATIONS = 'server/src/platform/db/migrations';
const fromRoot = (file: string) => path.relative(root, file);

/** `development`: the dev server's build, which keeps libraries' development warnings. */
export const webBuildOptions = (outdir: string, development = false): esbuild.BuildOptions => ({
  absWorkingDir: root,
  entryPoints: { main: 'web/src/main.tsx' },
  outdir: path.join(outdir, 'assets'),
  bundle: true,
  splitting: true,
  format: 'esm',
  target: 'es2022',
  jsx: 'automatic',
  entryNames: '[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  assetNames: 'files/[name]-[hash]',
  loader: {
    '.woff': 'file',
    '.woff2': 'file',
    '.ttf': 'file',
    '.svg': 'file',
    '.png': 'file',
    '.jpg': 'file',
  },
  sourcemap: true,
  metafile: true,
  legalComments: 'linked',
  logLevel: 'warning',
  define: { __CONSOLE_VERSION__: JSON.stringify(version) },
  plugins: [patternflyDeepImports(root), ...(development ? [] : [reactRouterProduction(root)])],
});

/**
 * The server renderer of first screens (web/src/server-render.tsx, common/first-load.ts's
 * SERVER_RENDER_FILE): the UI's own modules bundled for Node, stylesheets and the files they
 * name left out (the browser has them from the UI's build). Its pages are chunks of their own,
 * as in the browser: the server loads the code of the pages it draws, not of every page.
 */
export const serverRenderOptions = (outdir: string): esbuild.BuildOptions => ({
  absWorkingDir: root,
  entryPoints: { render: 'web/src/server-render.tsx' },
  outdir: path.join(outdir, SERVER_RENDER_DIR),
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  jsx: 'automatic',
  loader: {
    '.css': 'empty',
    '.woff': 'empty',
    '.woff2': 'empty',
    '.ttf': 'empty',
    '.svg': 'empty',
    '.png': 'empty',
    '.jpg': 'empty',
  },
  // Some packages bundled here are CommonJS that require Node's own modules.
  banner: {
    js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  },
  define: { __CONSOLE_VERSION__: JSON.stringify(version), 'process.env.NODE_ENV': '"production"' },
  metafile: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [patternflyDeepImports(root), reactRouterProduction(root)],
});

const relativeTo = (outdir: string, file: string) =>
  path.relative(outdir, path.join(root, file)).split(path.sep).join('/');

/**
 * Writes index.html with the entry script and stylesheet of a web build, and a modulepreload of
 * each chunk the entry imports statically: the browser fetches them with the entry instead of
 * after having parsed it. The stylesheet of the other pages (a production build's rest
 * stylesheet) is not linked: a meta names it for the UI to load (REST_STYLESHEET_META).
 */
export function writeIndexHtml(outdir: string, metafile: esbuild.Metafile): void {
  const outputs = Object.entries(metafile.outputs);
  const entryOf = (ext: string) =>
    outputs.find(([file, out]) => out.entryPoint === 'web/src/main.tsx' && file.endsWith(ext))?.[0] ??
    outputs.find(([file]) => /assets\/main-[^/]+$/.test(file) && file.endsWith(ext))?.[0];
  const relative = (file: string) => relativeTo(outdir, file);
  const script = entryOf('.js');
  const style = entryOf('.css');
  const rest = outputs.find(([file]) => REST_STYLESHEET.test(file))?.[0];
  const imports = script ? initialFiles(metafile).js.filter((file) => file !== script) : [];
  let html = fs.readFileSync(path.join(root, 'web/index.html'), 'utf8');
  html = html.replace(
    '<!-- scripts -->',
    script
      ? [
          `<script type="module" src="${relative(script)}"></script>`,
          ...imports.map((file) => `<link rel="modulepreload" href="${relative(file)}" />`),
        ].join('\n    ')
      : '',
  );
  // The one font the first screen's text is set in: asked for with the stylesheet, not once the
  // first render has laid text out (PatternFly's font-display: fallback shows it only if it has
  // arrived by then).
  const bodyFont = outputs.find(([file]) => /\/RedHatTextVF-[A-Z0-9]+\.woff2$/.test(file))?.[0];
  html = html.replace(
    '<!-- styles -->',
    [
      style && `<link rel="stylesheet" href="${relative(style)}" />`,
      rest && `<meta name="${REST_STYLESHEET_META}" content="${relative(rest)}" />`,
      bodyFont &&
        `<link rel="preload" as="font" type="font/woff2" crossorigin href="${relative(bodyFont)}" />`,
    ]
      .filter(Boolean)
      .join('\n    '),
  );
  // Before the stylesheet: a first screen drawn on the server shows in the person's theme.
  html = html.replace('<!-- theme -->', `<script>${THEME_SCRIPT}</script>`);
  html = html.replace(
    '<!-- icon -->',
    `<link rel="icon" type="image/svg+xml" href="${copyFavicon(outdir)}" />`,
  );
  fs.writeFileSync(path.join(outdir, 'index.html'), html);
}

/**
 * esbuild puts the CSS of every module the entry can reach, lazily loaded ones included, into
 * the entry's stylesheet, and also writes a copy per lazy chunk that nothing loads. Drop those.
 */
function removeChunkStylesheets(outdir: string): void {
  const chunks = path.join(outdir, 'assets/chunks');
  for (const file of fs.readdirSync(chunks)) {
    if (/\.css(\.map)?$/.test(file)) fs.rmSync(path.join(chunks, file));
  }
}

/** The favicon under a content-hashed name, so it is cached like every other asset. */
function copyFavicon(outdir: string): string {
  const icon = fs.readFileSync(path.join(root, 'web/favicon.svg'));
  const name = `assets/files/favicon-${createHash('sha256').update(icon).digest('hex').slice(0, 8)}.svg`;
  fs.mkdirSync(path.join(outdir, 'assets/files'), { recursive: true });
  fs.writeFileSync(path.join(outdir, name), icon);
  return name;
}

/** The chunks and API reads of each page of FIRST_LOADS, for the server to preload. */
function writeFirstLoadManifest(outdir: string, metafile: esbuild.Metafile): void {
  const manifest: FirstLoadManifest = {
    pages: FIRST_LOADS.map((page) => ({
      ...page,
      modules: lazyFiles(metafile, page.modules).map((file) => relativeTo(outdir, file)),
    })),
  };
  fs.writeFileSync(path.join(outdir, FIRST_LOAD_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
}

/**
 * The output files, as absolute paths, that the pages of FIRST_LOADS download first, and the
 * rest stylesheet, which they fetch once rendered.
 */
function firstLoadFiles(metafile: esbuild.Metafile): Set<string> {
  const { js, css } = initialFiles(metafile);
  const pages = FIRST_LOADS.flatMap((page) => lazyFiles(metafile, page.modules));
  const rest = Object.keys(metafile.outputs).filter((file) => REST_STYLESHEET.test(file));
  return new Set([...js, ...css, ...pages, ...rest].map((file) => path.join(root, file)));
}

const webOptions = (minify: boolean) => JSON.stringify({ minify });

/**
 * The plugins that put the modules any page of SHARED_CHUNK_PAGES loads first into one chunk
 * (first-load-chunk.ts), from a first build that only reports which modules those are.
 */
async function sharedChunkOptions(folder: string): Promise<esbuild.BuildOptions> {
  const { metafile } = await esbuild.build({
    ...webBuildOptions(folder),
    write: false,
    sourcemap: false,
    metafile: true,
  });
  const entries = entryModules(metafile);
  return {
    plugins: [
      patternflyDeepImports(root, (file) => (entries.has(file) ? importShared : undefined)),
      reactRouterProduction(root),
      sharedChunk(root, sharedFirstLoadModules(metafile, SHARED_CHUNK_PAGES)),
    ],
  };
}

export async function buildWeb(outdir = path.join(dist, 'web'), minify = true): Promise<esbuild.Metafile> {
  return buildBeside(outdir, async (folder) => {
    const [{ metafile }, serverRender] = await Promise.all([
      sharedChunkOptions(folder).then((shared) =>
        esbuild.build({ ...webBuildOptions(folder), minify, ...shared }),
      ),
      esbuild.build({ ...serverRenderOptions(folder), minify }),
    ]);
    removeChunkStylesheets(folder);
    pruneBuildStylesheets(
      root,
      metafile!,
      FIRST_LOADS.flatMap((page) => page.modules),
    );
    if (minify) {
      for (const page of FIRST_LOADS) checkJsBudget(root, metafile!, page, jsBudgetOf(page));
      checkCssBudget(root, metafile!, FIRST_LOAD_CSS_BUDGET);
    }
    writeIndexHtml(folder, metafile!);
    writeFirstLoadManifest(folder, metafile!);
    // The unminified build is the tests' quick one: brotli's slow maximum quality, for the
    // bytes of a first load, is for the build that is served.
    await precompress(path.join(folder, 'assets'), minify ? firstLoadFiles(metafile!) : new Set());
    recordBuild(root, path.join(folder, BUILD_RECORD), {
      options: webOptions(minify),
      files: [
        ...BUILD_INPUTS,
        'common/first-load.ts',
        'web/index.html',
        'web/favicon.svg',
        'web/tsconfig.json',
        ...Object.keys(metafile!.inputs),
        ...Object.keys(serverRender.metafile!.inputs),
        ...filesUnder(root, fromRoot(folder)),
      ],
    });
    return metafile!;
  });
}

/** Builds the UI unless its last build in `outdir` is current; true when it built. */
export async function buildWebIfChanged(outdir = path.join(dist, 'web'), minify = true): Promise<boolean> {
  if (isBuildCurrent(root, path.join(outdir, BUILD_RECORD), webOptions(minify))) return false;
  await buildWeb(outdir, minify);
  return true;
}

export async function buildServer(outdir = path.join(dist, 'server')): Promise<void> {
  await buildBeside(outdir, async (folder) => {
    const result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: ['server/src/main.ts'],
      // The entry loads the service with a dynamic import, after V8's memory flags are set: as a
      // chunk of its own, the service's modules and packages load then, not with the entry.
      outdir: folder,
      splitting: true,
      chunkNames: '[name]-[hash]',
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      sourcemap: true,
      metafile: true,
      logLevel: 'warning',
    });
    fs.cpSync(path.join(root, MIGRATIONS), path.join(folder, 'migrations'), {
      recursive: true,
      filter: (src) => !src.endsWith('.ts'),
    });
    recordBuild(root, path.join(folder, BUILD_RECORD), {
      options: '',
      files: [
        ...BUILD_INPUTS,
        'server/tsconfig.json',
        ...Object.keys(result.metafile.inputs),
        ...filesUnder(root, fromRoot(folder)),
      ],
      dirs: [MIGRATIONS],
    });
  });
}

/** Builds the service unless its last build in `outdir` is current; true when it built. */
export async function buildServerIfChanged(outdir = path.join(dist, 'server')): Promise<boolean> {
  if (isBuildCurrent(root, path.join(outdir, BUILD_RECORD), '')) return false;
  await buildServer(outdir);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  if (process.argv.includes('--if-changed')) {
    const [web, server] = await Promise.all([buildWebIfChanged(), buildServerIfChanged()]);
    const built = [web && 'dist/web', server && 'dist/server'].filter(Boolean);
    console.log(
      built.length
        ? `built ${built.join(' and ')} in ${Date.now() - started} ms`
        : 'dist/web and dist/server are current',
    );
  } else {
    await Promise.all([buildWeb(), buildServer()]);
    console.log(`built dist/web and dist/server in ${Date.now() - started} ms`);
  }
}
