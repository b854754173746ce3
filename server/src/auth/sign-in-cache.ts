/**
 * Who a session or an API token acts for, kept a few seconds so that a request does not pay a
 * database round trip to learn it. It never outlives a change that would refuse the sign-in:
 *  - in this process, forgetAll runs as the answer to any state-changing request starts
 *    (http/forget-on-writes.ts: sign-out, token revocation, user edits, /api/db writes to people
 *    or identities among them), so the caller's next request reads afresh;
 *  - across replicas (and for any other writer), triggers on those tables announce the person's
 *    id at commit (auth/cache-changes.ts), and each replica forgets that person;
 *  - until listening starts, and while the listening connection is down, nothing is kept.
 * A read that started before a change is never kept after it (the generation check).
 */
export interface SignInCache {
  /** The cached value for the key, else load's (shared by concurrent callers), kept when defined. */
  get<T extends { personId: string }>(
    key: string,
    load: () => Promise<T | undefined>,
  ): Promise<T | undefined>;
  forget(key: string): void;
  forgetPerson(personId: string): void;
  forgetAll(): void;
  /** Whether changes are heard: caching happens only while they are; any switch empties it. */
  setListening(listening: boolean): void;
}

/** Short enough that a missed notification cannot matter for long, long enough to absorb a burst. */
const DEFAULT_TTL_MS = 5000;
/** A bound on memory: past it, the cache starts over. */
const MAX_ENTRIES = 10_000;

interface Entry {
  value: Promise<{ personId: string } | undefined>;
  at: number;
  personId?: string;
}

export function createSignInCache({
  ttlMs = DEFAULT_TTL_MS,
  now = Date.now,
}: { ttlMs?: number; now?: () => number } = {}): SignInCache {
  const entries = new Map<string, Entry>();
  let generation = 0;
  let listening = false;

  const cache: SignInCache = {
    get<T extends { personId: string }>(key: string, load: () => Promise<T | undefined>) {
      if (!listening) return load();
      const at = now();
      const found = entries.get(key);
      if (found && at - found.at < ttlMs) return found.value as Promise<T | undefined>;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      const started = generation;
      const entry: Entry = { value: load(), at };
      entries.set(key, entry);
      entry.value.then(
        (value) => {
          if (generation !== started || !value) {
            if (entries.get(key) === entry) entries.delete(key);
          } else entry.personId = value.personId;
        },
        () => entries.get(key) === entry && entries.delete(key),
      );
      return entry.value as Promise<T | undefined>;
    },
    forget(key) {
      generation++;
      entries.delete(key);
    },
    forgetPerson(personId) {
      generation++;
      // A read still under way may be this person's: it is dropped too.
      for (const [key, entry] of entries)
        if (entry.personId === personId || !entry.personId) entries.delete(key);
    },
    forgetAll() {
      generation++;
      entries.clear();
    },
    setListening(on) {
      listening = on;
      cache.forgetAll();
    },
  };
  return cache;
}
