import { createApiTokenStore } from '../../server/src/auth/api-token-store.js';
import { createSessionStore } from '../../server/src/auth/session-store.js';
import { createSignInThrottle } from '../../server/src/auth/sign-in-throttle.js';
import { sha256Hex } from '../../server/src/auth/tokens.js';
import { HttpError } from '../../server/src/http/errors.js';
import { openDatabase, type Db } from '../../server/src/platform/db/db.js';
import { loadSchema } from '../../server/src/platform/rest/schema.js';
import { availableBackends, freshDatabase } from '../support/databases.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A clock the test moves by hand. */
function clock(start = '2030-01-01T12:00:00Z') {
  let time = new Date(start).getTime();
  return {
    now: () => new Date(time),
    advance: (ms: number) => void (time += ms),
  };
}

/** The stores and sign-in tables on each engine. */
describe.each(availableBackends())('the sign-in stores on %s', (backend) => {
  let db: Db;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await freshDatabase(backend, 'empty');
    drop = database.drop;
    db = await openDatabase({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
  });
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  async function person(name: string): Promise<string> {
    const { rows } = await db.query<{ id: string }>(`insert into people (name) values ($1) returning id`, [
      name,
    ]);
    return rows[0]!.id;
  }

  describe('sessions', () => {
    const options = { idleTimeoutMs: 30 * MINUTE, absoluteTimeoutMs: 12 * HOUR };

    it('finds a session by its cookie value, and stores only the value’s hash', async () => {
      const time = clock();
      const store = createSessionStore(db, { ...options, now: time.now });
      const alice = await person('Alice');
      const provider = { refreshToken: 'rt-secret', idToken: 'id.token.here', endSessionHint: 'sid-1' };
      const session = await store.create(alice, provider);
      expect(session.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(session.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(session.csrfToken).not.toBe(session.id);
      expect(session.expiresAt).toEqual(new Date(time.now().getTime() + 12 * HOUR));

      await expect(store.find(session.id)).resolves.toEqual({
        personId: alice,
        csrfToken: session.csrfToken,
        createdAt: time.now(),
        expiresAt: session.expiresAt,
        provider,
      });
      const { rows } = await db.query<Record<string, unknown>>(
        `select * from _sessions where person_id = $1`,
        [alice],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]!.id_hash).toBe(sha256Hex(session.id));
      expect(JSON.stringify(rows)).not.toContain(session.id);

      const bare = await store.create(alice);
      expect((await store.find(bare.id))?.provider).toBeNull();
      for (const unknown of ['', 'nope', session.id.slice(1), sha256Hex(session.id)])
        await expect(store.find(unknown)).resolves.toBeUndefined();
    });

    it('expires a session left idle, and keeps one in use alive (touching it at most once a minute)', async () => {
      const time = clock();
      const store = createSessionStore(db, { ...options, now: time.now });
      const bob = await person('Bob');
      const idle = await store.create(bob);
      const busy = await store.create(bob);
      const lastSeen = async (id: string) =>
        (
          await db.query<{ last_seen_at: Date }>(`select last_seen_at from _sessions where id_hash = $1`, [
            sha256Hex(id),
          ])
        ).rows[0]!.last_seen_at;
      const created = time.now();

      time.advance(30 * 1000);
      expect(await store.find(busy.id)).toBeDefined();
      expect(await lastSeen(busy.id)).toEqual(created); // less than a minute: no write
      for (let step = 0; step < 3; step++) {
        time.advance(20 * MINUTE);
        expect(await store.find(busy.id)).toBeDefined();
        expect(await lastSeen(busy.id)).toEqual(time.now());
      }
      await expect(store.find(idle.id)).resolves.toBeUndefined();
      time.advance(30 * MINUTE - 1);
      expect(await store.find(busy.id)).toBeDefined();
      time.advance(30 * MINUTE);
      await expect(store.find(busy.id)).resolves.toBeUndefined();
    });

    it('keeps a session in use alive under an idle timeout shorter than a minute', async () => {
      const time = clock();
      const store = createSessionStore(db, { idleTimeoutMs: 2000, absoluteTimeoutMs: HOUR, now: time.now });
      const session = await store.create(await person('Quick'));
      for (let step = 0; step < 5; step++) {
        time.advance(900);
        expect(await store.find(session.id)).toBeDefined();
      }
      time.advance(2000);
      await expect(store.find(session.id)).resolves.toBeUndefined();
    });

    it('ends a session at its absolute expiry, however busy', async () => {
      const time = clock();
      const store = createSessionStore(db, { ...options, now: time.now });
      const session = await store.create(await person('Carol'));
      for (let elapsed = 0; elapsed < 12 * HOUR - 10 * MINUTE; elapsed += 10 * MINUTE) {
        time.advance(10 * MINUTE);
        expect(await store.find(session.id)).toBeDefined();
      }
      time.advance(10 * MINUTE);
      await expect(store.find(session.id)).resolves.toBeUndefined();
    });

    it('destroys one session, or every session of a person', async () => {
      const store = createSessionStore(db, options);
      const [dave, erin] = [await person('Dave'), await person('Erin')];
      const [first, second, third] = [
        await store.create(dave),
        await store.create(dave),
        await store.create(dave),
      ];
      const other = await store.create(erin);

      await store.destroy(first.id);
      await expect(store.find(first.id)).resolves.toBeUndefined();
      expect(await store.find(second.id)).toBeDefined();
      await store.destroy('not-a-session');

      await expect(store.destroyAllFor(dave)).resolves.toBe(2);
      await expect(store.find(second.id)).resolves.toBeUndefined();
      await expect(store.find(third.id)).resolves.toBeUndefined();
      expect((await store.find(other.id))?.personId).toBe(erin);
    });

    it('purges sessions past their absolute or idle expiry and keeps live ones', async () => {
      await db.query('delete from _sessions');
      const time = clock();
      const store = createSessionStore(db, { ...options, now: time.now });
      const frank = await person('Frank');
      await store.create(frank); // idle from here on
      time.advance(25 * MINUTE);
      const live = await store.create(frank);
      const old = await store.create(frank);
      await db.query(`update _sessions set expires_at = $2 where id_hash = $1`, [
        sha256Hex(old.id),
        time.now(),
      ]);
      time.advance(10 * MINUTE);

      await expect(store.purgeExpired()).resolves.toBe(2);
      expect(await store.find(live.id)).toBeDefined();
      const { rows } = await db.query<{ id_hash: string }>('select id_hash from _sessions');
      expect(rows.map((r) => r.id_hash)).toEqual([sha256Hex(live.id)]);
    });

    it('disappears with its person', async () => {
      const store = createSessionStore(db, options);
      const gone = await person('Gone');
      const session = await store.create(gone);
      await db.query('delete from people where id = $1', [gone]);
      await expect(store.find(session.id)).resolves.toBeUndefined();
    });
  });

  describe('API tokens', () => {
    it('authenticates a token it created, and stores only its hash', async () => {
      const time = clock();
      const store = createApiTokenStore(db, { now: time.now });
      const grace = await person('Grace');
      const created = await store.create(grace, '  CI pipeline  ');
      expect(created).toEqual({
        id: expect.any(String),
        token: expect.any(String),
        name: 'CI pipeline',
        expiresAt: null,
      });
      expect(created.token).toMatch(/^ocp_[A-Za-z0-9_-]{43}$/);

      await expect(store.authenticate(created.token)).resolves.toEqual({
        personId: grace,
        tokenId: created.id,
      });
      const { rows } = await db.query<Record<string, unknown>>(`select * from _api_tokens where id = $1`, [
        created.id,
      ]);
      expect(rows[0]!.token_hash).toBe(sha256Hex(created.token));
      expect(JSON.stringify(rows)).not.toContain(created.token.slice(4));

      for (const wrong of [
        '',
        'ocp_',
        created.token.slice(0, -1) + 'x',
        sha256Hex(created.token),
        `Bearer ${created.token}`,
      ])
        await expect(store.authenticate(wrong)).resolves.toBeUndefined();
    });

    it('records when a token was last used, at most once a minute', async () => {
      const time = clock();
      const store = createApiTokenStore(db, { now: time.now });
      const { id, token } = await store.create(await person('Heidi'), 'script');
      const lastUsed = async () =>
        (
          await db.query<{ last_used_at: Date | null }>(
            `select last_used_at from _api_tokens where id = $1`,
            [id],
          )
        ).rows[0]!.last_used_at;
      expect(await lastUsed()).toBeNull();
      await store.authenticate(token);
      const first = time.now();
      expect(await lastUsed()).toEqual(first);
      time.advance(59 * 1000);
      await store.authenticate(token);
      expect(await lastUsed()).toEqual(first);
      time.advance(1000);
      await store.authenticate(token);
      expect(await lastUsed()).toEqual(time.now());
    });

    it('refuses an expired token', async () => {
      const time = clock();
      const store = createApiTokenStore(db, { now: time.now });
      const { token } = await store.create(
        await person('Ivan'),
        'short-lived',
        new Date(time.now().getTime() + HOUR),
      );
      time.advance(HOUR - 1);
      expect(await store.authenticate(token)).toBeDefined();
      time.advance(1);
      await expect(store.authenticate(token)).resolves.toBeUndefined();
    });

    it('revokes only the owner’s token; a revoked token no longer authenticates', async () => {
      const store = createApiTokenStore(db);
      const [judy, mallory] = [await person('Judy'), await person('Mallory')];
      const { id, token } = await store.create(judy, 'laptop');
      await expect(store.revoke(mallory, id)).resolves.toBe(false);
      expect(await store.authenticate(token)).toBeDefined();
      await expect(store.revoke(judy, 'not-a-uuid')).resolves.toBe(false);
      await expect(store.revoke(judy, id)).resolves.toBe(true);
      await expect(store.authenticate(token)).resolves.toBeUndefined();
      await expect(store.revoke(judy, id)).resolves.toBe(false);
    });

    it('lists a person’s live tokens without any secret', async () => {
      const time = clock();
      const store = createApiTokenStore(db, { now: time.now });
      const [ken, other] = [await person('Ken'), await person('Other')];
      const expiry = new Date(time.now().getTime() + 24 * HOUR);
      const first = await store.create(ken, 'first', expiry);
      time.advance(MINUTE);
      const second = await store.create(ken, 'second');
      time.advance(MINUTE);
      const revoked = await store.create(ken, 'revoked');
      await store.revoke(ken, revoked.id);
      await store.create(other, 'not Ken’s');
      await store.authenticate(second.token);

      const list = await store.list(ken);
      expect(list).toEqual([
        {
          id: second.id,
          name: 'second',
          createdAt: new Date(time.now().getTime() - MINUTE),
          expiresAt: null,
          lastUsedAt: time.now(),
        },
        {
          id: first.id,
          name: 'first',
          createdAt: new Date(time.now().getTime() - 2 * MINUTE),
          expiresAt: expiry,
          lastUsedAt: null,
        },
      ]);
      const text = JSON.stringify(list);
      for (const secret of [first.token, second.token, sha256Hex(first.token), sha256Hex(second.token)])
        expect(text).not.toContain(secret);
    });

    it('refuses a missing or too long name and an expiry that is not in the future, with 422', async () => {
      const time = clock();
      const store = createApiTokenStore(db, { now: time.now });
      const leo = await person('Leo');
      const cases: Array<[string, Date | undefined, RegExp]> = [
        ['', undefined, /name/],
        ['   ', undefined, /name/],
        ['x'.repeat(101), undefined, /at most 100 characters/],
        ['ok', time.now(), /must be in the future/],
        ['ok', new Date(time.now().getTime() - 1), /must be in the future/],
        ['ok', new Date('not a date'), /not a valid date/],
      ];
      for (const [name, expiry, message] of cases) {
        const error = await store.create(leo, name, expiry).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(HttpError);
        expect(error).toMatchObject({ status: 422, message: expect.stringMatching(message) });
      }
      expect(await store.create(leo, 'x'.repeat(100))).toBeDefined();
      await expect(store.list(leo)).resolves.toHaveLength(1);
    });
  });

  describe('sign-in throttle', () => {
    it('locks a user after 5 failures, for the rest of the window, while other users from that address still may try', async () => {
      const time = clock();
      const throttle = createSignInThrottle(db, { now: time.now });
      for (let i = 0; i < 4; i++) {
        await throttle.recordFailure('Admin', '10.0.0.1');
        time.advance(MINUTE);
      }
      await expect(throttle.check('admin', '10.0.0.1')).resolves.toEqual({ allowed: true });
      await throttle.recordFailure('ADMIN ', '10.0.0.1');
      // The oldest of the 5 failures was 4 minutes ago: 11 minutes left of the 15-minute window.
      await expect(throttle.check('admin', '10.0.0.2')).resolves.toEqual({
        allowed: false,
        retryAfterSeconds: 11 * 60,
      });
      await expect(throttle.check('alice', '10.0.0.1')).resolves.toEqual({ allowed: true });

      time.advance(11 * MINUTE - 1000);
      expect((await throttle.check('admin', '10.0.0.1')).allowed).toBe(false);
      time.advance(1000);
      await expect(throttle.check('admin', '10.0.0.1')).resolves.toEqual({ allowed: true });
    });

    it('locks an address after 4× as many failures, across users', async () => {
      const time = clock();
      const throttle = createSignInThrottle(db, { maxFailures: 3, windowMs: 10 * MINUTE, now: time.now });
      for (let i = 0; i < 11; i++) await throttle.recordFailure(`user${i}`, '192.0.2.7');
      await expect(throttle.check('someone', '192.0.2.7')).resolves.toEqual({ allowed: true });
      await throttle.recordFailure('user11', '192.0.2.7');
      await expect(throttle.check('someone', '192.0.2.7')).resolves.toEqual({
        allowed: false,
        retryAfterSeconds: 600,
      });
      await expect(throttle.check('someone', '192.0.2.8')).resolves.toEqual({ allowed: true });
      // A user's own success does not clear the address.
      await throttle.reset('user11');
      expect((await throttle.check('user11', '192.0.2.7')).allowed).toBe(false);
    });

    it('forgets a user’s failures after a successful sign-in', async () => {
      const throttle = createSignInThrottle(db, { maxFailures: 2 });
      await throttle.recordFailure('Mia', '198.51.100.1');
      await throttle.recordFailure('mia', '198.51.100.1');
      expect((await throttle.check('mia', '198.51.100.1')).allowed).toBe(false);
      await throttle.reset('MIA');
      await expect(throttle.check('mia', '198.51.100.1')).resolves.toEqual({ allowed: true });
    });

    it('counts per user when the address is unknown, and prunes old failures on write', async () => {
      const time = clock();
      const throttle = createSignInThrottle(db, { maxFailures: 2, windowMs: MINUTE, now: time.now });
      await throttle.recordFailure('nina', undefined);
      await throttle.recordFailure('nina', '');
      expect((await throttle.check('nina', undefined)).allowed).toBe(false);
      time.advance(2 * MINUTE);
      await throttle.recordFailure('other', undefined);
      const { rows } = await db.query<{ key: string }>(
        `select key from _sign_in_failures where failed_at <= $1`,
        [new Date(time.now().getTime() - MINUTE)],
      );
      expect(rows).toEqual([]);
    });
  });

  describe('local credentials', () => {
    it('refuses a second account with the same user name, and a name that is not lower-cased', async () => {
      const [olga, pete] = [await person('Olga'), await person('Pete')];
      const insert = (personId: string, username: string) =>
        db.query(`insert into _local_credentials (person_id, username, password_hash) values ($1, $2, 'x')`, [
          personId,
          username,
        ]);
      await insert(olga, 'olga');
      await expect(insert(pete, 'olga')).rejects.toMatchObject({ code: '23505' });
      await expect(insert(pete, 'Pete')).rejects.toMatchObject({ code: '23514' });
      await insert(pete, 'pete');
      await db.query('delete from people where id = $1', [olga]);
      const { rows } = await db.query<{ username: string }>(
        `select username from _local_credentials where person_id = any($1::uuid[])`,
        [[olga, pete]],
      );
      expect(rows).toEqual([{ username: 'pete' }]);
    });
  });

  it('keeps the sign-in tables out of the REST API', async () => {
    const schema = await loadSchema(db);
    for (const table of ['_local_credentials', '_sessions', '_api_tokens', '_sign_in_failures'])
      expect(schema.relations.has(table)).toBe(false);
    expect(schema.relations.has('people')).toBe(true);
  });
});
