import type { AddressInfo } from 'node:net';
import express from 'express';
import { pino } from 'pino';
import { errorHandler, HttpError, plainErrorHandler } from './errors.js';

describe('errorHandler', () => {
  const logged: { level: number; msg: string }[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
  const thrown = (error: unknown) => () => {
    throw error;
  };
  let url: string;
  let close: () => void;

  beforeAll(async () => {
    const app = express();
    const routes = express.Router();
    routes.get('/boom', () => {
      throw new Error('secret connection string postgres://admin:hunter2@db');
    });
    routes.get('/database-down', () => {
      throw Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432 (postgres://admin:hunter2@db)'), {
        code: 'ECONNREFUSED',
      });
    });
    routes.get('/database-frozen', () => {
      throw new Error('Query read timeout');
    });
    routes.get('/conflict', () => {
      throw new HttpError(409, 'That name is taken', 'HTTP409', 'name=checkout');
    });
    // As the router and the static files raise them: a status, and `expose` or not.
    routes.get(
      '/undecodable',
      thrown(Object.assign(new URIError("Failed to decode param '%FF'"), { status: 400 })),
    );
    routes.get(
      '/missing-file',
      thrown(
        Object.assign(new Error("ENOENT: no such file, stat '/srv/web/x.js'"), {
          status: 404,
          statusCode: 404,
          expose: true,
          syscall: 'stat',
        }),
      ),
    );
    routes.get(
      '/method',
      thrown(Object.assign(new Error('Method Not Allowed'), { statusCode: 405, expose: true })),
    );
    // As Postgres raises them: a SQLSTATE and details that may quote a row.
    for (const code of ['22021', '22P05', '22P02', '22012']) {
      routes.get(
        `/data-${code}`,
        thrown(
          Object.assign(new Error(`data exception for "hunter2"`), {
            code,
            detail: 'Failing row contains (hunter2)',
          }),
        ),
      );
    }
    app.use('/api', routes, errorHandler(logger));
    app.use(routes, plainErrorHandler(logger));
    const server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it('answers an unexpected error with a 500 that shows no message or stack, and logs it', async () => {
    const response = await fetch(`${url}/api/boom`);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      code: 'HTTP500',
      message: 'Internal server error; the details are in the server log',
      details: null,
      hint: null,
    });
    expect(text).not.toMatch(/hunter2|at .*\.ts|Error:/);
    expect(JSON.stringify(logged)).toContain('hunter2');
  });

  it('answers a deliberate error with its status and message', async () => {
    const response = await fetch(`${url}/api/conflict`);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      code: 'HTTP409',
      message: 'That name is taken',
      details: 'name=checkout',
      hint: null,
    });
  });

  it.each(['/database-down', '/database-frozen'])(
    'answers %s with a 503 a person understands, Retry-After, and no error in the log',
    async (path) => {
      const from = logged.length;
      const response = await fetch(`${url}/api${path}`);
      expect(response.status).toBe(503);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({
        code: 'HTTP503',
        message: 'The database is not reachable at the moment; please try again in a moment',
        details: null,
        hint: null,
      });
      expect(text).not.toMatch(/hunter2|ECONNREFUSED|timeout|5432/);
      expect(logged.slice(from).filter(({ level }) => level >= 50)).toEqual([]);
    },
  );

  /** The log lines written while `run` ran. */
  async function logDuring(run: () => Promise<unknown>) {
    const from = logged.length;
    await run();
    return logged.slice(from);
  }

  it.each([
    ['/undecodable', 400, 'The URL holds an invalid percent-encoding'],
    ['/missing-file', 404, 'Not Found'],
    ['/method', 405, 'Method Not Allowed'],
  ])('answers %s, an error with a 4xx status, with it, logged at info', async (route, status, message) => {
    let response!: Response;
    const lines = await logDuring(async () => (response = await fetch(`${url}/api${route}`)));
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ code: `HTTP${status}`, message, details: null, hint: null });
    expect(lines.map(({ level }) => level)).toEqual([30]);
  });

  it.each([
    ['22021', 'Text may not contain the NUL character'],
    ['22P05', 'Text may not contain the NUL character'],
    ['22P02', 'A value is not of the type its field takes (a number, an id, a date, …)'],
    ['22012', 'A value in the request is not one the database can take'],
  ])('answers the data exception %s with a 400 in its own words, quoting nothing', async (code, message) => {
    let text = '';
    const lines = await logDuring(async () => {
      const response = await fetch(`${url}/api/data-${code}`);
      expect(response.status).toBe(400);
      text = await response.text();
    });
    expect(JSON.parse(text)).toEqual({ code, message, details: null, hint: null });
    expect(JSON.stringify([text, lines])).not.toContain('hunter2');
    expect(lines.map(({ level }) => level)).toEqual([30]);
  });

  it('answers outside /api in plain text, with the same statuses', async () => {
    const missing = await fetch(`${url}/missing-file`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await missing.text()).toBe('Not Found\n');
    const boom = await fetch(`${url}/boom`);
    expect(boom.status).toBe(500);
    expect(await boom.text()).toBe('Internal server error; the details are in the server log\n');
  });
});
