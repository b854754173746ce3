import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { BUILD_RECORD } from '../../common/build-folders.js';
import { buildServer, buildServerIfChanged, buildWeb } from '../../hack/build.js';
import { buildBeside } from '../../hack/build-folders.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { writeBuildShape } from '../support/web-fixture.js';

/**
 * `npm start` of a checkout whose console is running rebuilds dist/ under it: the running
 * console keeps answering its page and the assets the page names, during the rebuild and after,
 * and old builds are cleaned up without touching the current one.
 */

/**
 * A GET on a connection of its own. The build runs in this process, beside the server: while it
 * holds the event loop, a kept-alive connection's idle timer can close it just as the next
 * request goes out on it ("other side closed"), which no browser would see as a failed answer.
 */
function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/**
 * The page's entry script, as a browser would fetch it, whether both answered, and what a failed
 * load got (the statuses, or the request's error).
 */
async function loadPage(server: TestServer): Promise<{ script: string; ok: boolean; got: string }> {
  try {
    const page = await get(server.at('health'));
    const script = /src="(assets\/main-[\w-]+\.js)"/.exec(page.body)?.[1] ?? '';
    const asset = script ? await get(server.at(script)) : undefined;
    const ok = page.status === 200 && asset?.status === 200;
    return { script, ok, got: `page ${page.status}, ${script || 'no script'} ${asset?.status ?? ''}` };
  } catch (error) {
    return { script: '', ok: false, got: (error as Error).message };
  }
}

describe('a rebuild under a running console', () => {
  let parent: string;
  let server: TestServer;
  beforeAll(async () => {
    parent = fs.mkdtempSync(path.join(os.tmpdir(), 'web-rebuild-'));
    // The build being replaced needs only a build's shape: a linked folder with a page naming its
    // script, and a record. The rebuild is the real one.
    await buildBeside(path.join(parent, 'web'), async (folder) => {
      writeBuildShape(folder, 'assets/main-EARLIER1.js');
      fs.writeFileSync(path.join(folder, BUILD_RECORD), '{}');
    });
    server = await startTestServer({ template: 'empty', webDir: path.join(parent, 'web') });
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(parent, { recursive: true, force: true });
  });

  it('keeps answering the page and its assets while the UI is rebuilt, then serves the new build and still the old one’s files', async () => {
    const before = await loadPage(server);
    expect(before.ok).toBe(true);
    let done = false;
    const rebuild = buildWeb(path.join(parent, 'web'), true).finally(() => (done = true));
    const failed: string[] = [];
    let loads = 0;
    while (!done) {
      // A failure is reported once the rebuild has finished with the folder it writes to.
      const load = await loadPage(server);
      loads++;
      if (!load.ok) failed.push(load.got);
    }
    await rebuild;
    expect(failed).toEqual([]);
    expect(loads).toBeGreaterThan(0);
    const after = await loadPage(server);
    expect(after.ok).toBe(true);
    expect(after.script).not.toBe(before.script);
    // A page loaded before the rebuild still gets the files it names, from the build kept beside.
    expect((await get(server.at(before.script))).status).toBe(200);
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
