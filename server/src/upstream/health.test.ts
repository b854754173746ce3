import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPlatformHealth, stateOfStatus } from './health.js';

/** What /readyz says of the platform, from a probe of PLATFORM_URL/db/ with the console's token. */
describe('the platform health', () => {
  let status = 404;
  const seen: (string | undefined)[] = [];
  const platform = http.createServer((req, res) => {
    seen.push(req.headers.authorization);
    res.writeHead(status).end();
  });
  let url: string;
  beforeAll(async () => {
    await new Promise<void>((resolve) => platform.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(platform.address() as AddressInfo).port}`;
  });
  afterAll(() => platform.close());

  it('reads answers: refused for 401 and 403, unreachable for 5xx, ok for anything else', () => {
    expect([200, 404, 400, 401, 403, 500, 503].map(stateOfStatus)).toEqual([
      'ok',
      'ok',
      'ok',
      'refused',
      'refused',
      'unreachable',
      'unreachable',
    ]);
  });

  it('probes with the token, at most once per max age, answering the last state meanwhile', async () => {
    let now = 0;
    const health = createPlatformHealth(
      { url: `${url}/api`, host: 'platform:1', token: 'ocp_front' },
      { maxAgeMs: 5000, now: () => now },
    );
    status = 401;
    expect(await health.status()).toEqual({ host: 'platform:1', state: 'refused', reason: 'HTTP 401' });
    expect(seen.at(-1)).toBe('Bearer ocp_front');
    status = 404;
    now = 4000;
    const probes = seen.length;
    expect((await health.status()).state).toBe('refused');
    expect(seen.length).toBe(probes);
    now = 6000;
    // Stale: answered as it was while the probe runs, then the probe's state.
    expect((await health.status()).state).toBe('refused');
    // The probe runs in the background: wait for its answer, not for a time.
    let state = await health.status();
    while (state.state !== 'ok') {
      await new Promise((resolve) => setImmediate(resolve));
      state = await health.status();
    }
    expect(state).toEqual({ host: 'platform:1', state: 'ok' });
  });

  it('says unreachable, with the reason, when nothing answers', async () => {
    const health = createPlatformHealth({
      url: 'http://127.0.0.1:1/api',
      host: '127.0.0.1:1',
      token: undefined,
    });
    expect(await health.status()).toEqual({
      host: '127.0.0.1:1',
      state: 'unreachable',
      reason: 'connection refused',
    });
  });
});
