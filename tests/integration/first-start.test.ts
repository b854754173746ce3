import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { loadConfig } from '../../server/src/config.js';
import { startServer, type RunningServer } from '../../server/src/server.js';
import { eventually } from '../../server/src/lib/eventually.js';
import { ADMIN_PASSWORD } from '../support/server.js';

/** Signs in as the first administrator and counts a table's rows, filtered by `query`. */
async function count(
  server: RunningServer,
  table: string,
  query = '',
  password = ADMIN_PASSWORD,
): Promise<number> {
  const login = await fetch(new URL('api/auth/login', server.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const response = await fetch(new URL(`api/db/${table}?select=id&limit=1${query}`, server.url), {
    headers: { Prefer: 'count=exact', cookie },
  });
  return Number(response.headers.get('content-range')!.split('/')[1]);
}

/** A brand-new data directory, as on a laptop's first `npm start` (no template copy). */
async function firstStart(env: Record<string, string>): Promise<{ server: RunningServer; dataDir: string }> {
  const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'first-start-')), 'data');
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_PASSWORD, ...env }),
    port: 0,
  };
  return { server: await startServer(config), dataDir };
}

describe('first start on an empty embedded database', () => {
  it('creates the database in DATA_DIR and loads the demo platform', async () => {
    const { server, dataDir } = await firstStart({});
    let checksAtFirstStart = 0;
    try {
      expect(fs.existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
      checksAtFirstStart = await count(server, 'checks');
      expect(checksAtFirstStart).toBeGreaterThanOrEqual(200);
      expect(await count(server, 'configs')).toBeGreaterThanOrEqual(500);
      expect(await count(server, 'incidents')).toBeGreaterThanOrEqual(60);
      // The demo's live file scraper reads the files the first start wrote, and really scrapes them.
      expect(fs.readdirSync(path.join(dataDir, 'files', 'acme')).sort()).toEqual([
        'checkout.yaml',
        'orders.yaml',
        'search.yaml',
      ]);
      await eventually(async () =>
        expect(await count(server, 'configs', '&type=eq.Acme::ServiceSettings&deleted_at=is.null')).toBe(3),
      );
    } finally {
      await server.close();
    }
    // A second start keeps the data and loads nothing twice.
    const again = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_PASSWORD }), port: 0 };
    const restarted = await startServer(again);
    try {
      expect(await count(restarted, 'checks')).toBe(checksAtFirstStart);
    } finally {
      await restarted.close();
      fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  });

  describe('with DEMO_DATA=false and without ADMIN_PASSWORD', () => {
    // One first start from nothing for both: creating a database from nothing is the slow part.
    let dataDir: string;
    const lines: Array<{ msg: string; password?: string; username?: string }> = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const config = () => ({ ...loadConfig({ DATA_DIR: dataDir, DEMO_DATA: 'false' }), port: 0 });
    const generatedPassword = () => lines.find((line) => line.password)!.password!;
    let server: RunningServer;
    beforeAll(async () => {
      dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'first-start-')), 'data');
      server = await startServer(config(), { logger });
    });
    afterAll(async () => {
      await server?.close();
      fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    });

    it('starts empty', async () => {
      expect(await count(server, 'checks', '', generatedPassword())).toBe(0);
      expect(await count(server, 'incidents', '', generatedPassword())).toBe(0);
    });

    it('creates admin with a generated password, logged once, that signs in', async () => {
      const logged = lines.filter((line) => line.password);
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ username: 'admin', msg: expect.stringContaining('not shown again') });
      const password = logged[0]!.password!;
      expect(password.length).toBeGreaterThanOrEqual(16);
      await server.close();
      server = await startServer(config(), { logger });
      expect(lines.filter((line) => line.password)).toHaveLength(1);
      const login = (pw: string) =>
        fetch(new URL('api/auth/login', server.url), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ username: 'admin', password: pw }),
        });
      expect((await login(password)).status).toBe(200);
      expect((await login(ADMIN_PASSWORD)).status).toBe(401);
    });
  });

  it('with its port in use, fails before creating the database or the administrator', async () => {
    const taken = net.createServer().listen(0);
    await once(taken, 'listening');
    const { port } = taken.address() as net.AddressInfo;
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'first-start-'));
    const dataDir = path.join(root, 'data');
    const lines: Array<{ msg: string; password?: string }> = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    try {
      await expect(
        startServer({ ...loadConfig({ DATA_DIR: dataDir }), port }, { logger }),
      ).rejects.toMatchObject({
        code: 'EADDRINUSE',
      });
      expect(fs.existsSync(dataDir)).toBe(false);
      expect(lines.filter((line) => line.password)).toEqual([]);
    } finally {
      taken.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
