import { HttpError } from '../http/errors.js';
import type { Queryable } from '../platform/db/db.js';
import { MAY_ACT, PRINCIPAL_COLUMNS, principalOf, type Principal, type PrincipalRow } from './identities.js';
import { looksLikeApiToken, newApiToken, sha256Hex } from './tokens.js';
import { UUID as uuidPattern } from '../lib/uuid.js';

export interface NewApiToken {
  id: string;
  /** The secret: shown once, only its sha256 is stored. */
  token: string;
  name: string;
  expiresAt: Date | null;
}

export interface ApiTokenInfo {
  id: string;
  name: string;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}

/** A live token with the person it acts for, as one statement reads them. */
export interface SignedToken {
  tokenId: string;
  personId: string;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  principal: Principal;
}

export interface ApiTokenStore {
  /** Throws HttpError 422 for a missing or too long name, or an expiry that is not in the future. */
  create(personId: string, name: string, expiresAt?: Date | null): Promise<NewApiToken>;
  /** Who a Bearer token belongs to; undefined when it is unknown, revoked or expired. */
  authenticate(token: string): Promise<{ personId: string; tokenId: string } | undefined>;
  /** authenticate, with the person the token acts for; undefined too when they may no longer act. */
  findSigned(token: string): Promise<SignedToken | undefined>;
  /** Whether a token read earlier is still unexpired now; records its use as authenticate does, updating `found`. */
  stillLive(found: SignedToken): Promise<boolean>;
  /** A person's tokens that are not revoked (expired ones included), newest first; never the secret or its hash. */
  list(personId: string): Promise<ApiTokenInfo[]>;
  /** Revokes one of the person's own tokens; false when they have no such live token. */
  revoke(personId: string, tokenId: string): Promise<boolean>;
  /** Revokes every live token of the person (an agent's, as its token is rotated or it is deleted); how many. */
  revokeAll(personId: string): Promise<number>;
}

export const MAX_TOKEN_NAME_LENGTH = 100;

const LAST_USED_INTERVAL_MS = 60_000;

function invalid(message: string): HttpError {
  return new HttpError(422, message);
}

interface TokenRow {
  id: string;
  person_id: string;
  expires_at: Date | null;
  last_used_at: Date | null;
}

/** `db` may be a transaction: the token is then created or revoked with the rest of it. */
export function createApiTokenStore(db: Queryable, options: { now?: () => Date } = {}): ApiTokenStore {
  const { now = () => new Date() } = options;
  /** Unexpired now; records the use (last_used_at, and on the row given) at most once a minute. */
  const admit = async (row: Pick<TokenRow, 'id' | 'expires_at' | 'last_used_at'>) => {
    const at = now();
    if (row.expires_at && row.expires_at.getTime() <= at.getTime()) return false;
    if (!row.last_used_at || at.getTime() - row.last_used_at.getTime() >= LAST_USED_INTERVAL_MS) {
      await db.query(
        `update _api_tokens set last_used_at = $2
         where id = $1 and (last_used_at is null or last_used_at < $2)`,
        [row.id, at],
      );
      row.last_used_at = at;
    }
    return true;
  };

  return {
    async create(personId, name, expiresAt) {
      const trimmed = typeof name === 'string' ? name.trim() : '';
      if (!trimmed) throw invalid('Please give the token a name.');
      if (trimmed.length > MAX_TOKEN_NAME_LENGTH)
        throw invalid(`The token name must be at most ${MAX_TOKEN_NAME_LENGTH} characters long.`);
      if (expiresAt != null) {
        if (!(expiresAt instanceof Date) || Number.isNaN(expiresAt.getTime()))
          throw invalid('The token expiry is not a valid date.');
        if (expiresAt.getTime() <= now().getTime()) throw invalid('The token expiry must be in the future.');
      }
      const { token, hash } = newApiToken();
      const { rows } = await db.query<{ id: string }>(
        `insert into _api_tokens (person_id, name, token_hash, created_at, expires_at)
         values ($1, $2, $3, $4, $5) returning id`,
        [personId, trimmed, hash, now(), expiresAt ?? null],
      );
      return { id: rows[0]!.id, token, name: trimmed, expiresAt: expiresAt ?? null };
    },

    async authenticate(token) {
      if (!looksLikeApiToken(token)) return undefined;
      const { rows } = await db.query<TokenRow>(
        `select id, person_id, expires_at, last_used_at from _api_tokens
         where token_hash = $1 and revoked_at is null`,
        [sha256Hex(token)],
      );
      const row = rows[0];
      if (!row || !(await admit(row))) return undefined;
      return { personId: row.person_id, tokenId: row.id };
    },

    async findSigned(token) {
      if (!looksLikeApiToken(token)) return undefined;
      const { rows } = await db.query<TokenRow & PrincipalRow>(
        `select t.id, t.expires_at, t.last_used_at, ${PRINCIPAL_COLUMNS}
         from _api_tokens t join people p on p.id = t.person_id left join identities i on i.id = p.id
         where t.token_hash = $1 and t.revoked_at is null and ${MAY_ACT}`,
        [sha256Hex(token)],
      );
      const row = rows[0];
      if (!row || !(await admit(row))) return undefined;
      return {
        tokenId: row.id,
        personId: row.person_id,
        expiresAt: row.expires_at,
        lastUsedAt: row.last_used_at,
        principal: principalOf(row),
      };
    },

    async stillLive(found) {
      const row = { id: found.tokenId, expires_at: found.expiresAt, last_used_at: found.lastUsedAt };
      const live = await admit(row);
      found.lastUsedAt = row.last_used_at;
      return live;
    },

    async list(personId) {
      const { rows } = await db.query<{
        id: string;
        name: string;
        created_at: Date;
        expires_at: Date | null;
        last_used_at: Date | null;
      }>(
        `select id, name, created_at, expires_at, last_used_at from _api_tokens
         where person_id = $1 and revoked_at is null order by created_at desc, id`,
        [personId],
      );
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        createdAt: row.created_at,
        expiresAt: row.expires_at,
        lastUsedAt: row.last_used_at,
      }));
    },

    async revoke(personId, tokenId) {
      if (typeof tokenId !== 'string' || !uuidPattern.test(tokenId)) return false;
      const { rowCount } = await db.query(
        `update _api_tokens set revoked_at = $3 where id = $1 and person_id = $2 and revoked_at is null`,
        [tokenId, personId, now()],
      );
      return rowCount > 0;
    },

    async revokeAll(personId) {
      const { rowCount } = await db.query(
        `update _api_tokens set revoked_at = $2 where person_id = $1 and revoked_at is null`,
        [personId, now()],
      );
      return rowCount;
    },
  };
}
