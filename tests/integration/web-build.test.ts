import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWeb, buildWebIfChanged } from '../../hack/build.js';
import { bundleReport, initialModules } from '../../hack/bundle-report.js';

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

  it('is not built again while its inputs and outputs are unchanged (npm start)', async () => {
    expect(await buildWebIfChanged(outdir)).toBe(false);
  });
});
