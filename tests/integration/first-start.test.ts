import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/src/config.js';
import { startServer, type RunningServer } from '../../server/src/server.js';

async function count(server: RunningServer, table: string): Promise<number> {
  const response = await fetch(new URL(`api/db/${table}?select=id&limit=1`, server.url), {
    headers: { Prefer: 'count=exact' },
  });
  return Number(response.headers.get('content-range')!.split('/')[1]);
}

/** A brand-new data directory, as on a laptop's first `npm start` (no template copy). */
async function firstStart(env: Record<string, string>): Promise<{ server: RunningServer; dataDir: string }> {
  const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'first-start-')), 'data');
  const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }), port: 0 };
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
    } finally {
      await server.close();
    }
    // A second start keeps the data and loads nothing twice.
    const again = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), port: 0 };
    const restarted = await startServer(again);
    try {
      expect(await count(restarted, 'checks')).toBe(checksAtFirstStart);
    } finally {
      await restarted.close();
      fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  });

  it('starts empty with DEMO_DATA=false', async () => {
    const { server, dataDir } = await firstStart({ DEMO_DATA: 'false' });
    try {
      expect(await count(server, 'checks')).toBe(0);
      expect(await count(server, 'incidents')).toBe(0);
    } finally {
      await server.close();
      fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  });
});
