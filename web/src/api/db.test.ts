import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { db, dbError } from './db.js';
import { ApiError } from './fetch.js';

interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A tiny PostgREST stand-in: remembers each request and answers what the test queued. */
let server: http.Server;
let base: string;
let seen: Seen[] = [];
let reply: { status: number; headers?: Record<string, string>; body?: unknown } = { status: 200, body: [] };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      seen.push({
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
      });
      res.writeHead(reply.status, { 'Content-Type': 'application/json', ...reply.headers });
      res.end(reply.body === undefined ? undefined : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/console/`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

beforeEach(() => {
  document.head.innerHTML = `<base href="${base}">`;
  seen = [];
});

describe('db', () => {
  it('selects with an exact count the PostgREST way and reads the total from Content-Range', async () => {
    const rows = [
      { id: 'a', name: 'alpha' },
      { id: 'b', name: 'beta' },
    ];
    reply = { status: 206, headers: { 'Content-Range': '0-1/42' }, body: rows };

    const { data, count, error } = await db
      .from('agents_summary')
      .select('id,name', { count: 'exact' })
      .is('deleted_at', null)
      .order('name', { ascending: true })
      .range(0, 1);

    expect(error).toBeNull();
    expect(data).toEqual(rows);
    expect(count).toBe(42);
    const [request] = seen;
    expect(request).toMatchObject({ method: 'GET', path: '/console/api/db/agents_summary' });
    expect(Object.fromEntries(request!.query)).toEqual({
      select: 'id,name',
      deleted_at: 'is.null',
      order: 'name.asc',
      offset: '0',
      limit: '2',
    });
    expect(request!.headers.prefer).toBe('count=exact');
  });

  it('writes JSON with the CSRF header', async () => {
    document.cookie = 'csrf_token=t0ken; path=/';
    reply = { status: 201, body: [{ id: 'c', name: 'gamma' }] };

    const { data } = await db.from('agents').insert({ name: 'gamma' }).select();

    expect(data).toEqual([{ id: 'c', name: 'gamma' }]);
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/console/api/db/agents' });
    expect(seen[0]!.headers).toMatchObject({
      'x-csrf-token': 't0ken',
      'content-type': 'application/json',
      prefer: 'return=representation',
    });
    expect(JSON.parse(seen[0]!.body)).toEqual({ name: 'gamma' });
    document.cookie = 'csrf_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it("returns the server's error, which dbError turns into an ApiError", async () => {
    const pgError = { code: '23505', message: 'duplicate key value', details: null, hint: null };
    reply = { status: 409, body: pgError };

    const { error, status } = await db.from('agents').update({ name: 'alpha' }).eq('id', 'b');

    expect(error).toMatchObject({ message: 'duplicate key value' });
    const apiError = dbError(error!, status);
    expect(apiError).toBeInstanceOf(ApiError);
    expect(apiError).toMatchObject({ message: 'duplicate key value', status: 409, body: pgError });
  });

  it('does not repeat a failed read (SWR decides about retries)', async () => {
    reply = { status: 503, body: { message: 'Service Unavailable' } };

    const { error } = await db.from('agents').select('*');

    expect(error).toMatchObject({ message: 'Service Unavailable' });
    expect(seen).toHaveLength(1);
  });

  it('reports a network failure with the readable message', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    document.head.innerHTML = `<base href="http://127.0.0.1:${port}/console/">`;

    const { error, status } = await db.from('agents').select('*');

    expect(dbError(error!, status)).toMatchObject({
      message: 'Network Error. Please try again.',
      status: undefined,
    });
  });
});
