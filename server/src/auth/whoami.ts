import type { ActionName } from '../access/actions.js';
import type { Feature } from '../access/features.js';
import type { Grant } from '../../../common/permissions.js';
import type { Permissions, Role } from '../access/roles.js';

/** The answer of GET /api/auth/whoami: who is signed in and what they may do. */
export interface Whoami {
  user: { id: string; name: string; email: string | null; avatar: string | null };
  /** Effective roles: a person with none is a viewer. */
  roles: Role[];
  /** Read and write per resource of spec 1 §6. */
  permissions: Permissions;
  /** Features turned off by `{feature}.disable` flags, parents included. */
  disabledFeatures: Feature[];
  /** The actions of access/actions.ts this person may take now (roles, permissions and flags). */
  actions: ActionName[];
  /**
   * The grants and denies of the permissions table in force for this person (their own and
   * their teams'; no denies for an admin, whom they do not bind), so the UI allows per
   * resource exactly what the server does.
   */
  grants: Grant[];
  /** How people sign in here: passwords kept by the console, or an OpenID provider. */
  authMode: AuthMode;
  /**
   * The person's id in this console (its users page, sessions, tokens). `user.id` is the same
   * but in upstream mode, where it is the person's id on the platform, as the rows name them.
   */
  consoleUserId: string;
}

/**
 * What GET /api/auth/whoami answers: the console's fields (its UI reads those), and beside them
 * the platform's envelope, for the platform's own clients (its web UI reads `payload`).
 */
export interface WhoamiAnswer extends Whoami {
  message: 'success';
  payload: PlatformWhoami;
}

/** What the platform's whoami carries in `payload`. */
export interface PlatformWhoami {
  user: Whoami['user'];
  roles: Role[];
  /** As the platform lists them: one row per object and action (its casbin policies). */
  permissions: PlatformPermission[];
}

/**
 * One permission as the platform lists it. `object` is a resource of spec 1 §6 (`*` for all of
 * them), a global object of a grant, or `<kind>:<id>` for a grant on one resource.
 */
export interface PlatformPermission {
  subject: string;
  object: string;
  action: string;
  deny?: boolean;
}

export type { ActionName, Grant };

export type AuthMode = 'local' | 'oidc';

/** The answer of GET /api/about. */
export interface About {
  Version: string;
}
