import { scryptSync } from 'node:crypto';
import { generatePassword, hashPassword, needsRehash, verifyPassword } from './passwords.js';

describe('passwords', () => {
  it('verifies the password it hashed, in the documented format', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{86}==$/);
    expect(Buffer.from(stored.split('$')[4]!, 'base64')).toHaveLength(16);
    expect(Buffer.from(stored.split('$')[5]!, 'base64')).toHaveLength(64);
    await expect(verifyPassword('correct horse battery staple', stored)).resolves.toBe(true);
  });

  it('refuses a wrong password', async () => {
    const stored = await hashPassword('s3cret');
    for (const wrong of ['s3cret ', 'S3cret', 's3cre', ''])
      await expect(verifyPassword(wrong, stored)).resolves.toBe(false);
  });

  it('salts every hash differently', async () => {
    const [first, second] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(first).not.toBe(second);
    expect(first.split('$')[4]).not.toBe(second.split('$')[4]);
    await expect(verifyPassword('same', second)).resolves.toBe(true);
  });

  it('answers false, without throwing, for a malformed stored value', async () => {
    const good = await hashPassword('pw');
    const [, N, r, p, salt, hash] = good.split('$');
    const malformed = [
      '',
      'pw',
      'plain:pw',
      good.replace('scrypt$', 'bcrypt$'),
      `scrypt$${N}$${r}$${p}$${salt}`,
      `scrypt$${N}$${r}$${p}$${salt}$${hash}$extra`,
      `scrypt$1000$${r}$${p}$${salt}$${hash}`, // N not a power of two
      `scrypt$${2 ** 30}$${r}$${p}$${salt}$${hash}`, // absurd cost
      `scrypt$${N}$0$${p}$${salt}$${hash}`,
      `scrypt$${N}$-8$${p}$${salt}$${hash}`,
      `scrypt$${N}$${r}$${p}$not*base64$${hash}`,
      `scrypt$${N}$${r}$${p}$${salt}$`,
      `scrypt$${N}$${r}$${p}$${salt}$AAAA`, // a 3-byte hash
    ];
    for (const stored of malformed) await expect(verifyPassword('pw', stored)).resolves.toBe(false);
    await expect(verifyPassword('pw', undefined as unknown as string)).resolves.toBe(false);
  });

  it('reads the cost parameters from the stored value, so they can be raised later', async () => {
    const good = await hashPassword('pw');
    // A hash made with other parameters (N=2^10) by hand: scrypt of the same salt.
    const salt = Buffer.from(good.split('$')[4]!, 'base64');
    const cheap = `scrypt$1024$8$1$${salt.toString('base64')}$${scryptSync('pw', salt, 32, { N: 1024 }).toString('base64')}`;
    await expect(verifyPassword('pw', cheap)).resolves.toBe(true);
    await expect(verifyPassword('PW', cheap)).resolves.toBe(false);
    expect(needsRehash(cheap)).toBe(true);
    expect(needsRehash(good)).toBe(false);
    expect(needsRehash('garbage')).toBe(true);
  });

  it('handles unicode passwords, whichever way the keyboard composed the accents', async () => {
    const stored = await hashPassword('Grüße, 世界 🔑');
    await expect(verifyPassword('Grüße, 世界 🔑', stored)).resolves.toBe(true);
    await expect(verifyPassword('Grüße, 世界 🔑'.normalize('NFD'), stored)).resolves.toBe(true);
    await expect(verifyPassword('Gruße, 世界 🔑', stored)).resolves.toBe(false);
  });

  it('refuses to hash an empty password', async () => {
    await expect(hashPassword('')).rejects.toThrow('A password must not be empty');
  });

  it('generates 24 URL-safe characters, different each time', () => {
    const passwords = Array.from({ length: 100 }, generatePassword);
    for (const password of passwords) expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(new Set(passwords).size).toBe(100);
  });
});
