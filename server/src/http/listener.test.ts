import http from 'node:http';
import { KEEP_ALIVE_MS, listenEarly } from './listener.js';

describe('the listener', () => {
  it('keeps idle connections open longer than the proxies in front of it, and says so', async () => {
    const listener = await listenEarly(0);
    try {
      listener.serve((_req, res) => res.end('ok'));
      const headers = await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
        const agent = new http.Agent({ keepAlive: true });
        http
          .get(`http://127.0.0.1:${listener.port}/`, { agent }, (res) => {
            res.resume();
            res.once('end', () => {
              agent.destroy();
              resolve(res.headers);
            });
          })
          .once('error', reject);
      });
      expect(KEEP_ALIVE_MS).toBeGreaterThan(60_000);
      expect(headers['keep-alive']).toBe(`timeout=${KEEP_ALIVE_MS / 1000}`);
    } finally {
      await new Promise((resolve) => listener.server.close(resolve));
    }
  });
});
