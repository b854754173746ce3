import { randomBytes, scryptSync } from 'node:crypto';
import { createLocalUsers, type LocalUsers } from '../../server/src/auth/local-users.js';
import * as passwords from '../../server/src/auth/passwords.js';
import { HttpError } from '../../server/src/http/errors.js';
import { openDatabase, type Db } from '../../server/src/platform/db/db.js';
import { availableBackends, freshDatabase } from '../support/databases.js';

async function failure(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

/** A hash made with weaker parameters than today's, as an older release would have stored. */
function oldHash(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, 64, { N: 2 ** 14, r: 8, p: 1 });
  return `scrypt$16384$8$1$${salt.toString('base64')}$${hash.toString('base64')}`;
}

describe.each(availableBackends())('local users on %s', (backend) => {
  let db: Db;
  let drop: () => Promise<void>;
  let users: LocalUsers;

  beforeAll(async () => {
    const database = await freshDatabase(backend, 'empty');
    drop = database.drop;
    db = await openDatabase({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
    users = createLocalUsers(db);
  });
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  const credentials = async (personId: string) =>
    (
      await db.query<{ username: string; password_hash: string; password_changed_at: Date }>(
        `select username, password_hash, password_changed_at from _local_credentials where person_id = $1`,
        [personId],
      )
    ).rows[0];

  describe('ensureAdmin', () => {
    // First in this file: it acts only while there are no local credentials at all.
    it('creates admin once, with a generated password it returns, and then does nothing', async () => {
      const first = await users.ensureAdmin();
      expect(first).toEqual({ created: true, username: 'admin', generatedPassword: expect.any(String) });
      expect(first.generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);

      const signedIn = await users.verify('admin', first.generatedPassword!);
      expect(signedIn).toEqual({ personId: expect.any(String) });
      const { rows } = await db.query<{ name: string; email: string | null; roles: string[] }>(
        `select name, email, roles from people where id = $1`,
        [signedIn!.personId],
      );
      expect(rows).toEqual([{ name: 'Admin', email: null, roles: ['admin'] }]);

      await expect(users.ensureAdmin({ password: 'another-password' })).resolves.toEqual({
        created: false,
        username: 'admin',
      });
      await expect(users.verify('admin', 'another-password')).resolves.toBeUndefined();
      const { rows: admins } = await db.query(`select 1 from _local_credentials where username = 'admin'`);
      expect(admins).toHaveLength(1);
    });

    it('uses the given password, and creates only one admin when replicas start together', async () => {
      await db.query(`delete from people where id in (select person_id from _local_credentials)`);
      const results = await Promise.all([
        users.ensureAdmin({ password: 'from-the-env-1' }),
        createLocalUsers(db).ensureAdmin({ password: 'from-the-env-1' }),
        createLocalUsers(db).ensureAdmin({ password: 'from-the-env-1' }),
      ]);
      expect(results.filter((r) => r.created)).toEqual([{ created: true, username: 'admin' }]);
      expect(await users.verify('admin', 'from-the-env-1')).toBeDefined();
    });

    it('does nothing when any local user exists, even without an admin', async () => {
      await db.query(`delete from people where id in (select person_id from _local_credentials)`);
      await users.create({ username: 'someone', password: 'password-1', name: 'Someone', roles: [] });
      await expect(users.ensureAdmin()).resolves.toEqual({ created: false, username: 'admin' });
      await expect(users.verify('admin', 'anything-at-all')).resolves.toBeUndefined();
    });

    it('refuses a given password that is too short', async () => {
      await db.query(`delete from people where id in (select person_id from _local_credentials)`);
      const error = await failure(users.ensureAdmin({ password: 'short' }));
      expect(error).toMatchObject({
        status: 422,
        message: 'The password must be at least 8 characters long.',
      });
      const { rows } = await db.query(`select 1 from _local_credentials`);
      expect(rows).toHaveLength(0);
    });
  });

  describe('create', () => {
    it('creates the person and the credentials, lower-casing the username and hashing the password', async () => {
      const { personId } = await users.create({
        username: '  Alice.Smith@Example.com ',
        password: 'correct horse',
        name: ' Alice Smith ',
        email: 'alice@example.com',
        roles: ['responder', 'editor'],
      });
      const { rows } = await db.query(
        `select name, email, roles, type, deleted_at from people where id = $1`,
        [personId],
      );
      expect(rows).toEqual([
        {
          name: 'Alice Smith',
          email: 'alice@example.com',
          roles: ['editor', 'responder'],
          type: 'person',
          deleted_at: null,
        },
      ]);
      const stored = await credentials(personId);
      expect(stored?.username).toBe('alice.smith@example.com');
      expect(stored?.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
      expect(stored?.password_hash).not.toContain('correct horse');
      await expect(passwords.verifyPassword('correct horse', stored!.password_hash)).resolves.toBe(true);
      await expect(users.verify('ALICE.smith@example.com', 'correct horse')).resolves.toEqual({ personId });
    });

    it('refuses a username that is taken, in any case, with 409 and creates no person', async () => {
      await users.create({ username: 'bob', password: 'password-1', name: 'Bob', roles: [] });
      const before = (await db.query(`select count(*)::int as n from people`)).rows[0];
      const error = await failure(
        users.create({ username: 'BOB', password: 'password-2', name: 'Other Bob', roles: [] }),
      );
      expect(error).toMatchObject({ status: 409, message: 'A user named bob already exists.' });
      expect((await db.query(`select count(*)::int as n from people`)).rows[0]).toEqual(before);
    });

    it('refuses an email another person has, with 409', async () => {
      await users.create({
        username: 'carol',
        password: 'password-1',
        name: 'Carol',
        email: 'carol@x.io',
        roles: [],
      });
      const error = await failure(
        users.create({
          username: 'carol2',
          password: 'password-1',
          name: 'Carol',
          email: 'CAROL@x.io',
          roles: [],
        }),
      );
      expect(error).toMatchObject({
        status: 409,
        message: 'A user with the email CAROL@x.io already exists.',
      });
      const { rows } = await db.query(`select 1 from _local_credentials where username = 'carol2'`);
      expect(rows).toHaveLength(0);
    });

    it.each([
      ['', 'Please provide a username.'],
      ['   ', 'Please provide a username.'],
      ['with space', 'The username may only contain letters, digits and the characters . _ - @ +'],
      ['semi;colon', 'The username may only contain letters, digits and the characters . _ - @ +'],
      ['jöhn', 'The username may only contain letters, digits and the characters . _ - @ +'],
      ['x'.repeat(101), 'The username must be at most 100 characters long.'],
    ])('refuses the username %j with 422', async (username, message) => {
      const error = await failure(users.create({ username, password: 'password-1', name: 'N', roles: [] }));
      expect(error).toMatchObject({ status: 422, message });
    });

    it('accepts a username of 1 and of 100 characters with every allowed character', async () => {
      await users.create({ username: 'q', password: 'password-1', name: 'Q', roles: [] });
      const long = ('a.b_c-d@9' + 'z'.repeat(100)).slice(0, 100);
      await users.create({ username: long, password: 'password-1', name: 'Long', roles: [] });
      expect(await users.verify(long, 'password-1')).toBeDefined();
    });

    it.each(['', 'short', '1234567', 'ééééééé'])('refuses the password %j with 422', async (password) => {
      const error = await failure(users.create({ username: 'pw-test', password, name: 'P', roles: [] }));
      expect(error).toMatchObject({
        status: 422,
        message: 'The password must be at least 8 characters long.',
      });
    });

    it('accepts a password of exactly 8 characters, counted as characters', async () => {
      await users.create({ username: 'eight', password: '12345678', name: 'Eight', roles: [] });
      await users.create({ username: 'emoji', password: '🔑🔑🔑🔑🔑🔑🔑🔑', name: 'Emoji', roles: [] });
      expect(await users.verify('emoji', '🔑🔑🔑🔑🔑🔑🔑🔑')).toBeDefined();
      const error = await failure(
        users.create({ username: 'huge', password: 'x'.repeat(1025), name: 'Huge', roles: [] }),
      );
      expect(error).toMatchObject({
        status: 422,
        message: 'The password must be at most 1024 characters long.',
      });
    });

    it('refuses a missing name, a malformed email and an unknown role with 422', async () => {
      const base = { username: 'dan', password: 'password-1', name: 'Dan', roles: [] as never[] };
      await expect(failure(users.create({ ...base, name: '  ' }))).resolves.toMatchObject({
        status: 422,
        message: 'Please provide a name.',
      });
      await expect(failure(users.create({ ...base, email: 'not-an-email' }))).resolves.toMatchObject({
        status: 422,
        message: 'Entered value does not match email format',
      });
      await expect(failure(users.create({ ...base, roles: ['root' as never] }))).resolves.toMatchObject({
        status: 422,
        message: 'Unknown role: root',
      });
      const { rows } = await db.query(`select 1 from _local_credentials where username = 'dan'`);
      expect(rows).toHaveLength(0);
    });
  });

  describe('verify', () => {
    it('refuses a wrong password, an unknown user and a deleted person', async () => {
      const { personId } = await users.create({
        username: 'erin',
        password: 'erin-password',
        name: 'Erin',
        roles: ['viewer'],
      });
      await expect(users.verify('erin', 'erin-password')).resolves.toEqual({ personId });
      for (const [username, password] of [
        ['erin', 'erin-passwor'],
        ['erin', 'Erin-password'],
        ['erin', ''],
        ['nobody', 'erin-password'],
        ['', 'erin-password'],
        ['erin ; drop table people', 'erin-password'],
      ])
        await expect(users.verify(username!, password!)).resolves.toBeUndefined();

      await db.query(`update people set deleted_at = now() where id = $1`, [personId]);
      await expect(users.verify('erin', 'erin-password')).resolves.toBeUndefined();
      await db.query(`update people set deleted_at = null where id = $1`, [personId]);
      await expect(users.verify('erin', 'erin-password')).resolves.toEqual({ personId });
    });

    it('takes as long for an unknown or malformed user, a wrong password and a deleted person as for a right one', async () => {
      const { personId } = await users.create({
        username: 'frank',
        password: 'frank-pass',
        name: 'F',
        roles: [],
      });
      const timed = async (username: string, password: string) => {
        const start = process.hrtime.bigint();
        const result = await users.verify(username, password);
        return { result, ms: Number(process.hrtime.bigint() - start) / 1e6 };
      };
      await timed('nobody-at-all', 'frank-pass'); // builds the dummy hash
      const known = await timed('frank', 'frank-pass');
      const wrong = await timed('frank', 'wrong-pass');
      const unknown = await timed('nobody-at-all', 'frank-pass');
      const malformed = await timed('not a username!', 'frank-pass');
      await db.query(`update people set deleted_at = now() where id = $1`, [personId]);
      const deleted = await timed('frank', 'frank-pass');
      expect(known.result).toEqual({ personId });
      for (const other of [wrong, unknown, malformed, deleted]) expect(other.result).toBeUndefined();
      // One scrypt with N=2^15 (32 MB, memory-hard) cannot finish in under 10 ms on any machine,
      // while a refusal that skipped it would be a single indexed query: a floor that can't flake.
      for (const other of [known, wrong, unknown, malformed, deleted]) expect(other.ms).toBeGreaterThan(10);
    });

    it('rehashes a password stored with older parameters, and keeps accepting it', async () => {
      const { personId } = await users.create({
        username: 'gina',
        password: 'gina-pass',
        name: 'G',
        roles: [],
      });
      const legacy = oldHash('gina-pass');
      expect(passwords.needsRehash(legacy)).toBe(true);
      await db.query(`update _local_credentials set password_hash = $2 where person_id = $1`, [
        personId,
        legacy,
      ]);
      const changedAt = (await credentials(personId))!.password_changed_at;

      await expect(users.verify('gina', 'wrong-pass')).resolves.toBeUndefined();
      expect((await credentials(personId))!.password_hash).toBe(legacy);

      await expect(users.verify('gina', 'gina-pass')).resolves.toEqual({ personId });
      const after = (await credentials(personId))!;
      expect(after.password_hash).not.toBe(legacy);
      expect(passwords.needsRehash(after.password_hash)).toBe(false);
      expect(after.password_changed_at).toEqual(changedAt);
      await expect(users.verify('gina', 'gina-pass')).resolves.toEqual({ personId });
    });
  });

  describe('changePassword and setPassword', () => {
    it('changes the password when the current one is right', async () => {
      const { personId } = await users.create({
        username: 'hank',
        password: 'old-password',
        name: 'H',
        roles: [],
      });
      const before = (await credentials(personId))!;

      const wrong = await failure(users.changePassword(personId, 'not-the-password', 'new-password'));
      expect(wrong).toMatchObject({ status: 422, message: 'The current password is not correct.' });
      const short = await failure(users.changePassword(personId, 'old-password', 'short'));
      expect(short).toMatchObject({
        status: 422,
        message: 'The password must be at least 8 characters long.',
      });
      expect((await credentials(personId))!.password_hash).toBe(before.password_hash);

      await users.changePassword(personId, 'old-password', 'new-password');
      await expect(users.verify('hank', 'old-password')).resolves.toBeUndefined();
      await expect(users.verify('hank', 'new-password')).resolves.toEqual({ personId });
      const after = (await credentials(personId))!;
      expect(after.password_changed_at.getTime()).toBeGreaterThanOrEqual(
        before.password_changed_at.getTime(),
      );
      expect(after.password_hash).not.toBe(before.password_hash);
    });

    it('sets a password without the current one', async () => {
      const { personId } = await users.create({
        username: 'ivy',
        password: 'first-password',
        name: 'I',
        roles: [],
      });
      const short = await failure(users.setPassword(personId, '1234567'));
      expect(short).toMatchObject({
        status: 422,
        message: 'The password must be at least 8 characters long.',
      });
      await users.setPassword(personId, 'second-password');
      await expect(users.verify('ivy', 'first-password')).resolves.toBeUndefined();
      await expect(users.verify('ivy', 'second-password')).resolves.toEqual({ personId });
    });

    it('answers 404 for a person without a local password, a deleted person or a malformed id', async () => {
      const { rows } = await db.query<{ id: string }>(
        `insert into people (name) values ('OIDC person') returning id`,
      );
      const oidc = rows[0]!.id;
      const { personId: gone } = await users.create({
        username: 'gone',
        password: 'gone-pass',
        name: 'G',
        roles: [],
      });
      await db.query(`update people set deleted_at = now() where id = $1`, [gone]);
      for (const id of [oidc, gone, 'not-a-uuid', '00000000-0000-0000-0000-0000000000ff']) {
        const set = await failure(users.setPassword(id, 'some-password'));
        expect(set).toMatchObject({ status: 404, message: 'This user has no local password.' });
        const change = await failure(users.changePassword(id, 'gone-pass', 'some-password'));
        expect(change).toMatchObject({ status: 404 });
      }
      await db.query(`update people set deleted_at = null where id = $1`, [gone]);
      await expect(users.verify('gone', 'gone-pass')).resolves.toEqual({ personId: gone });
    });
  });
});
