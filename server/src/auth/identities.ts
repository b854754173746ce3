import { effectiveRoles, permissionsFor, RESOURCES, type Permissions, type Role } from '../access/roles.js';
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
  /** A local user's username (people who sign in at an OpenID provider have none). */
  username?: string | null;
  roles: Role[];
  permissions: Permissions;
  /**
   * Set when the person is an agent's own (type `agent`, of a live agent): the request acts as
   * that agent, which reaches only the agent endpoints (/api/upstream) and has no role.
   */
  agentId?: string;
}

/** The live agent whose principal the person `p` is, if any. */
const LIVE_AGENT_OF_PERSON = `select a.id from agents a where a.person_id = p.id and a.deleted_at is null`;

/** The columns principalOf reads, from `people p left join identities i on i.id = p.id`. */
export const PRINCIPAL_COLUMNS = `p.id as person_id, p.name, p.email, p.avatar, p.roles,
  (select c.username from _local_credentials c where c.person_id = p.id) as username,
  case when p.type = 'agent' then (${LIVE_AGENT_OF_PERSON} limit 1) end as agent_id`;
/**
 * The condition a person must meet to act: not deleted, not deactivated; an agent's person only
 * while its agent is live (a deleted agent's token is refused even if it was not revoked).
 */
export const MAY_ACT = `p.deleted_at is null and coalesce(i.state, 'active') = 'active'
  and (p.type <> 'agent' or exists (${LIVE_AGENT_OF_PERSON}))`;

export interface PrincipalRow {
  person_id: string;
  name: string;
  email: string | null;
  avatar: string | null;
  username?: string | null;
  roles: string[];
  agent_id?: string | null;
}

/** Nothing on any resource: what an agent's principal holds outside the agent endpoints. */
const noPermissions = () =>
  Object.fromEntries(RESOURCES.map((resource) => [resource, { read: false, write: false }])) as Permissions;

export function principalOf(row: PrincipalRow): Principal {
  const person = {
    id: row.person_id,
    name: row.name,
    email: row.email,
    avatar: row.avatar,
    username: row.username ?? null,
  };
  if (row.agent_id) return { ...person, roles: [], permissions: noPermissions(), agentId: row.agent_id };
  return { ...person, roles: effectiveRoles(row.roles), permissions: permissionsFor(row.roles) };
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
