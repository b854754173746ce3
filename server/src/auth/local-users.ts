import { ROLES, type Role } from '../access/roles.js';
import { passwordProblem } from '../../../common/credentials.js';
import { EMAIL_PATTERN, USER_FORM_MESSAGES } from '../../../common/user-form.js';
import { HttpError } from '../http/errors.js';
import type { Db } from '../platform/db/db.js';
import { saveIdentity, splitName } from './identities.js';
import { generatePassword, hashPassword, needsRehash, verifyPassword } from './passwords.js';
import { randomToken } from './tokens.js';
import { UUID as uuidPattern } from '../lib/uuid.js';

export interface NewLocalUser {
  username: string;
  password: string;
  name: string;
  email?: string | null;
  roles: readonly Role[];
}

export interface EnsureAdminResult {
  created: boolean;
  username: 'admin';
  /** Only when the password was generated here: the caller prints it once. */
  generatedPassword?: string;
}

/** People who sign in with a username and password (local mode, no OIDC issuer configured). */
export interface LocalUsers {
  /**
   * Creates the person and their credentials in one transaction. HttpError 422 for an invalid
   * username, name, email, role or password; 409 for a username or email already taken.
   */
  create(user: NewLocalUser): Promise<{ personId: string }>;
  /** The person these credentials belong to; undefined for an unknown user, a wrong password or a deleted person. */
  verify(username: string, password: string): Promise<{ personId: string } | undefined>;
  /** HttpError 422 when currentPassword is wrong or newPassword too short; 404 without a local password. */
  changePassword(personId: string, currentPassword: string, newPassword: string): Promise<void>;
  /** Sets a password without knowing the old one (invite links, administrators). */
  setPassword(personId: string, newPassword: string): Promise<void>;
  /**
   * Gives an existing person (an invited one) a username and password, or a new password when
   * they have one already. HttpError 422 for an invalid username or password, 409 when the
   * username belongs to someone else.
   */
  attachPassword(personId: string, username: string, password: string): Promise<void>;
  /** At first start (no local credentials at all) creates the 'admin' user; otherwise does nothing. */
  ensureAdmin(options?: { password?: string }): Promise<EnsureAdminResult>;
}

export const MAX_USERNAME_LENGTH = 100;

// ASCII only: JavaScript's and Postgres's lower() agree on it, and look-alike letters are out.
const usernamePattern = /^[a-z0-9._@+-]+$/;

const ADMIN_LOCK = 7_240_003;

const invalid = (message: string) => new HttpError(422, message);

/** The stored form of a username: trimmed and lower-cased. */
export function normalizeUsername(username: unknown): string {
  return typeof username === 'string' ? username.trim().toLowerCase() : '';
}

function checkUsername(username: string): void {
  if (!username) throw invalid('Please provide a username.');
  if (username.length > MAX_USERNAME_LENGTH)
    throw invalid(`The username must be at most ${MAX_USERNAME_LENGTH} characters long.`);
  if (!usernamePattern.test(username))
    throw invalid('The username may only contain letters, digits and the characters . _ - @ +');
}

function checkPassword(password: unknown): asserts password is string {
  const problem = passwordProblem(password);
  if (problem) throw invalid(problem);
}

function checkRoles(roles: unknown): Role[] {
  if (!Array.isArray(roles)) throw invalid('Please select any role');
  for (const role of roles)
    if (!ROLES.includes(role as Role)) throw invalid(`Unknown role: ${String(role).slice(0, 50)}`);
  return ROLES.filter((role) => roles.includes(role));
}

function uniqueViolation(error: unknown): string | undefined {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23505' ? String(constraint ?? '') : undefined;
}

