import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Metafile } from 'esbuild';
import { SERVER_RENDER_FILE, type FirstLoadManifest } from '../../common/first-load.js';
import {
  buildWeb,
  buildWebIfChanged,
  FIRST_LOAD_CSS_BUDGET,
  FIRST_LOAD_JS_BUDGET,
  jsBudgetOf,
} from '../../hack/build.js';
import {
  bundleReport,
  checkCssBudget,
  checkJsBudget,
  initialFiles,
  initialModules,
  lazyFiles,
} from '../../hack/bundle-report.js';
import { CONFIG_FIRST_LOAD } from '../../web/src/features/catalog/detail/first-load.js';
import { HEALTH_FIRST_LOAD } from '../../web/src/features/health/first-load.js';
import { LOGS_FIRST_LOAD } from '../../web/src/features/logs/first-load.js';
import { TOPOLOGY_FIRST_LOAD } from '../../web/src/features/topology/first-load.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ONE_PAGE = ['web/src/shell/AppShell.tsx', 'web/src/shell/screens/NotBuiltPage.tsx'];
const LAZY_PAGES = [
  ...ONE_PAGE,
  'web/src/shell/screens/BadSessionScreen.tsx',
  'web/src/shell/screens/FlowErrorScreen.tsx',
  'web/src/shell/screens/ProvisioningScreen.tsx',
];

