/**
 * The first screens the server draws (/topology, /topology/{id}, /health): the build's real server renderer
 * (web/src/server-render.tsx, built here unminified) beside a build's shape, the console under a
 * base path with the demo's components.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { FIRST_LOAD_MANIFEST, FIRST_READS_ID, type FirstLoadManifest } from '../../common/first-load.js';
import { serverRenderOptions } from '../../hack/build.js';
import { HEALTH_FIRST_LOAD } from '../../web/src/features/health/first-load.js';
import { COMPONENT_FIRST_LOAD, TOPOLOGY_FIRST_LOAD } from '../../web/src/features/topology/first-load.js';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../support/server.js';
import { SessionClient } from '../support/session.js';

const ROOTS_READ = 'api/canary/api/topology?depth=2';

/** index.html as the build writes it, around what the server fills in. */
const INDEX_HTML = `<!doctype html><html><head><base href="/" /></head><body><div id="root"></div>
<script type="module" src="assets/main-ABC123.js"></script>
<!-- preloads -->
</body></html>`;

function writeBuild(dir: string): void {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(dir, 'assets/main-ABC123.js'), 'console.log(1)');
  const manifest: FirstLoadManifest = {
    pages: [TOPOLOGY_FIRST_LOAD, COMPONENT_FIRST_LOAD, HEALTH_FIRST_LOAD].map((page) => ({
      ...page,
      modules: ['assets/chunks/TopologyPage-XYZ.js'],
    })),
  };
  fs.writeFileSync(path.join(dir, FIRST_LOAD_MANIFEST), JSON.stringify(manifest));
}

/** The markup inside `<div id="root" …>`, and the reads of the data block. */
function drawn(html: string) {
  const root =
    /<div id="root"([^>]*)>([\s\S]*?)<\/div><script type="application\/json" id="([^"]+)">([^<]*)<\/script>/.exec(
      html,
    );
  if (!root) return undefined;
  return {
    attributes: root[1]!,
    markup: root[2]!,
    blockId: root[3]!,
    reads: JSON.parse(root[4]!) as Record<string, unknown>,
  };
}

describe('first screens drawn on the server', () => {
  let server: TestServer;
  let parent: string;
  let admin: SessionClient;

  beforeAll(async () => {
    parent = fs.mkdtempSync(path.join(os.tmpdir(), 'first-screen-'));
    const webDir = path.join(parent, 'web');
    writeBuild(webDir);
    await esbuild.build({ ...serverRenderOptions(webDir), logLevel: 'error' });
    server = await startTestServer({ template: 'demo', env: { BASE_PATH: '/console/' }, webDir });
    admin = new SessionClient(server);
    expect((await admin.login('admin', ADMIN_PASSWORD)).status).toBe(200);
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(parent, { recursive: true, force: true });
  });

  it('sends the cards of the roots in the page, hidden until the UI takes over, with the reads it drew them from', async () => {
    const response = await admin.fetch('topology');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    const html = await response.text();
    const screen = drawn(html);
    expect(screen).toBeDefined();
    expect(screen!.attributes).toBe(' inert aria-hidden="true"');
    expect(screen!.blockId).toBe(FIRST_READS_ID);

    const roots = (await (await admin.fetch(ROOTS_READ)).json()) as { components: { name: string }[] };
    expect(roots.components.length).toBeGreaterThan(0);
    for (const { name } of roots.components) expect(screen!.markup).toContain(`>${name}<`);
    expect(screen!.markup).toContain('<article');
    // The shell around the cards, with its links under the base path.
    expect(screen!.markup).toContain('href="/console/health"');

    expect(Object.keys(screen!.reads).sort()).toEqual([ROOTS_READ, 'api/auth/whoami'].sort());
    expect(screen!.reads[ROOTS_READ]).toEqual(roots);
    // Its code is preloaded; its reads are in the page, not asked for again.
    expect(html).toContain('<link rel="modulepreload" href="assets/chunks/TopologyPage-XYZ.js" />');
    expect(html).not.toContain('rel="preload" as="fetch"');
  });

  it('draws a component page with the component’s children', async () => {
    const roots = (await (await admin.fetch(ROOTS_READ)).json()) as {
      components: { id: string; components?: { name: string }[] }[];
    };
    const parentComponent = roots.components.find((c) => (c.components ?? []).length > 0)!;
    const screen = drawn(await (await admin.fetch(`topology/${parentComponent.id}`)).text());
    expect(screen).toBeDefined();
    for (const child of parentComponent.components!) expect(screen!.markup).toContain(`>${child.name}<`);
    expect(Object.keys(screen!.reads)).toContain(`api/canary/api/topology?id=${parentComponent.id}&depth=3`);
  });

  it('draws /health with the first rows of its checks, in the time range of its URL', async () => {
    const summary = (await (await admin.fetch('api/canary/api/summary?start=1d')).json()) as {
      checks_summary: { name: string; status: string }[];
    };
    const failing = summary.checks_summary.filter((check) => check.status !== 'healthy');
    expect(failing.length).toBeGreaterThan(0);
    const screen = drawn(await (await admin.fetch('health?timeRange=1d&groupBy=no_grouping')).text());
    expect(screen).toBeDefined();
    expect(Object.keys(screen!.reads)).toContain('api/canary/api/summary?start=1d');
    // Passing checks are hidden by default; the rows a window holds are drawn, not all of them.
    const rows = screen!.markup.match(/<tr[\s>]/g) ?? [];
    expect(rows.length).toBeGreaterThan(5);
    expect(failing.some((check) => screen!.markup.includes(`>${check.name}<`))).toBe(true);
  });

  it('keeps text that looks like markup as text, in the cards and in the reads', async () => {
    const name = '</script><img src=x onerror=alert(1)>';
    await server.db.query(
      `insert into components (name, type, status, path) values ($1, 'Service', 'healthy', '')`,
      [name],
    );
    try {
      const html = await (await admin.fetch('topology')).text();
      expect(html).not.toContain('<img src=x');
      const screen = drawn(html)!;
      expect(screen.markup).toContain('&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;');
      const read = screen.reads[ROOTS_READ] as { components: { name: string }[] };
      expect(read.components.map((c) => c.name)).toContain(name);
    } finally {
      await server.db.query(`delete from components where name = $1`, [name]);
    }
  });

  it('sends the page as built to a browser without a session, which signs in first', async () => {
    const response = await fetch(server.at('topology'));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain(FIRST_READS_ID);
  });

  it('sends the page as built when a session has ended', async () => {
    const ended = new SessionClient(server, { ...admin.cookies, ops_console_session: 'no-such-session' });
    const html = await (await ended.fetch('topology')).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain(FIRST_READS_ID);
  });

  it('draws no other page', async () => {
    const html = await (await admin.fetch('incidents')).text();
    expect(html).toContain('<div id="root"></div>');
  });
});
