/**
 * Identical summaries asked for while one is being computed share it: every open /health polls
 * the same range, and 2,000 checks' summary is the heaviest read the console makes. A request
 * that joins gets the answer a request of a few milliseconds earlier got. What a summary
 * answers depends on its query only (the route checks the caller's permission before it asks),
 * so callers of any identity may share. `forget` is called as each state-changing request is
 * answered: a summary asked for after a write never shares one started before it.
 */
export interface SharedSummaries {
  /**
   * The answer of `compute` for `key`, computed once for the callers that ask while it runs. Its
   * signal aborts once every caller that asked has aborted; a caller that aborted rejects with
   * its own signal's reason at once, the others wait on.
   */
  share<T>(key: string, signal: AbortSignal, compute: (signal: AbortSignal) => Promise<T>): Promise<T>;
  forget(): void;
}

interface Running {
  result: Promise<unknown>;
  callers: number;
  controller: AbortController;
}

export function sharedSummaries(): SharedSummaries {
  let running = new Map<string, Running>();
  return {
    share<T>(key: string, signal: AbortSignal, compute: (signal: AbortSignal) => Promise<T>): Promise<T> {
      if (signal.aborted) return Promise.reject(signal.reason);
      let entry = running.get(key);
      if (!entry) {
        const controller = new AbortController();
        const started: Running = { result: compute(controller.signal), callers: 0, controller };
        const among = running;
        among.set(key, started);
        const done = () => {
          if (among.get(key) === started) among.delete(key);
        };
        started.result.then(done, done);
        entry = started;
      }
      const joined = entry;
      joined.callers++;
      return new Promise<T>((resolve, reject) => {
        const leave = () => {
          reject(signal.reason);
          if (--joined.callers > 0) return;
          // Nobody waits on it any more: a later caller starts afresh rather than join a cancelled one.
          if (running.get(key) === joined) running.delete(key);
          joined.controller.abort();
        };
        signal.addEventListener('abort', leave, { once: true });
        joined.result.then(
          (value) => {
            signal.removeEventListener('abort', leave);
            resolve(value as T);
          },
          (error: unknown) => {
            signal.removeEventListener('abort', leave);
            reject(error);
          },
        );
      });
    },
    forget() {
      running = new Map();
    },
  };
}
