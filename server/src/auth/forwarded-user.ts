/**
 * The person a console in upstream mode forwards (docs/upstream.md): it calls its platform with
 * one API token of its own and names the signed-in person in `X-Forwarded-User` (their email,
 * else their local username, else their id) and `X-Forwarded-Name`. This console honours the header only on a Bearer
 * request whose API token belongs to a person TRUST_FORWARDED_USER_FROM names; the request then
 * acts as the named person, with their roles and grants here, so writes name them. Anywhere else
 * the header is ignored. The front side (upstream/) sends the headers with `forwardedUserHeaders`.
 */
import type { Queryable } from '../platform/db/db.js';
import { MAY_ACT, PRINCIPAL_COLUMNS, principalOf, type Principal, type PrincipalRow } from './identities.js';

export const FORWARDED_USER_HEADER = 'x-forwarded-user';
export const FORWARDED_NAME_HEADER = 'x-forwarded-name';

const UUID = /^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i;
/** What goes into a header as it is: printable ASCII without '%'. */
const PLAIN = /^[\x20-\x24\x26-\x7e]*$/;

/** A header value: as it is when plain ASCII (an email), else percent-encoded UTF-8 ('Jos%C3%A9'). */
export function encodeHeaderValue(text: string): string {
  return PLAIN.test(text) ? text : encodeURIComponent(text);
}

/** The reverse of encodeHeaderValue; a value that is not valid percent-encoding is taken as it is. */
export function decodeHeaderValue(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * How a person is named towards a platform: their email, else their local username (the first
 * administrator of two consoles is `admin` on both), else their id.
 */
export const forwardedName = (person: Pick<Principal, 'id' | 'email' | 'username'>) =>
  person.email || person.username || person.id;

/** The headers naming a person towards a platform: forwardedName and display name. */
export function forwardedUserHeaders(
  person: Pick<Principal, 'id' | 'email' | 'username' | 'name'>,
): Record<string, string> {
  return {
    [FORWARDED_USER_HEADER]: encodeHeaderValue(forwardedName(person)),
    [FORWARDED_NAME_HEADER]: encodeHeaderValue(person.name),
  };
}

/** Whether this person's API tokens may act for a forwarded person. */
export function trustsForwarder(
  trusted: readonly string[],
  person: Pick<Principal, 'id' | 'email' | 'username'>,
): boolean {
  if (trusted.length === 0) return false;
  return [person.id, person.email, person.username].some(
    (name) => !!name && trusted.includes(name.toLowerCase()),
  );
}

/**
 * The forwarded person (by id, else by email, else by local username: an email wins over a
 * username that happens to look like it), if they may act here: not deleted, not deactivated.
 */
export async function findForwardedPerson(
  db: Queryable,
  named: string,
): Promise<{ personId: string; principal: Principal } | undefined> {
  const byId = UUID.test(named);
  const { rows } = await db.query<PrincipalRow>(
    byId
      ? `select ${PRINCIPAL_COLUMNS} from people p left join identities i on i.id = p.id
         where p.id = $1::uuid and ${MAY_ACT}`
      : `select ${PRINCIPAL_COLUMNS} from people p left join identities i on i.id = p.id
         where (lower(p.email) = lower($1) or exists (select 1 from _local_credentials c
                  where c.person_id = p.id and c.username = lower($1)))
           and ${MAY_ACT}
         order by lower(p.email) = lower($1) desc nulls last, p.created_at limit 1`,
    [named],
  );
  const row = rows[0];
  return row && { personId: row.person_id, principal: principalOf(row) };
}

/** The 403 of a forwarded person this console does not know (or who may not act). */
export const unknownForwardedUser = (named: string) =>
  `The person ${JSON.stringify(named)} named in X-Forwarded-User is not a person of this console who may sign in.`;
