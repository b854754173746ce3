import type { Request, Response } from 'express';
import { FLOW_COOKIE, FLOW_MAX_AGE_MS, readFlow, writeFlow, type Flow } from './oidc-flow.js';

const flow: Flow = {
  strategy: { code_verifier: 'verifier', state: 'state', nonce: 'nonce' },
  returnTo: '/health?tab=1',
};

/** The cookie writeFlow sets, as the browser would send it back. */
function written(secure = false): { value: string; options: Record<string, unknown> } {
  const cookies: { value: string; options: Record<string, unknown> }[] = [];
  const res = {
    cookie: (name: string, value: string, options: Record<string, unknown>) => {
      expect(name).toBe(FLOW_COOKIE);
      cookies.push({ value, options });
    },
  } as unknown as Response;
  writeFlow({ secure } as Request, res, '/console/', flow);
  return cookies[0]!;
}

const requestWith = (value: string) => ({ headers: { cookie: `a=b; ${FLOW_COOKIE}=${value}` } }) as Request;
const encode = (data: unknown) => Buffer.from(JSON.stringify(data)).toString('base64url');

describe('the OIDC flow cookie', () => {
  it('is httpOnly, SameSite=Lax, on the OIDC routes only, for ten minutes, Secure behind TLS', () => {
    expect(written().options).toEqual({
      httpOnly: true,
      sameSite: 'lax',
      secure: false,
      path: '/console/api/auth/oidc/',
      maxAge: 600_000,
    });
    expect(written(true).options.secure).toBe(true);
  });

  it('gives back what was written', () => {
    expect(readFlow(requestWith(written().value))).toEqual({
      strategy: flow.strategy,
      returnTo: '/health?tab=1',
    });
  });

  it('is expired after ten minutes even if the browser still sends it', () => {
    const { value } = written();
    expect(readFlow(requestWith(value), Date.now() + FLOW_MAX_AGE_MS - 1000)).toBeDefined();
    expect(readFlow(requestWith(value), Date.now() + FLOW_MAX_AGE_MS + 1)).toBeUndefined();
  });

  it.each([
    ['absent', undefined],
    ['not base64 JSON', 'not json at all'],
    ['JSON that is not an object', encode('text')],
    ['without a code verifier', encode({ state: 's', nonce: 'n', return_to: '/', started_at: Date.now() })],
    [
      'with a foreign return_to',
      encode({ code_verifier: 'v', return_to: '//evil.example', started_at: Date.now() }),
    ],
    ['without a start time', encode({ code_verifier: 'v', return_to: '/' })],
    [
      'with a state that is not text',
      encode({ code_verifier: 'v', state: 1, return_to: '/', started_at: Date.now() }),
    ],
  ])('is no flow when %s', (_case, value) => {
    const req = value === undefined ? ({ headers: {} } as Request) : requestWith(value);
    expect(readFlow(req)).toBeUndefined();
  });
});
