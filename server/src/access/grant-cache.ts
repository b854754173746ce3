/**
 * Each person's grants in force (their own and their teams', grants.ts), kept so that a request
 * does not pay a query to learn them. An entry never serves a request after a change that
 * would alter it:
 *  - in this process, forgetAll runs as the answer to any state-changing request starts
 *    (http/forget-on-writes.ts: /api/db writes to permissions, team members and teams among
 *    them), so the writer's next request reads afresh;
 *  - for every worker, replica and other writer, triggers on permissions, team_members and teams
 *    announce 'grants' at commit (migration 0038), and each process forgets every entry;
 *  - an entry ends at the earliest `until` among its grants, so expiry needs no change at all;
 *  - until listening starts, and while the listening connection is down, nothing is kept.
 * A read under way when a change comes is forgotten with the rest: no request after the change
 * shares it.
 */
import type { Queryable } from '../platform/db/db.js';
import { loadGrants, type Grant } from './grants.js';

export interface GrantCache {
  /** The person's grants: the kept ones, else one read (shared by concurrent callers). */
  get(personId: string): Promise<Grant[]>;
  forgetAll(): void;
  /** Whether changes are heard: caching happens only while they are; any switch empties it. */
  setListening(listening: boolean): void;
}

/** A bound on memory: past it, the least recently used person's entry goes. */
const MAX_ENTRIES = 10_000;
/** A safety net only (a change is announced): no entry lives longer than this. */
const MAX_AGE_MS = 60_000;

interface Entry {
  value: Promise<Grant[]>;
  expiresAt: number;
}

/** When the first of the grants stops counting (their earliest `until`), or Infinity. */
export function earliestUntil(grants: readonly Grant[]): number {
  let earliest = Infinity;
  for (const grant of grants)
    if (grant.until !== undefined) earliest = Math.min(earliest, Date.parse(grant.until));
  return earliest;
}

export function createGrantCache(
  db: Queryable,
  {
    maxEntries = MAX_ENTRIES,
    maxAgeMs = MAX_AGE_MS,
    now = Date.now,
  }: { maxEntries?: number; maxAgeMs?: number; now?: () => number } = {},
): GrantCache {
  // A Map keeps insertion order: re-inserting on each hit makes its first key the least recently used.
  const entries = new Map<string, Entry>();
  let listening = false;

  const cache: GrantCache = {
    get(personId) {
      if (!listening) return loadGrants(db, personId);
      const at = now();
      const found = entries.get(personId);
      if (found && at < found.expiresAt) {
        entries.delete(personId);
        entries.set(personId, found);
        return found.value;
      }
      const entry: Entry = { value: loadGrants(db, personId), expiresAt: at + maxAgeMs };
      entries.delete(personId);
      entries.set(personId, entry);
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      const drop = () => entries.get(personId) === entry && entries.delete(personId);
      entry.value.then(
        (grants) => void (entry.expiresAt = Math.min(entry.expiresAt, earliestUntil(grants))),
        drop,
      );
      return entry.value;
    },
    forgetAll() {
      entries.clear();
    },
    setListening(on) {
      listening = on;
      cache.forgetAll();
    },
  };
  return cache;
}
