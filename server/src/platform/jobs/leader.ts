import pg from 'pg';
import type { Logger } from '../../http/logging.js';

/** Any constant shared by all replicas; distinct from the migration, demo-data and admin locks. */
export const JOBS_LOCK = 7_240_010;

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
export function advisoryLeadership(databaseUrl: string, key = JOBS_LOCK): Leadership {
  let client: pg.Client | undefined;
  return {
    async acquire(onLost) {
      const candidate = new pg.Client({
        connectionString: databaseUrl,
        connectionTimeoutMillis: 5000,
        application_name: 'ops-console jobs leader',
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

export interface ElectionOptions {
  leadership: Leadership;
  log: Logger;
  /** How long a follower waits before asking for the lock again. */
  retryMs: number;
  /** This replica now leads: start the leader-held work. */
  onLead(): void;
  /** This replica no longer leads (lost the lock, or stopping): stop that work and wait for it. */
  onFollow(reason: Error): Promise<void>;
}

/** The leader loop: ask for the lock, lead while holding it, ask again after losing it. */
export class Election {
  private leading = false;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;
  private asking: Promise<void> | undefined;
  private following: Promise<void> = Promise.resolve();

  constructor(private readonly options: ElectionOptions) {}

  get isLeader(): boolean {
    return this.leading;
  }

  start(): void {
    if (this.stopped || this.asking) return;
    this.asking = this.ask().finally(() => (this.asking = undefined));
  }

  /** Stops asking; a leader stops its work (awaited) and releases the lock. */
  async stop(reason: Error): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    await this.asking;
    if (this.leading) {
      this.leading = false;
      this.following = this.options.onFollow(reason);
    }
    await this.following;
    await this.options.leadership.release();
  }

  private async ask(): Promise<void> {
    let acquired = false;
    try {
      acquired = await this.options.leadership.acquire((error) => this.lost(error));
    } catch (error) {
      this.options.log.warn({ err: error }, 'could not ask for the jobs lock; trying again');
    }
    if (this.stopped) return;
    if (!acquired) return this.askLater();
    this.leading = true;
    this.options.log.info('running background jobs in this replica');
    this.options.onLead();
  }

  private askLater(): void {
    this.retry = setTimeout(() => this.start(), this.options.retryMs);
    this.retry.unref();
  }

  private lost(error: Error): void {
    if (this.stopped || !this.leading) return;
    this.options.log.warn({ err: error }, 'lost the jobs lock; another replica may take over');
    this.leading = false;
    this.following = this.options.onFollow(error).catch(() => {});
    // The work stops first: a new term must not overlap the old one's runs.
    void this.following.then(() => this.askLater());
  }
}
