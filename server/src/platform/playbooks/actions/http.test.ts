import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { httpAction } from './http.js';
import { actionContext as context, actionFailure as failure } from './test-support.js';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: http.Server;
let base: string;
const seen: Seen[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (req.url === '/broken')
        return res.writeHead(503, { 'x-reason': 'maintenance' }).end('down for maintenance');
      if (req.url === '/slow') return; // never answers
      if (req.url === '/big') return res.writeHead(200).end('x'.repeat(3 * 1024 * 1024));
      res.writeHead(200, { 'content-type': 'application/json', 'x-served-by': 'test' });
      res.end(JSON.stringify({ ok: true, method: req.method }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => (seen.length = 0));

describe('http action', () => {
  it('GETs by default and returns the code, headers and content', async () => {
    const result = await httpAction({ url: `${base}/status` }, context());
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/status' });
    expect(result).toMatchObject({
      code: 200,
      headers: expect.objectContaining({ 'x-served-by': 'test' }),
      content: '{"ok":true,"method":"GET"}',
    });
  });

  it('sends the method, headers, body and basic auth it is given', async () => {
    const ctx = context();
    await httpAction(
      {
        url: `${base}/deploy`,
        method: 'post',
        headers: [
          { name: 'X-Team', value: 'payments' },
          { name: 'Content-Type', value: 'text/plain' },
        ],
        body: 'restart web',
        username: { value: 'deployer' },
        password: { value: 's3cret-pass' },
      },
      ctx,
    );
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/deploy', body: 'restart web' });
    expect(seen[0]!.headers['x-team']).toBe('payments');
    expect(seen[0]!.headers['content-type']).toBe('text/plain');
    expect(seen[0]!.headers.authorization).toBe(
      `Basic ${Buffer.from('deployer:s3cret-pass').toString('base64')}`,
    );
    expect(ctx.secrets.has('s3cret-pass')).toBe(true);
  });

  it('takes the URL and credentials of a connection', async () => {
    const ctx = context(
      {},
      {
        'connection://default/api': {
          name: 'api',
          type: 'http',
          url: `${base}/from-connection`,
          username: 'svc',
          password: 'conn-pass',
          properties: {},
        },
      },
    );
    const result = await httpAction(
      { connection: 'connection://default/api', method: 'PUT', body: '{"a":1}' },
      ctx,
    );
    expect(result.code).toBe(200);
    expect(seen[0]).toMatchObject({ method: 'PUT', url: '/from-connection', body: '{"a":1}' });
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(seen[0]!.headers.authorization).toBe(`Basic ${Buffer.from('svc:conn-pass').toString('base64')}`);
  });

  it('a 5xx answer fails with the status, the answer kept', async () => {
    const error = await failure(httpAction({ url: `${base}/broken` }, context()));
    expect(error.message).toBe(`HTTP 503 Service Unavailable from GET ${base}/broken`);
    expect(error.result).toMatchObject({ code: 503, content: 'down for maintenance' });
  });

  it('never names the credentials of a URL in its error', async () => {
    const error = await failure(httpAction({ url: 'http://user:hunter2@127.0.0.1:1/x' }, context()));
    expect(error.message).not.toContain('hunter2');
    expect(error.message).toMatch(/^GET http:\/\/127\.0\.0\.1:1\/x failed/);
  });

  it('keeps the first MiB of a long answer', async () => {
    const result = await httpAction({ url: `${base}/big` }, context());
    expect(String(result.content)).toMatch(
      /^x{1048576}\n\[\.\.\. the rest of the answer, past 1048576 bytes, was not kept\]$/,
    );
  });

  it('an abort stops a request that hangs', async () => {
    const controller = new AbortController();
    const pending = httpAction({ url: `${base}/slow` }, context({ signal: controller.signal }));
    // Stopped once the server holds the request.
    while (!seen.some((request) => request.url === '/slow'))
      await new Promise((resolve) => setImmediate(resolve));
    controller.abort(new Error('the run was cancelled'));
    const error = await failure(pending);
    expect(error.message).toBe('the request was stopped: the run was cancelled');
  });
});
