import type { Queryable, QueryResult } from '../db/db.js';

/**
 * Identical read statements asked for while one of them runs share its result: a burst of the
 * same list (everyone opening the console at once) costs the database one statement. Reads are
 * authorized per request before they get here, and what a read statement answers depends on its
 * text and values only, so callers of any identity may share. `forget` is called as each
 * state-changing request is answered: a read that comes after a write never shares a statement
 * started before it. Results are shared, not copied: callers must not change them.
 */
export interface SharedReads {
  query<R>(db: Queryable, text: string, params: readonly unknown[]): Promise<QueryResult<R>>;
  forget(): void;
  /** Calls `listener` on each forget: results shared elsewhere (health summaries) forgotten with these. */
  onForget(listener: () => void): void;
}

export interface SharedReadsOptions {
  /**
   * Start each statement once the current turn of the event loop ends, so that the same read
   * asked for by requests that arrived together shares it. For an engine that runs a statement
   * within the turn it is asked for (PGlite, in-process), there is otherwise nothing to share.
   */
  startAfterTurn?: boolean;
}

export function sharedReads(options: SharedReadsOptions = {}): SharedReads {
  let running = new Map<string, Promise<QueryResult<unknown>>>();
  const listeners: (() => void)[] = [];
  return {
    query<R>(db: Queryable, text: string, params: readonly unknown[]) {
      const key = `${text}\u0000${JSON.stringify(params)}`;
      const same = running.get(key);
      if (same) return same as Promise<QueryResult<R>>;
      const result = options.startAfterTurn
        ? new Promise((resolve) => setImmediate(resolve)).then(() => db.query<R>(text, params))
        : db.query<R>(text, params);
      const among = running;
      among.set(key, result);
      const done = () => {
        if (among.get(key) === result) among.delete(key);
      };
      result.then(done, done);
      return result;
    },
    forget() {
      running = new Map();
      for (const listener of listeners) listener();
    },
    onForget(listener) {
      listeners.push(listener);
    },
  };
}
