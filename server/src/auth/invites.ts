import type { Db, Queryable } from '../platform/db/db.js';
import { randomToken, sha256Hex } from './tokens.js';

export interface Invite {
  personId: string;
  firstName: string;
  lastName: string;
  email: string | null;
}

export interface Invites {
  /** A new link token for the person; older unused ones stop working. */
  create(tx: Queryable, personId: string, createdBy: string): Promise<string>;
  /** The live invitation this token stands for: not used, not expired, its person not deleted. */
  find(token: unknown): Promise<Invite | undefined>;
  /** Marks it used; false when someone used it meanwhile. */
  use(tx: Queryable, token: string): Promise<boolean>;
}

export const INVITE_INVALID = 'This invite link is not valid or has expired.';
const TTL_MS = 7 * 24 * 3_600_000;

export function createInvites(db: Db, { now = () => new Date() }: { now?: () => Date } = {}): Invites {
  return {
    async create(tx, personId, createdBy) {
      const token = randomToken(32);
      const at = now();
      await tx.query(`delete from _invites where person_id = $1 and used_at is null`, [personId]);
      await tx.query(
        `insert into _invites (token_hash, person_id, created_by, created_at, expires_at) values ($1, $2, $3, $4, $5)`,
        [sha256Hex(token), personId, createdBy, at, new Date(at.getTime() + TTL_MS)],
      );
      return token;
    },

    async find(token) {
      if (typeof token !== 'string' || token.length < 20 || token.length > 200) return undefined;
      const { rows } = await db.query<{
        person_id: string;
        traits: { name?: { first?: string; last?: string }; email?: string };
      }>(
        `select v.person_id, i.traits from _invites v
         join people p on p.id = v.person_id and p.deleted_at is null
         join identities i on i.id = v.person_id and i.state = 'active'
         where v.token_hash = $1 and v.used_at is null and v.expires_at > $2`,
        [sha256Hex(token), now()],
      );
      const row = rows[0];
      if (!row) return undefined;
      return {
        personId: row.person_id,
        firstName: row.traits.name?.first ?? '',
        lastName: row.traits.name?.last ?? '',
        email: row.traits.email ?? null,
      };
    },

    async use(tx, token) {
      const { rowCount } = await tx.query(
        `update _invites set used_at = $2 where token_hash = $1 and used_at is null`,
        [sha256Hex(token), now()],
      );
      return rowCount > 0;
    },
  };
}
