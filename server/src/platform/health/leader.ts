import pg from 'pg';

/** Any constant shared by all replicas; distinct from the migration and demo-data locks. */
export const CHECK_RUNNER_LOCK = 7_240_010;

/** Which replica does the background work: the one holding a Postgres session advisory lock. */
export interface Leadership {
  /** True when this process now holds the lock (or needs none). */
  acquire(onLost: (error: Error) => void): Promise<boolean>;
  release(): Promise<void>;
}

/** PGlite: one process owns the data directory, so it always leads. */
export const soleLeadership: Leadership = {
  acquire: async () => true,
  release: async () => {},
};

/**
 * Postgres: the lock lives on a connection of its own, held for as long as this replica leads.
 * If that connection drops, the lock is gone with it (another replica may take over): onLost.
 */
export function advisoryLeadership(databaseUrl: string, key = CHECK_RUNNER_LOCK): Leadership {
  let client: pg.Client | undefined;
  return {
    async acquire(onLost) {
      const candidate = new pg.Client({
        connectionString: databaseUrl,
        connectionTimeoutMillis: 5000,
        application_name: 'ops-console check runner lock',
      });
      candidate.on('error', () => {});
      try {
        await candidate.connect();
        const { rows } = await candidate.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [
          key,
        ]);
        if (!rows[0]?.ok) {
          await candidate.end().catch(() => {});
          return false;
        }
      } catch (error) {
        await candidate.end().catch(() => {});
        throw error;
      }
      client = candidate;
      const lost = (error?: Error) => {
        if (client !== candidate) return;
        client = undefined;
        onLost(error ?? new Error('the lock connection closed'));
      };
      candidate.on('error', lost);
      candidate.on('end', () => lost());
      return true;
    },
    async release() {
      const held = client;
      client = undefined;
      if (!held) return;
      await held.query('select pg_advisory_unlock($1)', [key]).catch(() => {});
      await held.end().catch(() => {});
    },
  };
}
