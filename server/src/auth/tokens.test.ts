import { createHash } from 'node:crypto';
import { API_TOKEN_PREFIX, looksLikeApiToken, newApiToken, randomToken, sha256Hex } from './tokens.js';

describe('randomToken', () => {
  it('gives base64url text of the requested number of random bytes', () => {
    const token = randomToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(Buffer.from(randomToken(48), 'base64url')).toHaveLength(48);
  });

  it('never repeats itself', () => {
    const tokens = new Set(Array.from({ length: 1000 }, () => randomToken()));
    expect(tokens.size).toBe(1000);
  });

  it('refuses too few bytes to be unguessable', () => {
    expect(() => randomToken(8)).toThrow(/at least 16 bytes/);
    expect(() => randomToken(16.5)).toThrow(/at least 16 bytes/);
  });
});

describe('sha256Hex', () => {
  it('is the hex sha256 of the UTF-8 text', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('grüße')).toBe(createHash('sha256').update(Buffer.from('grüße', 'utf8')).digest('hex'));
  });
});

describe('newApiToken', () => {
  it('makes a prefixed token and the sha256 of the whole token', () => {
    const { token, hash } = newApiToken();
    expect(token.startsWith(API_TOKEN_PREFIX)).toBe(true);
    expect(token).toMatch(/^ocp_[A-Za-z0-9_-]{43}$/);
    expect(hash).toBe(sha256Hex(token));
    expect(hash).not.toContain(token.slice(API_TOKEN_PREFIX.length));
    expect(newApiToken().token).not.toBe(token);
  });

  it('recognises the token shape and nothing else', () => {
    expect(looksLikeApiToken(newApiToken().token)).toBe(true);
    for (const value of [
      undefined,
      42,
      '',
      'ocp_',
      `xyz_${randomToken()}`,
      `ocp_${randomToken()}!`,
      `ocp_${randomToken(48)}`,
    ])
      expect(looksLikeApiToken(value)).toBe(false);
  });
});
