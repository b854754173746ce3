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
          // The server's 100 Continue says it has the request's head: the request is in flight.
          Expect: '100-continue',
        },
      });
      request.on('response', (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode!));
      });
      request.on('error', reject);
      request.on('continue', () => {
        // Half the body; shutdown starts; the rest arrives while the server is closing.
        request.write(body.slice(0, 10));
        closing = server.stop();
        request.end(body.slice(10));
      });
      request.flushHeaders();
    });
    let closing: Promise<void> | undefined;
    expect(await answered).toBe(201);
    await closing;
    await expect(fetch(server.at('healthz'))).rejects.toThrow();
  });
});
