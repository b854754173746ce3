import type { Role } from '../access/roles.js';
import type { Db, Queryable } from '../platform/db/db.js';
import {
  MAY_ACT,
  PRINCIPAL_COLUMNS,
  principalOf,
  saveIdentity,
  splitName,
  type Principal,
  type PrincipalRow,
  type Traits,
} from './identities.js';
import { rolesFromClaims } from './oidc-roles.js';

export interface ClaimsMapping {
  /** The provider's issuer identifier (the ID token's `iss`): people are keyed by issuer and subject. */
  issuer: string;
  rolesClaim: string;
  roleMap: Map<string, Role>;
}

/**
 * The provider's email belongs to another person of the console (a different subject, or a
 * local user). Linking them would hand one person's account to another, so sign-in stops; an
 * administrator resolves it by changing or removing the other person's email.
 */
export class EmailInUseError extends Error {
  constructor() {
    super('the email of the signed-in subject already belongs to another person');
  }
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

interface Profile {
  name: string | undefined;
  traitsName: Traits['name'] | undefined;
  email: string | undefined;
  avatar: string | undefined;
}

function profileOf(claims: Record<string, unknown>): Profile {
  const given = text(claims.given_name);
  const family = text(claims.family_name);
  const email = text(claims.email);
  const name =
    text(claims.name) ??
    ([given, family].filter(Boolean).join(' ') || undefined) ??
    text(claims.preferred_username) ??
    email;
  return {
    name,
    traitsName:
      given || family ? { first: given ?? '', last: family ?? '' } : name ? splitName(name) : undefined,
    email,
    avatar: text(claims.picture),
  };
}

interface Candidate {
  id: string;
  name: string;
  email: string | null;
  state: 'active' | 'inactive' | null;
}

const candidateColumns = `select p.id, p.name, p.email, i.state from people p left join identities i on i.id = p.id`;

async function findLinked(tx: Queryable, externalId: string): Promise<Candidate | undefined> {
  const { rows } = await tx.query<Candidate>(
    `${candidateColumns} where p.external_id = $1 and p.deleted_at is null order by p.created_at limit 1`,
    [externalId],
  );
  return rows[0];
}

/** A person an administrator invited (added with this email, never signed in at the provider). */
async function findInvited(tx: Queryable, email: string): Promise<Candidate | undefined> {
  const { rows } = await tx.query<Candidate>(
    `${candidateColumns}
     where lower(p.email) = lower($1) and p.external_id is null and p.deleted_at is null and p.type = 'person'
     limit 1`,
    [email],
  );
  return rows[0];
}

async function emailTaken(tx: Queryable, email: string, personId: string | undefined): Promise<boolean> {
  const { rows } = await tx.query(
    `select 1 from people where lower(email) = lower($1) and deleted_at is null and id is distinct from $2::uuid`,
    [email, personId ?? null],
  );
  return rows.length > 0;
}

/**
 * The console's person for an OpenID provider's claims (ID token merged with userinfo), created
 * or refreshed at each sign-in, in one transaction:
 *  - the person linked to `<issuer>#<sub>`; else a person an administrator invited with the same
 *    email (not when the provider says the email is unverified), who is linked now; else a new one;
 *  - name, email, avatar and the identity's traits follow the provider; email and avatar are
 *    kept when the provider sends none;
 *  - roles follow the mapped roles claim when it grants any; when it grants none, the roles the
 *    console gave (an invitation pre-assigns one) stay, and a new person has none (a viewer).
 * Returns the person's id, or undefined when their identity is deactivated. Throws
 * EmailInUseError when the email belongs to someone else.
 */
export async function personFromClaims(
  db: Db,
  claims: Record<string, unknown>,
  { issuer, rolesClaim, roleMap }: ClaimsMapping,
): Promise<string | undefined> {
  const sub = text(claims.sub);
  if (!sub) throw new Error('the provider sent no subject (sub claim)');
  const externalId = `${issuer}#${sub}`;
  const profile = profileOf(claims);
  const roles = rolesFromClaims(claims, rolesClaim, roleMap);

  return db.transaction(async (tx) => {
    // Two first sign-ins of one subject at once would otherwise both create a person.
    await tx.query(`select pg_advisory_xact_lock(hashtext($1))`, [externalId]);
    const person =
      (await findLinked(tx, externalId)) ??
      (profile.email && claims.email_verified !== false ? await findInvited(tx, profile.email) : undefined);
    if (person?.state === 'inactive') return undefined;
    if (profile.email && (await emailTaken(tx, profile.email, person?.id))) throw new EmailInUseError();

    const name = profile.name ?? person?.name ?? sub;
    let personId: string;
    if (person) {
      await tx.query(
        `update people set name = $2, email = coalesce($3, email), avatar = coalesce($4, avatar), external_id = $5,
           roles = case when cardinality($6::text[]) > 0 then $6::text[] else roles end
         where id = $1`,
        [person.id, name, profile.email ?? null, profile.avatar ?? null, externalId, roles],
      );
      personId = person.id;
      // Signed in at the provider: an invitation's link has done its work.
      await tx.query(`update _invites set used_at = now() where person_id = $1 and used_at is null`, [
        personId,
      ]);
    } else {
      const { rows } = await tx.query<{ id: string }>(
        `insert into people (name, email, avatar, external_id, roles) values ($1, $2, $3, $4, $5::text[])
         returning id`,
        [name, profile.email ?? null, profile.avatar ?? null, externalId, roles],
      );
      personId = rows[0]!.id;
    }
    const email = profile.email ?? person?.email ?? null;
    await saveIdentity(
      tx,
      personId,
      { name: profile.traitsName ?? splitName(name), email },
      person ? undefined : 'active',
    );
    return personId;
  });
}

/**
 * The person sign-in would link to these claims (an access token's), without creating or
 * changing anyone: the person linked to `<issuer>#<sub>`, else a person added with the same email
 * who never signed in at the provider (not when the provider says the email is unverified).
 * Undefined when there is none, or they may not act (deactivated, deleted).
 */
export async function findPersonOfClaims(
  db: Queryable,
  claims: Record<string, unknown>,
  issuer: string,
): Promise<{ personId: string; principal: Principal } | undefined> {
  const sub = text(claims.sub);
  if (!sub) return undefined;
  const email = claims.email_verified === false ? undefined : text(claims.email);
  // The linked person first: deactivated, they are not found by email instead.
  const { rows } = await db.query<PrincipalRow & { may_act: boolean }>(
    `select ${PRINCIPAL_COLUMNS}, (${MAY_ACT}) as may_act
     from people p left join identities i on i.id = p.id
     where p.deleted_at is null
       and (p.external_id = $1
            or ($2::text is not null and lower(p.email) = lower($2) and p.external_id is null and p.type = 'person'))
     order by p.external_id = $1 desc nulls last, p.created_at limit 1`,
    [`${issuer}#${sub}`, email ?? null],
  );
  const row = rows[0];
  return row?.may_act ? { personId: row.person_id, principal: principalOf(row) } : undefined;
}
