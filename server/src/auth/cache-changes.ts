import type { GrantCache } from '../access/grant-cache.js';
import type { SharedFlagReader } from '../access/guard.js';
import type { Db } from '../platform/db/db.js';
import type { SignInCache } from './sign-in-cache.js';

/**
 * Where the database announces, at commit, changes the caches of every replica must follow
 * (migration 0019_change_announcements): `person:<id>` when a session, API token, person or
 * identity of theirs changes, `properties` when any property (feature flag) does, `grants` when
 * permissions, team members or teams do (migration 0038). One channel, so one listening
 * connection serves every cache.
 */
export const CACHE_CHANGES = 'cache_changes';

/** Starts the caches once listening; they stop caching while the connection is down. */
export async function followCacheChanges(
  db: Db,
  signIns: SignInCache,
  flags: SharedFlagReader,
  grants: GrantCache,
): Promise<void> {
  const setListening = (on: boolean) => {
    signIns.setListening(on);
    flags.setListening(on);
    grants.setListening(on);
  };
  setListening(false);
  await db.listen(
    CACHE_CHANGES,
    (payload) => {
      if (payload === 'properties') flags.forget();
      else if (payload === 'grants') grants.forgetAll();
      else if (payload.startsWith('person:')) signIns.forgetPerson(payload.slice('person:'.length));
    },
    { onConnectionChange: ({ connected }) => setListening(connected) },
  );
  setListening(true);
}
