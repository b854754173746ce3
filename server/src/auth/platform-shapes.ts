/**
 * The platform's shapes of the /api/auth answers its own clients read (its web UI's whoami,
 * Tokens screen and token form), built from the console's. The console's own fields stay beside
 * them: its UI reads those.
 */
import { RESOURCES, type Permissions } from '../access/roles.js';
import type { Grant } from '../../../common/permissions.js';
import { HttpError } from '../http/errors.js';
import { durationMs } from '../lib/duration.js';
import type { ApiTokenInfo } from './api-token-store.js';
import type { PlatformPermission } from './whoami.js';

/** The platform's write actions: a resource the console lets someone write, they may do all three. */
const WRITE_ACTIONS = ['create', 'update', 'delete'] as const;

/**
 * The caller's permissions as the platform lists them: `*` on `*` for whoever may read and write
 * everything (the platform's admin policy), else read and the write actions per resource; then
 * each grant or deny of the permissions table in force for them.
 */
export function platformPermissions(
  subject: string,
  permissions: Permissions,
  grants: readonly Grant[],
): PlatformPermission[] {
  const all = RESOURCES.every((resource) => permissions[resource].read && permissions[resource].write);
  const listed: PlatformPermission[] = all
    ? [{ subject, object: '*', action: '*' }]
    : RESOURCES.flatMap((object) => [
        ...(permissions[object].read ? [{ subject, object, action: 'read' }] : []),
        ...(permissions[object].write ? WRITE_ACTIONS.map((action) => ({ subject, object, action })) : []),
      ]);
  for (const grant of grants) {
    const object = grant.kind === 'object' ? grant.id : `${grant.kind}:${grant.id}`;
    listed.push({ subject, object, action: grant.action, ...(grant.deny ? { deny: true } : {}) });
  }
  return listed;
}

/** The person a token acts for, as the platform embeds them in each listed token. */
export interface TokenOwner {
  id: string;
  name: string;
  avatar: string | null;
}

/** One API token as both clients read it: the platform's fields, then the console's. */
export interface ListedToken extends ApiTokenInfo {
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
  person_id: string;
  person: { id: string; name: string; avatar?: string; properties: Record<string, never> };
}

export function listedToken(token: ApiTokenInfo, owner: TokenOwner): ListedToken {
  return {
    ...token,
    created_at: token.createdAt,
    expires_at: token.expiresAt,
    last_used_at: token.lastUsedAt,
    person_id: owner.id,
    person: {
      id: owner.id,
      name: owner.name,
      ...(owner.avatar ? { avatar: owner.avatar } : {}),
      properties: {},
    },
  };
}

export const INVALID_EXPIRY = 'The token expiry is not a valid date or duration.';

/**
 * When a new token expires: `expiry` as the console's UI sends it (an ISO date-time, or null for
 * never) or as the platform's does (a duration such as `720h` or `30d` from now, or '' for never).
 * HttpError 422 for anything else.
 */
export function tokenExpiry(expiry: unknown, now: Date = new Date()): Date | null {
  if (expiry == null || expiry === '') return null;
  if (typeof expiry !== 'string') throw new HttpError(422, INVALID_EXPIRY);
  const text = expiry.trim();
  const ms = durationMs(text);
  if (ms !== undefined) return new Date(now.getTime() + ms);
  const date = new Date(text);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(date.getTime()))
    throw new HttpError(422, INVALID_EXPIRY);
  return date;
}
