import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer, buildServerIfChanged, buildWeb } from '../../hack/build.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * `npm start` of a checkout whose console is running rebuilds dist/ under it: the running
 * console keeps answering its page and the assets the page names, during the rebuild and after,
 * and old builds are cleaned up without touching the current one.
 */

/** The page's entry script, as a browser would fetch it, and whether both answered. */
async function loadPage(server: TestServer): Promise<{ script: string; ok: boolean }> {
  const page = await fetch(server.at('health'));
  const html = await page.text();
  const script = /src="(assets\/main-[\w-]+\.js)"/.exec(html)?.[1] ?? '';
  const asset = script ? await fetch(server.at(script)) : undefined;
  if (asset) await asset.arrayBuffer();
  return { script, ok: page.status === 200 && asset?.status === 200 };
}

describe('a rebuild under a running console', () => {
  let parent: string;
  let server: TestServer;
  beforeAll(async () => {
    parent = fs.mkdtempSync(path.join(os.tmpdir(), 'web-rebuild-'));
    await buildWeb(path.join(parent, 'web'), false);
    server = await startTestServer({ template: 'empty', webDir: path.join(parent, 'web') });
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(parent, { recursive: true, force: true });
  });

  it('keeps answering the page and its assets while the UI is rebuilt, then serves the new build', async () => {
    const before = await loadPage(server);
    expect(before.ok).toBe(true);
    let done = false;
    const rebuild = buildWeb(path.join(parent, 'web'), true).finally(() => (done = true));
    const failed: string[] = [];
    let loads = 0;
    while (!done) {
      const load = await loadPage(server);
      loads++;
      if (!load.ok) failed.push(load.script || '(no script in the page)');
    }
    await rebuild;
    expect(failed).toEqual([]);
    expect(loads).toBeGreaterThan(0);
    const after = await loadPage(server);
    expect(after.ok).toBe(true);
    // Minified this time: other contents, other hashed names.
    expect(after.script).not.toBe(before.script);
  });
});

describe('build folders', () => {
  let parent: string;
  beforeAll(() => {
    parent = fs.mkdtempSync(path.join(os.tmpdir(), 'build-folders-'));
  });
  afterAll(() => fs.rmSync(parent, { recursive: true, force: true }));
  const outdir = () => path.join(parent, 'server');
  const builds = () =>
    fs
      .readdirSync(parent)
      .filter((name) => name.startsWith('.server-'))
      .sort();

  it('links the output path to the newest build and keeps only it and the one it replaced', async () => {
    // A plain folder, as builds before linked ones left it, is replaced too.
    fs.mkdirSync(outdir());
    fs.writeFileSync(path.join(outdir(), 'main.js'), 'stale');
    const targets: string[] = [];
    for (let i = 0; i < 3; i++) {
      await buildServer(outdir());
      targets.push(fs.readlinkSync(outdir()));
      expect(fs.readFileSync(path.join(outdir(), 'main.js'), 'utf8')).not.toBe('stale');
    }
    expect(new Set(targets).size).toBe(3);
    expect(builds()).toEqual(targets.slice(1).sort());
    expect(await buildServerIfChanged(outdir())).toBe(false);
    // Readable by others, as a plain folder is: a container runs the console as another user.
    expect(fs.statSync(outdir()).mode & 0o005).toBe(0o005);
  });
});
