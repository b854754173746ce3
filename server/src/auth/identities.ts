import { effectiveRoles, permissionsFor, type Permissions, type Role } from '../access/roles.js';
import type { Queryable } from '../platform/db/db.js';

/** What spec 3 §3 shows of a user: `traits.name.first`, `traits.name.last`, `traits.email`. */
export interface Traits {
  name: { first: string; last: string };
  email: string | null;
}

/** First word is the first name, the rest the last name ('Ada' → Ada, ''). */
export function splitName(name: string): Traits['name'] {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { first, last: rest.join(' ') };
}

export const fullName = ({ first, last }: Traits['name']) => [first, last].filter(Boolean).join(' ');

/** Creates or replaces the person's identity row (every person who signs in has one). */
export async function saveIdentity(
  db: Queryable,
  personId: string,
  traits: Traits,
  state?: 'active' | 'inactive',
): Promise<void> {
  await db.query(
    `insert into identities (id, traits, state) values ($1, $2::jsonb, coalesce($3, 'active'))
     on conflict (id) do update set traits = excluded.traits,
       state = coalesce($3, identities.state),
       state_changed_at = case when $3 is not null and $3 <> identities.state then now()
                               else identities.state_changed_at end`,
    [personId, JSON.stringify(traits), state ?? null],
  );
}

/** Who a request acts for: a person who may sign in, their effective roles and permissions. */
export interface Principal {
  id: string;
  name: string;
  email: string | null;
  avatar: string | null;
  roles: Role[];
  permissions: Permissions;
}

/** The columns principalOf reads, from `people p left join identities i on i.id = p.id`. */
export const PRINCIPAL_COLUMNS = 'p.id as person_id, p.name, p.email, p.avatar, p.roles';
/** The condition a person must meet to act: not deleted, not deactivated. */
export const MAY_ACT = `p.deleted_at is null and coalesce(i.state, 'active') = 'active'`;

export interface PrincipalRow {
  person_id: string;
  name: string;
  email: string | null;
  avatar: string | null;
  roles: string[];
}

export function principalOf(row: PrincipalRow): Principal {
  return {
    id: row.person_id,
    name: row.name,
    email: row.email,
    avatar: row.avatar,
    roles: effectiveRoles(row.roles),
    permissions: permissionsFor(row.roles),
  };
}

/** The person behind a sign-in, if they may still act: not deleted, not deactivated. */
export async function loadPrincipal(db: Queryable, personId: string): Promise<Principal | undefined> {
  const { rows } = await db.query<PrincipalRow>(
    `select ${PRINCIPAL_COLUMNS} from people p left join identities i on i.id = p.id
     where p.id = $1 and ${MAY_ACT}`,
    [personId],
  );
  return rows[0] && principalOf(rows[0]);
}
