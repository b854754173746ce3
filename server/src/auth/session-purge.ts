import type { Task } from '../platform/jobs/types.js';
import type { SessionStore } from './session-store.js';

/** Deletes sessions past their expiry every 10 minutes (a jobs task: one replica, with history). */
export function sessionPurgeTask(sessions: Pick<SessionStore, 'purgeExpired'>): Task {
  return {
    name: 'SessionPurge',
    every: 10 * 60_000,
    run: async () => ({ details: { purged: await sessions.purgeExpired() } }),
  };
}
