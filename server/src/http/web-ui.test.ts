import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { webUi } from './web-ui.js';

describe('webUi', () => {
  let webDir: string;
  let base: string;
  let close: () => void;
  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-ui-'));
    fs.mkdirSync(path.join(webDir, 'assets/files'), { recursive: true });
    fs.writeFileSync(path.join(webDir, 'index.html'), '<html><head><base href="/" /></head></html>');
    fs.writeFileSync(path.join(webDir, 'assets/main-abc.js'), 'console.log(1)');
    fs.writeFileSync(path.join(webDir, 'assets/files/favicon-1234.svg'), '<svg/>');
    const app = express();
    app.use('/console/', webUi(webDir, '/console/'));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/console/`;
    close = () => server.close();
  });
  afterAll(() => {
    close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it.each(['settings/properties/topology.disable', 'catalog/app.v1.2', 'health', 'index.html', ''])(
    'answers the client route "%s" with index.html under the base href',
    async (route) => {
      const response = await fetch(new URL(route, base));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await response.text()).toContain('<base href="/console/" />');
    },
  );

  it('serves the files under assets/', async () => {
    const script = await fetch(new URL('assets/main-abc.js', base));
    expect(script.status).toBe(200);
    expect(await script.text()).toBe('console.log(1)');
    expect((await fetch(new URL('assets/files/favicon-1234.svg', base))).status).toBe(200);
  });

  it.each(['assets/missing-123.js', 'assets/files/gone.woff2', 'assets/files', 'assets/'])(
    'answers %s, which the build does not hold, with a plain 404',
    async (route) => {
      const response = await fetch(new URL(route, base));
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await response.text()).toBe('No such file.\n');
      expect((await fetch(new URL(route, base), { method: 'HEAD' })).status).toBe(404);
    },
  );

  it('answers a method other than GET and HEAD on an asset with a 405', async () => {
    const response = await fetch(new URL('assets/main-abc.js', base), { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('webUi across rebuilds', () => {
  let parent: string;
  let base: string;
  let close: () => void;
  const webDir = () => path.join(parent, 'web');
  /** A build in its own folder, then webDir linked to it, as hack/build.ts does. */
  const build = (name: string) => {
    const folder = path.join(parent, name);
    fs.mkdirSync(path.join(folder, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(folder, 'assets', `main-${name}.js`), name);
    fs.writeFileSync(
      path.join(folder, 'index.html'),
      `<html><head><base href="/" /><script src="assets/main-${name}.js"></script></head></html>`,
    );
    fs.symlinkSync(name, path.join(parent, 'link'));
    fs.renameSync(path.join(parent, 'link'), webDir());
  };
  beforeAll(async () => {
    parent = fs.mkdtempSync(path.join(os.tmpdir(), 'web-ui-builds-'));
    const app = express();
    app.use(webUi(webDir(), '/'));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    close = () => server.close();
  });
  afterAll(() => {
    close();
    fs.rmSync(parent, { recursive: true, force: true });
  });

  const page = async () => {
    const response = await fetch(new URL('health', base));
    return { status: response.status, text: await response.text() };
  };

  it('answers 503 until the UI is built, then the page and the assets of each new build', async () => {
    expect(await page()).toEqual({ status: 503, text: expect.stringContaining('The UI is not built') });
    for (const name of ['first', 'second']) {
      build(name);
      const { status, text } = await page();
      expect(status).toBe(200);
      const script = /src="(assets\/[^"]+)"/.exec(text)![1]!;
      expect(script).toBe(`assets/main-${name}.js`);
      const asset = await fetch(new URL(script, base));
      expect(asset.status).toBe(200);
      expect(await asset.text()).toBe(name);
    }
  });
});
