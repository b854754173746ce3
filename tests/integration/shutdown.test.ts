import http from 'node:http';
import { startTestServer } from '../support/server.js';

describe('graceful shutdown', () => {
  it('finishes a request that is in flight, then refuses new connections', async () => {
    const server = await startTestServer({ template: 'empty' });
    const body = JSON.stringify({ name: 'night shift' });
    const token = await server.tokenFor('admin');
    const answered = new Promise<number>((resolve, reject) => {
      const request = http.request(server.at('api/db/teams'), {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          Authorization: `Bearer ${token}`,
        },
      });
      request.on('response', (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode!));
      });
      request.on('error', reject);
      // Half the body now; shutdown starts; the rest arrives while the server is closing.
      request.write(body.slice(0, 10));
      setTimeout(() => {
        closing = server.stop();
        setTimeout(() => request.end(body.slice(10)), 200);
      }, 200);
    });
    let closing: Promise<void> | undefined;
    expect(await answered).toBe(201);
    await closing;
    await expect(fetch(server.at('healthz'))).rejects.toThrow();
  });
});
