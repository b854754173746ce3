import { ROLES, type Role } from '../access/roles.js';

const oneLine = (text: string) => JSON.stringify(text);

/**
 * Reads an `OIDC_ROLE_MAP` value: comma-separated `claim value=role` pairs, e.g.
 * `ops-admins=admin,sre=responder, viewers = viewer`. Empty entries are skipped; roles are
 * matched case-insensitively, claim values exactly. Throws on a malformed entry, an unknown role,
 * or a claim value mapped to two different roles.
 */
export function parseRoleMap(text: string): Map<string, Role> {
  const map = new Map<string, Role>();
  for (const raw of String(text ?? '').split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    // The last '=': a role never contains one, a claim value might.
    const at = entry.lastIndexOf('=');
    if (at < 0)
      throw new Error(`OIDC_ROLE_MAP entry ${oneLine(entry)} has no '=' (expected claim-value=role)`);
    const value = entry.slice(0, at).trim();
    const role = entry
      .slice(at + 1)
      .trim()
      .toLowerCase();
    if (!value) throw new Error(`OIDC_ROLE_MAP entry ${oneLine(entry)} has an empty claim value`);
    if (!ROLES.includes(role as Role))
      throw new Error(
        `OIDC_ROLE_MAP entry ${oneLine(entry)} names an unknown role ${oneLine(role)} (known: ${ROLES.join(', ')})`,
      );
    const earlier = map.get(value);
    if (earlier && earlier !== role)
      throw new Error(
        `OIDC_ROLE_MAP entry ${oneLine(entry)} maps ${oneLine(value)} again, already to ${earlier}`,
      );
    map.set(value, role as Role);
  }
  return map;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The claim named claimName: a top-level claim of that exact name first, else a path with dots. */
function claimAt(claims: Record<string, unknown>, claimName: string): unknown {
  if (!isRecord(claims) || !claimName) return undefined;
  // Namespaced claims such as 'https://example.com/groups' contain dots themselves.
  if (Object.hasOwn(claims, claimName)) return claims[claimName];
  let current: unknown = claims;
  for (const key of claimName.split('.')) {
    if (!isRecord(current) || !Object.hasOwn(current, key)) return undefined;
    current = current[key];
  }
  return current;
}

/**
 * The roles a provider's claims grant through roleMap, deduplicated in ROLES order. The claim
 * may be a string or an array of strings; other values and unmapped entries are ignored. No
 * match gives [] (the caller treats that person as a viewer).
 */
export function rolesFromClaims(
  claims: Record<string, unknown>,
  claimName: string,
  roleMap: Map<string, Role>,
): Role[] {
  const claim = claimAt(claims, claimName);
  const values = typeof claim === 'string' ? [claim] : Array.isArray(claim) ? claim : [];
  const granted = new Set<Role>();
  for (const value of values) {
    if (typeof value !== 'string') continue;
    const role = roleMap.get(value);
    if (role) granted.add(role);
  }
  return ROLES.filter((role) => granted.has(role));
}
