import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** Today's parameters; raising them makes needsRehash true for older hashes. */
const CURRENT = { N: 2 ** 15, r: 8, p: 1, saltBytes: 16, keyBytes: 64 };

// Stored values are ours, but a corrupted one must not make verification allocate gigabytes.
const LIMITS = { N: 2 ** 20, r: 32, p: 16, keyBytes: 256 };

interface Parsed {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

const base64 = /^[A-Za-z0-9+/]+={0,2}$/;

function derive(password: string, salt: Buffer, keyBytes: number, N: number, r: number, p: number) {
  // scrypt needs 128·N·r bytes; Node's default maxmem (32 MiB) is exactly that for N=2^15, r=8.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, keyBytes, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

const positiveInt = (text: string | undefined) => (text && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : 0);
const fromBase64 = (text: string | undefined) =>
  text && base64.test(text) ? Buffer.from(text, 'base64') : undefined;

function parse(stored: unknown): Parsed | undefined {
  if (typeof stored !== 'string') return undefined;
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [N, r, p] = [positiveInt(parts[1]), positiveInt(parts[2]), positiveInt(parts[3])];
  const [salt, hash] = [fromBase64(parts[4]), fromBase64(parts[5])];
  const powerOfTwo = N > 1 && (N & (N - 1)) === 0;
  if (!powerOfTwo || N > LIMITS.N || r < 1 || r > LIMITS.r || p < 1 || p > LIMITS.p) return undefined;
  if (!salt || salt.length < 8 || !hash || hash.length < 16 || hash.length > LIMITS.keyBytes)
    return undefined;
  return { N, r, p, salt, hash };
}

/** `scrypt$N$r$p$salt$hash` (salt and hash in base64), with a fresh random salt. */
export async function hashPassword(plain: string): Promise<string> {
  if (typeof plain !== 'string' || plain === '') throw new Error('A password must not be empty');
  const { N, r, p, saltBytes, keyBytes } = CURRENT;
  const salt = randomBytes(saltBytes);
  const hash = await derive(plain, salt, keyBytes, N, r, p);
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** Whether plain is the password stored hashes; false for an empty password or a malformed stored value. */
export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed || typeof plain !== 'string' || plain === '') return false;
  const { N, r, p, salt, hash } = parsed;
  const candidate = await derive(plain, salt, hash.length, N, r, p);
  return timingSafeEqual(candidate, hash);
}

/** True when the stored hash was made with other parameters than today's (or cannot be read). */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return (
    !parsed ||
    parsed.N !== CURRENT.N ||
    parsed.r !== CURRENT.r ||
    parsed.p !== CURRENT.p ||
    parsed.salt.length !== CURRENT.saltBytes ||
    parsed.hash.length !== CURRENT.keyBytes
  );
}

/** A random password of 24 URL-safe characters (144 bits), e.g. for the first admin. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