export function createLocalUsers(db: Db): LocalUsers {
  // Verified against when the username is unknown, so that answer takes as long as a wrong password.
  let dummyHash: Promise<string> | undefined;
  const dummy = () => (dummyHash ??= hashPassword(randomToken(32)));

  async function credentialsOf(personId: string): Promise<string | undefined> {
    if (typeof personId !== 'string' || !uuidPattern.test(personId)) return undefined;
    const { rows } = await db.query<{ password_hash: string }>(
      `select c.password_hash from _local_credentials c join people p on p.id = c.person_id
       where c.person_id = $1 and p.deleted_at is null`,
      [personId],
    );
    return rows[0]?.password_hash;
  }

  async function storePassword(personId: string, password: string): Promise<void> {
    const hash = await hashPassword(password);
    await db.query(
      `update _local_credentials set password_hash = $2, password_changed_at = now() where person_id = $1`,
      [personId, hash],
    );
  }

  const users: LocalUsers = {
    async create({ username, password, name, email, roles }) {
      const login = normalizeUsername(username);
      checkUsername(login);
      const displayName = typeof name === 'string' ? name.trim() : '';
      if (!displayName) throw invalid('Please provide a name.');
      const address = typeof email === 'string' && email.trim() ? email.trim() : null;
      if (address && !EMAIL_PATTERN.test(address)) throw invalid(USER_FORM_MESSAGES.emailFormat);
      const knownRoles = checkRoles(roles);
      checkPassword(password);
      // Hashed before the transaction: scrypt takes a while and needs no connection.
      const hash = await hashPassword(password);
      try {
        return await db.transaction(async (tx) => {
          const { rows } = await tx.query<{ id: string }>(
            `insert into people (name, email, roles) values ($1, $2, $3::text[]) returning id`,
            [displayName, address, knownRoles],
          );
          const personId = rows[0]!.id;
          await tx.query(
            `insert into _local_credentials (person_id, username, password_hash) values ($1, $2, $3)`,
            [personId, login, hash],
          );
          await saveIdentity(tx, personId, { name: splitName(displayName), email: address }, 'active');
          return { personId };
        });
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint?.includes('username'))
          throw new HttpError(409, `A user named ${login} already exists.`);
        if (constraint?.includes('email'))
          throw new HttpError(409, `A user with the email ${address} already exists.`);
        throw error;
      }
    },

    async verify(username, password) {
      const login = normalizeUsername(username);
      const valid = login !== '' && login.length <= MAX_USERNAME_LENGTH && usernamePattern.test(login);
      const { rows } = valid
        ? await db.query<{ person_id: string; password_hash: string; deleted_at: Date | null }>(
            `select c.person_id, c.password_hash, p.deleted_at
             from _local_credentials c join people p on p.id = c.person_id where c.username = $1`,
            [login],
          )
        : { rows: [] };
      const row = rows[0];
      // Exactly one scrypt on every path: a deleted person's hash is checked too, then refused.
      const matches = await verifyPassword(password, row ? row.password_hash : await dummy());
      if (!row || !matches || row.deleted_at) return undefined;
      if (needsRehash(row.password_hash)) {
        // Only replaces the hash that was just verified, never a password changed meanwhile.
        await db.query(
          `update _local_credentials set password_hash = $3 where person_id = $1 and password_hash = $2`,
          [row.person_id, row.password_hash, await hashPassword(password)],
        );
      }
      return { personId: row.person_id };
    },

    async changePassword(personId, currentPassword, newPassword) {
      checkPassword(newPassword);
      const stored = await credentialsOf(personId);
      if (stored === undefined) throw new HttpError(404, 'This user has no local password.');
      if (!(await verifyPassword(currentPassword, stored)))
        throw invalid('The current password is not correct.');
      await storePassword(personId, newPassword);
    },

    async setPassword(personId, newPassword) {
      checkPassword(newPassword);
      if ((await credentialsOf(personId)) === undefined)
        throw new HttpError(404, 'This user has no local password.');
      await storePassword(personId, newPassword);
    },

    async attachPassword(personId, username, password) {
      const login = normalizeUsername(username);
      checkUsername(login);
      checkPassword(password);
      const hash = await hashPassword(password);
      try {
        await db.query(
          `insert into _local_credentials (person_id, username, password_hash) values ($1, $2, $3)
           on conflict (person_id) do update set password_hash = excluded.password_hash,
             password_changed_at = now()`,
          [personId, login, hash],
        );
      } catch (error) {
        if (uniqueViolation(error)) throw new HttpError(409, `A user named ${login} already exists.`);
        throw error;
      }
    },

    ensureAdmin({ password } = {}) {
      // Replicas starting together: only one of them creates the admin.
      return db.withAdvisoryLock(ADMIN_LOCK, async () => {
        const { rows } = await db.query<{ present: boolean }>(
          `select exists (select 1 from _local_credentials) as present`,
        );
        if (rows[0]?.present) return { created: false, username: 'admin' as const };
        const generatedPassword = password ? undefined : generatePassword();
        await users.create({
          username: 'admin',
          password: password || generatedPassword!,
          name: 'Admin',
          roles: ['admin'],
        });
        return generatedPassword
          ? { created: true, username: 'admin' as const, generatedPassword }
          : { created: true, username: 'admin' as const };
      });
    },
  };
  return users;
}
