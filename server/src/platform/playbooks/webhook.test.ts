import { createHmac } from 'node:crypto';
import { secondsOf, verifyWebhook } from './webhook.js';

const body = Buffer.from('{"action":"opened"}');
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('webhook authentication', () => {
  it('takes any call when the webhook has none', () => {
    expect(verifyWebhook(undefined, { headers: {}, body })).toEqual({ ok: true });
  });

  it('basic: the username and password must match', () => {
    const auth = { basic: { username: 'ci', password: 's3cret' } };
    expect(verifyWebhook(auth, { headers: { authorization: basic('ci', 's3cret') }, body })).toEqual({
      ok: true,
    });
    expect(verifyWebhook(auth, { headers: { authorization: basic('ci', 'wrong') }, body })).toEqual({
      ok: false,
      status: 401,
      message: 'Username or password did not match',
    });
    expect(verifyWebhook(auth, { headers: {}, body })).toMatchObject({ ok: false, status: 401 });
  });

  it('github: X-Hub-Signature-256 must be the HMAC of the body', () => {
    const auth = { github: { token: 'gh-token' } };
    const signature = `sha256=${createHmac('sha256', 'gh-token').update(body).digest('hex')}`;
    expect(verifyWebhook(auth, { headers: { 'x-hub-signature-256': signature }, body })).toEqual({
      ok: true,
    });
    const other = Buffer.from('{"action":"closed"}');
    expect(verifyWebhook(auth, { headers: { 'x-hub-signature-256': signature }, body: other })).toEqual({
      ok: false,
      status: 401,
      message: 'Invalid signature',
    });
  });

  it('svix: the v1 signature of id, timestamp and body, within the tolerance', () => {
    const key = Buffer.from('svix-signing-key');
    const auth = { svix: { secret: `whsec_${key.toString('base64')}`, verifyTimestamp: '5m' } };
    const now = new Date('2026-01-01T00:00:00Z');
    const ts = String(now.getTime() / 1000);
    const sign = (at: string) =>
      `v1,${createHmac('sha256', key).update(`msg_1.${at}.`).update(body).digest('base64')}`;
    const headers = { 'svix-id': 'msg_1', 'svix-timestamp': ts, 'svix-signature': `v0,x ${sign(ts)}` };
    expect(verifyWebhook(auth, { headers, body, now })).toEqual({ ok: true });
    expect(
      verifyWebhook(auth, { headers: { ...headers, 'svix-signature': 'v1,bad' }, body, now }),
    ).toMatchObject({
      ok: false,
      status: 401,
    });
    const old = String(now.getTime() / 1000 - 3600);
    expect(
      verifyWebhook(auth, {
        headers: { ...headers, 'svix-timestamp': old, 'svix-signature': sign(old) },
        body,
        now,
      }),
    ).toEqual({ ok: false, status: 401, message: 'The svix timestamp is too old or too new' });
  });

  it('jwt: refused as not supported', () => {
    expect(verifyWebhook({ jwt: { jwksUri: 'https://x' } }, { headers: {}, body })).toEqual({
      ok: false,
      status: 501,
      message: 'JWT authentication of playbook webhooks is not supported by this console',
    });
  });

  it('reads durations', () => {
    expect(secondsOf('1h30m')).toBe(5400);
    expect(secondsOf('soon')).toBeUndefined();
  });
});
