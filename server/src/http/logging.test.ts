import { Writable } from 'node:stream';
import express from 'express';
import { pino } from 'pino';
import { linesPerTurn, requestLogging } from './logging.js';

/** A server logging at `level` into lines; each request's route logs one error through req.log. */
async function serve(level: 'info' | 'warn') {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const app = express();
  app.use(requestLogging(pino({ level }, sink)));
  const api = express.Router();
  api.get('/fails', (req, res) => {
    req.log.error('it failed');
    res.status(500).end();
  });
  api.get('/ok', (_req, res) => void res.json({ ok: true }));
  app.use('/api', api);
  app.get('/healthz', (_req, res) => void res.json({ status: 'ok' }));
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/api/fails?secret=x`;
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { lines, url, base, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe.each(['info', 'warn'] as const)('request logging at %s', (level) => {
  it("tags a request's error with its id, method and path (no query), and answers the id", async () => {
    const { lines, url, close } = await serve(level);
    try {
      const response = await fetch(url, { headers: { 'X-Request-Id': 'trace-7' } });
      expect(response.headers.get('x-request-id')).toBe('trace-7');
      const failed = lines.find((line) => line.msg === 'it failed');
      expect(failed).toMatchObject({ req: { id: 'trace-7', method: 'GET', url: '/api/fails' } });
      // A line per request only where the level shows it.
      expect(lines.some((line) => line.msg === 'request errored' || line.msg === 'request completed')).toBe(
        level === 'info',
      );
    } finally {
      await close();
    }
  });
});

describe('request lines at info', () => {
  it('logs each answer once with its id, method, path, status and time, and no probe', async () => {
    const { lines, base, close } = await serve('info');
    try {
      await (await fetch(`${base}/api/ok?name=secret`, { headers: { 'X-Request-Id': 'ok-1' } })).text();
      await (await fetch(`${base}/healthz`)).text();
      await (await fetch(`${base}/api/fails`, { headers: { 'X-Request-Id': 'fail-1' } })).text();
      const answers = lines.filter((line) => String(line.msg).startsWith('request '));
      expect(answers).toEqual([
        expect.objectContaining({
          msg: 'request completed',
          level: 30,
          req: { id: 'ok-1', method: 'GET', url: '/api/ok' },
          res: { statusCode: 200 },
          responseTime: expect.any(Number),
        }),
        expect.objectContaining({
          msg: 'request errored',
          level: 50,
          req: { id: 'fail-1', method: 'GET', url: '/api/fails' },
          res: { statusCode: 500 },
        }),
      ]);
      expect(JSON.stringify(lines)).not.toContain('secret');
    } finally {
      await close();
    }
  });
});

describe('lines per turn', () => {
  it('writes the lines of one turn together once it ends, and a later line in a write of its own', async () => {
    const writes: string[] = [];
    const out = linesPerTurn({ write: (text: string) => writes.push(text) });
    out.write('a\n');
    out.write('b\n');
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['a\nb\n']);
    out.write('c\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['a\nb\n', 'c\n']);
  });
});
