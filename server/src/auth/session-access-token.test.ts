import { keptAccessToken } from './session-access-token.js';

const NOW = Date.UTC(2026, 0, 1);
const jwtWith = (payload: Record<string, unknown>) =>
  ['{"alg":"RS256"}', JSON.stringify(payload), 'signature']
    .map((part) => Buffer.from(part).toString('base64url'))
    .join('.');

describe('keptAccessToken', () => {
  it('is due for renewal 30 s before it expires', () => {
    expect(keptAccessToken('opaque', 3600, NOW)).toEqual({
      access_token: 'opaque',
      access_token_expires_at: NOW + 3_600_000,
      access_token_refresh_at: NOW + 3_600_000 - 30_000,
    });
  });

  it('is due half-way through a life shorter than a minute, never at once', () => {
    expect(keptAccessToken('opaque', 20, NOW)).toMatchObject({
      access_token_expires_at: NOW + 20_000,
      access_token_refresh_at: NOW + 10_000,
    });
  });

  it("takes a JWT's exp when the answer gives no expires_in, else five minutes", () => {
    expect(keptAccessToken(jwtWith({ exp: NOW / 1000 + 600 }), undefined, NOW)).toMatchObject({
      access_token_expires_at: NOW + 600_000,
      access_token_refresh_at: NOW + 570_000,
    });
    expect(keptAccessToken('opaque', undefined, NOW)).toMatchObject({
      access_token_expires_at: NOW + 300_000,
    });
    expect(keptAccessToken(jwtWith({ sub: 'no exp' }), undefined, NOW)).toMatchObject({
      access_token_expires_at: NOW + 300_000,
    });
  });
});
