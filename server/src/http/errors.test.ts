import type { AddressInfo } from 'node:net';
import express from 'express';
import { pino } from 'pino';
import { errorHandler, HttpError } from './errors.js';

describe('errorHandler', () => {
  const logged: unknown[] = [];
  const logger = pino({ level: 'error' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
  let url: string;
  let close: () => void;

  beforeAll(async () => {
    const app = express();
    app.get('/boom', () => {
      throw new Error('secret connection string postgres://admin:hunter2@db');
    });
    app.get('/database-down', () => {
      throw Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432 (postgres://admin:hunter2@db)'), {
        code: 'ECONNREFUSED',
      });
    });
    app.get('/database-frozen', () => {
      throw new Error('Query read timeout');
    });
    app.get('/conflict', () => {
      throw new HttpError(409, 'That name is taken', 'HTTP409', 'name=checkout');
    });
    app.use(errorHandler(logger));
    const server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it('answers an unexpected error with a 500 that shows no message or stack, and logs it', async () => {
    const response = await fetch(`${url}/boom`);
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
    const response = await fetch(`${url}/conflict`);
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
      logged.length = 0;
      const response = await fetch(`${url}${path}`);
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
      expect(logged).toEqual([]);
    },
  );
});
