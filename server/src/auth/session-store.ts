import type { Db } from '../platform/db/db.js';
import { MAY_ACT, PRINCIPAL_COLUMNS, principalOf, type Principal, type PrincipalRow } from './identities.js';
import { randomToken, sha256Hex } from './tokens.js';

/** Server-side OIDC tokens kept with a session; never sent to a browser. */
export type ProviderTokens = Record<string, unknown>;

export interface NewSession {
  /** The cookie value: shown once, only its sha256 is stored. */
  id: string;
  csrfToken: string;
  expiresAt: Date;
}

export interface Session {
  personId: string;
  csrfToken: string;
  createdAt: Date;
  expiresAt: Date;
  provider: ProviderTokens | null;
}

/** A live session with the person it acts for, as one statement reads them. */
export interface SignedSession extends Session {
  idHash: string;
  lastSeenAt: Date;
  principal: Principal;
}

export interface SessionStore {
  create(personId: string, provider?: ProviderTokens): Promise<NewSession>;
  /** The live session with this cookie value; undefined when unknown, past its expiry or idle too long. */
  find(id: string): Promise<Session | undefined>;
  /** find, with the person the session acts for; undefined too when they may no longer act. */
  findSigned(id: string): Promise<SignedSession | undefined>;
  /**
   * Whether a session read earlier is still within its expiry and idle timeout now; keeps it
   * alive (last_seen_at) as find does, updating `found`.
   */
  stillLive(found: SignedSession): Promise<boolean>;
  destroy(id: string): Promise<void>;
  /** Ends every session of a person (password change, removal); returns how many ended. */
  destroyAllFor(personId: string): Promise<number>;
  /** Deletes sessions past their absolute or idle expiry; returns how many. */
  purgeExpired(): Promise<number>;
}

export interface SessionStoreOptions {
  idleTimeoutMs: number;
  absoluteTimeoutMs: number;
  now?: () => Date;
}

// Writing last_seen_at on every request would turn each read into a write; a minute's
// precision is plenty for an idle timeout counted in minutes or hours.
const TOUCH_INTERVAL_MS = 60_000;

interface SessionRow {
  person_id: string;
  csrf_token: string;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  provider: ProviderTokens | null;
}

export function createSessionStore(db: Db, options: SessionStoreOptions): SessionStore {
  const { idleTimeoutMs, absoluteTimeoutMs, now = () => new Date() } = options;
  for (const [name, value] of Object.entries({ idleTimeoutMs, absoluteTimeoutMs }))
    if (!Number.isFinite(value) || value <= 0)
      throw new Error(`${name} must be a positive number of milliseconds`);
  // Touched often enough that a short idle timeout can't end a session in use.
  const touchInterval = Math.min(TOUCH_INTERVAL_MS, idleTimeoutMs / 2);
  const usable = (id: unknown): id is string => typeof id === 'string' && id !== '';
  /** Within the absolute and idle timeouts now; touches last_seen_at (and the row given) when due. */
  const admit = async (idHash: string, row: Pick<SessionRow, 'expires_at' | 'last_seen_at'>) => {
    const at = now();
    if (row.expires_at.getTime() <= at.getTime()) return false;
    if (at.getTime() - row.last_seen_at.getTime() >= idleTimeoutMs) return false;
    if (at.getTime() - row.last_seen_at.getTime() >= touchInterval) {
      // Only moves forward: a concurrent request that touched it later is not undone.
      await db.query(`update _sessions set last_seen_at = $2 where id_hash = $1 and last_seen_at < $2`, [
        idHash,
        at,
      ]);
      row.last_seen_at = at;
    }
    return true;
  };
  const sessionOf = (row: SessionRow) => ({
    personId: row.person_id,
    csrfToken: row.csrf_token,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    provider: row.provider,
  });

  return {
    async create(personId, provider) {
      const id = randomToken(32);
      const csrfToken = randomToken(32);
      const createdAt = now();
      const expiresAt = new Date(createdAt.getTime() + absoluteTimeoutMs);
      await db.query(
        `insert into _sessions (id_hash, person_id, csrf_token, created_at, last_seen_at, expires_at, provider)
         values ($1, $2, $3, $4, $4, $5, $6::jsonb)`,
        [
          sha256Hex(id),
          personId,
          csrfToken,
          createdAt,
          expiresAt,
          provider ? JSON.stringify(provider) : null,
        ],
      );
      return { id, csrfToken, expiresAt };
    },

    async find(id) {
      if (!usable(id)) return undefined;
      const idHash = sha256Hex(id);
      const { rows } = await db.query<SessionRow>(
        `select person_id, csrf_token, created_at, last_seen_at, expires_at, provider
         from _sessions where id_hash = $1`,
        [idHash],
      );
      const row = rows[0];
      if (!row || !(await admit(idHash, row))) return undefined;
      return sessionOf(row);
    },

    async findSigned(id) {
      if (!usable(id)) return undefined;
      const idHash = sha256Hex(id);
      const { rows } = await db.query<SessionRow & PrincipalRow>(
        `select s.csrf_token, s.created_at, s.last_seen_at, s.expires_at, s.provider, ${PRINCIPAL_COLUMNS}
         from _sessions s join people p on p.id = s.person_id left join identities i on i.id = p.id
         where s.id_hash = $1 and ${MAY_ACT}`,
        [idHash],
      );
      const row = rows[0];
      if (!row || !(await admit(idHash, row))) return undefined;
      return { ...sessionOf(row), idHash, lastSeenAt: row.last_seen_at, principal: principalOf(row) };
    },

    async stillLive(found) {
      const row = { expires_at: found.expiresAt, last_seen_at: found.lastSeenAt };
      const live = await admit(found.idHash, row);
      found.lastSeenAt = row.last_seen_at;
      return live;
    },

    async destroy(id) {
      if (!usable(id)) return;
      await db.query(`delete from _sessions where id_hash = $1`, [sha256Hex(id)]);
    },

    async destroyAllFor(personId) {
      return (await db.query(`delete from _sessions where person_id = $1`, [personId])).rowCount;
    },

    async purgeExpired() {
      const at = now();
      const { rowCount } = await db.query(
        `delete from _sessions where expires_at <= $1 or last_seen_at <= $2`,
        [at, new Date(at.getTime() - idleTimeoutMs)],
      );
      return rowCount;
    },
  };
}