// The production UI build: what a browser downloads first stays within DESIGN §6's budget,
// pages load lazily, and nothing points outside the console's origin.
describe('the production UI build', () => {
  let parent: string;
  let outdir: string;
  let metafile: Awaited<ReturnType<typeof buildWeb>>;
  beforeAll(async () => {
    parent = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-web-build-'));
    outdir = path.join(parent, 'web');
    metafile = await buildWeb(outdir);
  });
  afterAll(() => fs.rmSync(parent, { recursive: true, force: true }));

  it('keeps the shell plus one route under 400 KB of gzip JavaScript', () => {
    const report = bundleReport(root, metafile, ONE_PAGE);
    expect(report.initialJs.gzip + report.routeJs.gzip).toBeLessThan(400 * 1024);
    expect(report.initialCss.files).toBe(1);
    expect(report.restCss.files).toBe(1);
  });

  it('loads the shell and its pages lazily: none is part of the initial download', () => {
    const initialInputs = initialModules(metafile);
    expect(LAZY_PAGES.filter((page) => initialInputs.has(page))).toEqual([]);
    expect(initialInputs.has('web/src/routes.tsx')).toBe(true);
  });

  it('ships fonts and icons with the console and names no other origin in its page or styles', () => {
    const assets = path.join(outdir, 'assets');
    const css = fs
      .readdirSync(assets)
      .filter((file) => file.endsWith('.css'))
      .map((file) => fs.readFileSync(path.join(assets, file), 'utf8'))
      .join('\n');
    expect(css.match(/url\(["']?\.\/files\/RedHat[^)]+\.woff2/g)?.length).toBeGreaterThan(0);
    expect(css.match(/url\(["']?(https?:)?\/\/[^)]*\)/g) ?? []).toEqual([]);
    const html = fs.readFileSync(path.join(outdir, 'index.html'), 'utf8');
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(html).toMatch(/<script type="module" src="assets\/main-[\w-]+\.js">/);
  });

  it.each([HEALTH_FIRST_LOAD, TOPOLOGY_FIRST_LOAD, CONFIG_FIRST_LOAD, LOGS_FIRST_LOAD])(
    "keeps /$path's first load within its JavaScript budget, which the build checks",
    (page) => {
      const report = bundleReport(root, metafile, page.modules);
      expect(report.initialJs.gzip + report.routeJs.gzip).toBeLessThanOrEqual(jsBudgetOf(page));
      expect(() => checkJsBudget(root, metafile, page, jsBudgetOf(page))).not.toThrow();
    },
  );

  it('holds the shell with /health, and with the front page, to 300 KB', () => {
    expect(jsBudgetOf(HEALTH_FIRST_LOAD)).toBe(FIRST_LOAD_JS_BUDGET);
    expect(jsBudgetOf(TOPOLOGY_FIRST_LOAD)).toBe(FIRST_LOAD_JS_BUDGET);
    expect(FIRST_LOAD_JS_BUDGET).toBe(300 * 1024);
  });

  it("leaves the playbooks area, of which the catalog item page shows one menu, out of that page's first load", () => {
    const inputs = lazyFiles(metafile, CONFIG_FIRST_LOAD.modules).flatMap((file) =>
      Object.keys(metafile.outputs[file]!.inputs),
    );
    expect(inputs).toContain('web/src/features/catalog/detail/ConfigSidebar.tsx');
    expect(inputs.filter((input) => input.startsWith('web/src/features/playbooks/'))).toEqual([]);
  });

  it('ships a stylesheet pruned of the PatternFly CSS no script uses, under a name of its own content, within its budget', () => {
    const report = bundleReport(root, metafile, HEALTH_FIRST_LOAD.modules);
    expect(report.initialCss.gzip).toBeLessThanOrEqual(FIRST_LOAD_CSS_BUDGET);
    expect(() => checkCssBudget(root, metafile, FIRST_LOAD_CSS_BUDGET)).not.toThrow();
    const html = fs.readFileSync(path.join(outdir, 'index.html'), 'utf8');
    const [, style] = /<link rel="stylesheet" href="(assets\/main-([A-Z0-9]{8})\.css)"/.exec(html)!;
    const css = fs.readFileSync(path.join(outdir, style!), 'utf8');
    // Themes the console does not offer and the icon font's classes go; a modifier PatternFly
    // builds from a template at run time (Skeleton's pf-m-text-${size}) and the dark theme stay.
    const has = (text: string | RegExp) => (typeof text === 'string' ? css.includes(text) : text.test(css));
    expect(has(/(?<!:not\()\.pf-v6-theme-glass/)).toBe(false);
    expect(has('.pf-v6-pficon-')).toBe(false);
    expect(has(/\.pf-v6-c-skeleton\.pf-m-text-lg\b/)).toBe(true);
    expect(has(':where(.pf-v6-theme-dark)')).toBe(true);
    expect(has('.ops-shell.pf-v6-c-page')).toBe(true);
    expect(has('sourceMappingURL')).toBe(false);
    expect(fs.existsSync(path.join(outdir, `${style}.map`))).toBe(false);
  });

  it("links render-blocking only what the first load's pages use, and names the other pages' stylesheet for the UI", () => {
    const html = fs.readFileSync(path.join(outdir, 'index.html'), 'utf8');
    const sheets = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);
    expect(sheets).toEqual([expect.stringMatching(/^assets\/main-[A-Z0-9]{8}\.css$/)]);
    expect(
      initialFiles(metafile).css.map((file) => path.relative(fs.realpathSync(outdir), path.join(root, file))),
    ).toEqual(sheets);
    const [, restFile] =
      /<meta name="ops-rest-stylesheet" content="(assets\/rest-[A-Z0-9]{8}\.css)" \/>/.exec(html)!;
    const first = fs.readFileSync(path.join(outdir, sheets[0]!), 'utf8');
    const rest = fs.readFileSync(path.join(outdir, restFile!), 'utf8');
    // The shell's, /health's and the catalog item page's own rules and components (the sidebar's
    // texts), in the first; a playbooks-only class and the components only other pages use (the
    // run's progress stepper, dialogs), in the rest.
    for (const rule of [
      '.ops-shell.pf-v6-c-page',
      '.ops-health__body',
      '.pf-v6-c-card{',
      '.pf-v6-c-toolbar{',
      '.pf-v6-c-content--small',
    ]) {
      expect([rule, first.includes(rule), rest.includes(rule)]).toEqual([rule, true, false]);
    }
    for (const rule of ['.ops-run__body', '.pf-v6-c-progress-stepper{', '.pf-v6-c-modal-box{']) {
      expect([rule, first.includes(rule), rest.includes(rule)]).toEqual([rule, false, true]);
    }
    expect(rest).not.toContain('sourceMappingURL');
    expect(Buffer.byteLength(rest)).toBeGreaterThan(20 * 1024);
    const size = fs.statSync(path.join(outdir, restFile!)).size;
    expect(fs.statSync(path.join(outdir, `${restFile}.br`)).size).toBeLessThan(size / 3);
    expect(fs.statSync(path.join(outdir, `${restFile}.gz`)).size).toBeLessThan(size / 3);
  });

  it("preloads the entry's chunks in index.html and lists /health's and the catalog item page's chunks and reads in the manifest", () => {
    const html = fs.readFileSync(path.join(outdir, 'index.html'), 'utf8');
    const preloaded = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!);
    expect(preloaded.length).toBeGreaterThan(0);
    for (const file of preloaded) expect(fs.existsSync(path.join(outdir, file))).toBe(true);
    expect(html).toMatch(
      /<link rel="preload" as="font" type="font\/woff2" crossorigin href="assets\/files\/RedHatTextVF-\w+\.woff2" \/>/,
    );
    const manifest = JSON.parse(
      fs.readFileSync(path.join(outdir, 'first-load.json'), 'utf8'),
    ) as FirstLoadManifest;
    const health = manifest.pages.find((page) => page.path === 'health')!;
    expect(health.modules.some((file) => /chunks\/HealthPage-\w+\.js$/.test(file))).toBe(true);
    expect(health.modules.some((file) => /chunks\/AppShell-\w+\.js$/.test(file))).toBe(true);
    for (const file of health.modules) {
      expect(fs.existsSync(path.join(outdir, file))).toBe(true);
      expect(preloaded).not.toContain(file);
    }
    expect(health.data).toEqual(HEALTH_FIRST_LOAD.data);
    // The catalog item page: the chunks from the shell down to its Config tab, each a file of the
    // build that index.html does not load already, and its reads.
    const item = manifest.pages.find((page) => page.path === 'catalog/:id')!;
    expect(item.params).toEqual({ id: 'uuid' });
    for (const chunk of ['AppShell', 'ConfigLayout', 'ConfigTab']) {
      const listed = item.modules.some((file) => new RegExp(`chunks/${chunk}-\\w+\\.js$`).test(file));
      expect([chunk, listed]).toEqual([chunk, true]);
    }
    for (const file of item.modules) {
      expect(fs.existsSync(path.join(outdir, file))).toBe(true);
      expect(preloaded).not.toContain(file);
    }
    expect(item.data).toEqual(CONFIG_FIRST_LOAD.data);
    // /logs: down to the calls' module the route imports to start the search, whose own file
    // (the one import() asks for) only re-exports it from a shared chunk.
    const logs = manifest.pages.find((page) => page.path === 'logs')!;
    for (const chunk of ['AppShell', 'LogsPage', 'logs-api']) {
      const listed = logs.modules.some((file) => new RegExp(`chunks/${chunk}-\\w+\\.js$`).test(file));
      expect([chunk, listed]).toEqual([chunk, true]);
    }
    expect(logs.data).toEqual(LOGS_FIRST_LOAD.data);
  });

  it('puts the modules /health and the front page load first into one chunk, so each comes as a few files', () => {
    const files = (modules: string[]) => [...initialFiles(metafile).js, ...lazyFiles(metafile, modules)];
    // By the end of the path: node_modules may be a link to another checkout's.
    const chunkOf = (input: string) =>
      Object.keys(metafile.outputs).find(
        (file) =>
          file.endsWith('.js') && Object.keys(metafile.outputs[file]!.inputs).some((i) => i.endsWith(input)),
      );
    // Were 81 and 67 files when esbuild split them by the entry points that reach each module,
    // then 31 and 16 with only the modules every first-load page shares in one chunk.
    expect(files(HEALTH_FIRST_LOAD.modules).length).toBeLessThanOrEqual(6);
    expect(files(TOPOLOGY_FIRST_LOAD.modules).length).toBeLessThanOrEqual(6);
    expect(files(CONFIG_FIRST_LOAD.modules).length).toBeLessThan(25);
    const shared = chunkOf('/react-dom/cjs/react-dom-client.production.js');
    expect(shared).toBeDefined();
    expect(chunkOf('/@patternfly/react-core/dist/esm/components/Page/Page.js')).toBe(shared);
    expect(chunkOf('web/src/features/health/ChecksTable.tsx')).toBe(shared);
    expect(chunkOf('web/src/features/topology/TopologyCard.tsx')).toBe(shared);
    // An entry point keeps its file (a page's loader imports it), and a page's own modules theirs.
    expect(chunkOf('web/src/shell/AppShell.tsx')).not.toBe(shared);
    expect(chunkOf('web/src/features/catalog/detail/ConfigTab.tsx')).not.toBe(shared);
    // An icon only another page shows stays with that page: through react-icons' barrel, every
    // icon any page used was in the chunk, so no source imports the barrel.
    expect(chunkOf('/@patternfly/react-icons/dist/esm/icons/slack-icon.js')).not.toBe(shared);
    expect(
      Object.keys(metafile.inputs).filter((input) => input.endsWith('react-icons/dist/esm/index.js')),
    ).toEqual([]);
  });

  it("gives the server renderer each page's code in a chunk of its own, loaded only to draw that page", () => {
    const dir = path.join(outdir, path.dirname(SERVER_RENDER_FILE));
    // The files Node loads with the renderer's entry: it and what it imports statically.
    const loaded = new Set<string>();
    const load = (file: string) => {
      if (loaded.has(file)) return;
      loaded.add(file);
      const code = fs.readFileSync(file, 'utf8');
      for (const [, specifier] of code.matchAll(/(?:from|import)\s*"(\.[^"]+\.mjs)"/g))
        load(path.resolve(path.dirname(file), specifier!));
    };
    load(path.join(outdir, SERVER_RENDER_FILE));
    const holding = (text: string) =>
      fs
        .readdirSync(path.join(dir, 'chunks'))
        .map((name) => path.join(dir, 'chunks', name))
        .filter((file) => fs.readFileSync(file, 'utf8').includes(text));
    // A page the server never draws (a playbook run's) is a file of the renderer's, not loaded with it.
    const runPage = holding('Run details');
    expect(runPage).toHaveLength(1);
    expect(loaded.has(runPage[0]!)).toBe(false);
    expect(loaded.size).toBeGreaterThan(1);
  });
  it("bundles react-router's production build, which its package's exports do not name", () => {
    const routers = Object.keys(metafile.inputs).filter((input) =>
      input.includes('node_modules/react-router/dist/'),
    );
    expect(routers.length).toBeGreaterThan(0);
    expect(routers.filter((input) => !input.includes('/dist/production/'))).toEqual([]);
  });

  it('leaves brotli and gzip copies beside the scripts and styles', () => {
    const html = fs.readFileSync(path.join(outdir, 'index.html'), 'utf8');
    const [, script] = /<script type="module" src="([^"]+)"/.exec(html)!;
    const [, style] = /<link rel="stylesheet" href="([^"]+)"/.exec(html)!;
    // The entry's own file is small: its weight is in the chunk of what every first load shares.
    const preloaded = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!);
    const size = (file: string) => fs.statSync(path.join(outdir, file)).size;
    const largestScript = [script!, ...preloaded].sort((a, b) => size(b) - size(a))[0]!;
    for (const file of [largestScript, style!]) {
      expect(size(`${file}.br`)).toBeLessThan(size(file) / 3);
      expect(size(`${file}.gz`)).toBeLessThan(size(file) / 3);
    }
  });

  it('is not built again while its inputs and outputs are unchanged (npm start)', async () => {
    expect(await buildWebIfChanged(outdir)).toBe(false);
  });
});

describe('the JavaScript budget of a first load', () => {
  let dir: string;
  /** An entry and one lazy page of incompressible bytes, as esbuild's metafile describes them. */
  const bundle = (pageBytes: number): Metafile => {
    fs.writeFileSync(path.join(dir, 'main.js'), randomBytes(10 * 1024));
    fs.writeFileSync(path.join(dir, 'Page.js'), randomBytes(pageBytes));
    const output = (input: string, bytes: number) => ({
      bytes,
      inputs: { [input]: { bytesInOutput: bytes } },
      imports: [],
      exports: [],
    });
    return {
      inputs: {},
      outputs: {
        'main.js': { ...output('web/src/main.tsx', 10 * 1024), entryPoint: 'web/src/main.tsx' },
        'Page.js': output('node_modules/heavy-charts/index.js', pageBytes),
      },
    } as unknown as Metafile;
  };
  const page = { path: 'health', modules: ['node_modules/heavy-charts/index.js'] };
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-budget-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('refuses a build over it, naming the page and its heaviest package', () => {
    expect(() => checkJsBudget(dir, bundle(400 * 1024), page, 300 * 1024)).toThrow(
      /\/health's first load is 41\d\.\d KB gzip, over its budget of 300\.0 KB[\s\S]*heavy-charts/,
    );
  });

  it('passes a build within it', () => {
    expect(() => checkJsBudget(dir, bundle(200 * 1024), page, 300 * 1024)).not.toThrow();
  });
});

describe('the CSS budget of a first load', () => {
  let dir: string;
  /** An entry whose stylesheet is `cssBytes` of incompressible bytes, as esbuild's metafile describes it. */
  const bundle = (cssBytes: number): Metafile => {
    fs.writeFileSync(path.join(dir, 'main.js'), 'export {};');
    fs.writeFileSync(path.join(dir, 'main.css'), randomBytes(cssBytes));
    return {
      inputs: {},
      outputs: {
        'main.js': {
          bytes: 10,
          inputs: { 'web/src/main.tsx': { bytesInOutput: 10 } },
          imports: [],
          exports: [],
          entryPoint: 'web/src/main.tsx',
          cssBundle: 'main.css',
        },
        'main.css': {
          bytes: cssBytes,
          inputs: {
            'node_modules/@patternfly/react-styles/css/components/Table/table.css': {
              bytesInOutput: cssBytes,
            },
          },
          imports: [],
          exports: [],
        },
      },
    } as unknown as Metafile;
  };
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-css-budget-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('refuses a build over it, naming its heaviest stylesheet', () => {
    expect(() => checkCssBudget(dir, bundle(150 * 1024), 100 * 1024)).toThrow(
      /CSS of the first load is 15\d\.\d KB gzip, over its budget of 100\.0 KB[\s\S]*Table\/table\.css/,
    );
  });

  it('passes a build within it', () => {
    expect(() => checkCssBudget(dir, bundle(50 * 1024), 100 * 1024)).not.toThrow();
  });
});
