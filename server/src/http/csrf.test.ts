import type { AddressInfo } from 'node:net';
import express from 'express';
import { csrfProtection, readCookie } from './csrf.js';

const TOKEN = 'Qx3v9s_kT2-bW8yZp1L0mN4rE6uI7oA5cD2fG9hJ1kL';

describe('readCookie', () => {
  it('finds a cookie among others, decoded, and only by its exact name', () => {
    const header = 'theme=dark; xcsrf_token=nope;csrf_token=a%20b ; session=s';
    expect(readCookie(header, 'csrf_token')).toBe('a b');
    expect(readCookie(header, 'session')).toBe('s');
    expect(readCookie(header, 'csrf')).toBeUndefined();
    expect(readCookie(undefined, 'csrf_token')).toBeUndefined();
    expect(readCookie('', 'csrf_token')).toBeUndefined();
  });

  it('takes the first of two cookies with one name, strips quotes and keeps a value it cannot decode', () => {
    expect(readCookie('a=1; a=2', 'a')).toBe('1');
    expect(readCookie('a="quoted"', 'a')).toBe('quoted');
    expect(readCookie('a=100%', 'a')).toBe('100%');
    expect(readCookie('a=x=y', 'a')).toBe('x=y');
    expect(readCookie('novalue; a=1', 'novalue')).toBeUndefined();
  });
});

describe('csrfProtection', () => {
  let url: string;
  let close: () => void;
  beforeAll(async () => {
    const app = express();
    app.use('/api', csrfProtection({ isExempt: (req) => /^Bearer\s/i.test(req.get('authorization') ?? '') }));
    app.use('/custom', csrfProtection({ cookieName: 'xsrf', headerName: 'x-xsrf' }));
    // A server-side session's token, whatever the csrf cookie says.
    app.use(
      '/session',
      csrfProtection({ expectedToken: (req) => (req.get('x-session') ? TOKEN : undefined) }),
    );
    app.all('/{*path}', (req, res) => {
      res.json({ ok: true, method: req.method });
    });
    const server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  const call = (method: string, headers: Record<string, string> = {}, path = '/api/things') =>
    fetch(`${url}${path}`, { method, headers });
  const withCookie = (extra: Record<string, string> = {}) => ({
    cookie: `session=abc; csrf_token=${TOKEN}`,
    ...extra,
  });

  async function expectRefused(response: Response) {
    expect(response.status).toBe(403);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({
      code: 'HTTP403',
      message: 'A security violation was detected, please fill out the form again.',
      details: null,
      hint: null,
    });
  }

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])(
    'refuses a %s with the cookie but without the header',
    async (m) => {
      await expectRefused(await call(m, withCookie()));
    },
  );

  it('refuses a wrong header, and a header without the cookie', async () => {
    await expectRefused(await call('POST', withCookie({ 'x-csrf-token': TOKEN.slice(0, -1) + 'x' })));
    await expectRefused(await call('POST', { 'x-csrf-token': TOKEN }));
    await expectRefused(await call('POST', { cookie: 'csrf_token=', 'x-csrf-token': '' }));
    await expectRefused(await call('POST'));
  });

  it('refuses a header of another length without throwing', async () => {
    for (const header of ['short', TOKEN + 'x', 'é'.repeat(TOKEN.length / 2), 'ü'.repeat(TOKEN.length)])
      await expectRefused(await call('POST', withCookie({ 'x-csrf-token': header })));
    const response = await call('GET', {}, '/api/still-alive');
    expect(response.status).toBe(200);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('lets a %s with the right header through', async (m) => {
    const response = await call(m, withCookie({ 'X-CSRF-Token': TOKEN }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, method: m });
  });

  it.each(['GET', 'HEAD', 'OPTIONS'])('lets a %s through without any token', async (m) => {
    const response = await call(m, withCookie());
    expect(response.status).toBe(200);
  });

  it('lets an exempt (Bearer) request through without any token', async () => {
    const response = await call('POST', { authorization: 'Bearer ocp_whatever' });
    expect(response.status).toBe(200);
    await expectRefused(await call('POST', { authorization: 'Basic dXNlcjpwdw==' }));
  });

  it('lets through a request the browser marks as sent from the same origin, and only that one', async () => {
    for (const m of ['POST', 'PATCH', 'DELETE']) {
      const response = await call(m, withCookie({ 'sec-fetch-site': 'same-origin' }));
      expect(response.status).toBe(200);
    }
    for (const site of ['same-site', 'cross-site', 'none', 'SAME-ORIGIN'])
      await expectRefused(await call('POST', withCookie({ 'sec-fetch-site': site })));
  });

  it('uses the configured cookie and header names', async () => {
    const good = await call('POST', { cookie: `xsrf=${TOKEN}`, 'x-xsrf': TOKEN }, '/custom/x');
    expect(good.status).toBe(200);
    await expectRefused(
      await call('POST', { cookie: `csrf_token=${TOKEN}`, 'x-csrf-token': TOKEN }, '/custom/x'),
    );
  });

  it("compares with the session's own token when given one", async () => {
    const planted = 'planted-by-a-sibling-domain';
    const good = await call('POST', { 'x-session': '1', 'x-csrf-token': TOKEN }, '/session/x');
    expect(good.status).toBe(200);
    await expectRefused(
      await call(
        'POST',
        { 'x-session': '1', cookie: `csrf_token=${planted}`, 'x-csrf-token': planted },
        '/session/x',
      ),
    );
    await expectRefused(
      await call('POST', { cookie: `csrf_token=${TOKEN}`, 'x-csrf-token': TOKEN }, '/session/x'),
    );
  });
});
