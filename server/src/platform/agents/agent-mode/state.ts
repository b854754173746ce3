/**
 * How the agent stands with its hub, told by every call's outcome: `ok` (the hub answered),
 * `unreachable` (no answer), `refused` (the hub does not take the token, or has agents off). Each change is logged
 * once, and kept in the database (`_agent_upstream`) so /readyz of every replica and worker
 * tells the same, with the backlog and the time of the last push.
 */
import type { Logger } from '../../../http/logging.js';
import type { Db } from '../../db/db.js';
import { backlogOf } from './outbox.js';

export type UpstreamState = 'connecting' | 'ok' | 'unreachable' | 'refused';

/** What /readyz shows under `upstream`. */
export interface UpstreamReport {
  state: UpstreamState;
  /** Outbox entries waiting (rows, or checks with results). */
  backlog: number;
  /** When the hub last took a push. */
  last_push: string | null;
  /** Why the state is not ok, in the hub's or the network's words. */
  detail?: string;
}

export class UpstreamStatus {
  private state: UpstreamState | undefined;
  private detail: string | undefined;
  private writes: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
  ) {}

  /** The state this process last saw (undefined before its first call). */
  get current(): UpstreamState | undefined {
    return this.state;
  }

  /** The hub answered a call. */
  answered(): void {
    if (this.state === 'ok') this.write(`update _agent_upstream set last_contact = now()`);
    else this.change('ok', undefined);
  }

  unreachable(reason: string): void {
    this.change('unreachable', reason);
  }

  refused(reason: string): void {
    this.change('refused', reason);
  }

  /** The hub took a push: its time kept for /readyz. */
  pushed(): void {
    if (this.state !== 'ok') this.change('ok', undefined);
    this.write(`update _agent_upstream set last_push = now(), last_contact = now()`);
  }

  /** Waits for the state writes in flight (on stop). */
  async flush(): Promise<void> {
    await this.writes;
  }

  private change(state: UpstreamState, detail: string | undefined): void {
    if (state === this.state && detail === this.detail) return;
    const previous = this.state;
    this.state = state;
    this.detail = detail;
    if (state === previous) {
      // Only the detail changed: recorded, not logged again.
    } else if (state === 'refused')
      // A 401 is the token; a 403 is the hub refusing the agent itself (agents switched off there).
      this.log.error(
        { reason: detail },
        detail?.startsWith('403')
          ? `the hub refused the agent: ${detail}`
          : `the hub refused the agent token: ${detail}`,
      );
    else if (state === 'unreachable')
      this.log.warn({ reason: detail }, `the hub is unreachable: ${detail}; retrying`);
    else if (state === 'ok') this.log.info(previous ? 'the hub answers again' : 'reporting to the hub');
    this.write(
      `insert into _agent_upstream (only_row, state, detail, last_contact, updated_at)
       values (true, $1, $2, case when $1 = 'ok' then now() end, now())
       on conflict (only_row) do update set state = excluded.state, detail = excluded.detail,
         last_contact = coalesce(excluded.last_contact, _agent_upstream.last_contact), updated_at = now()`,
      [state, detail ?? null],
    );
  }

  /** State writes go one after the other, in order; a failed one is logged, not thrown. */
  private write(sql: string, params: unknown[] = []): void {
    this.writes = this.writes
      .then(() => this.db.query(sql, params))
      .catch((error: unknown) => this.log.warn({ err: error }, 'could not record the hub state'));
  }
}

/** The agent's standing for /readyz, from the database (any replica or worker may be asked). */
export async function upstreamReport(db: Db): Promise<UpstreamReport> {
  const [{ rows }, backlog] = await Promise.all([
    db.query<{ state: UpstreamState; detail: string | null; last_push: Date | null }>(
      `select state, detail, last_push from _agent_upstream`,
    ),
    backlogOf(db),
  ]);
  const row = rows[0];
  return {
    state: row?.state ?? 'connecting',
    backlog,
    last_push: row?.last_push?.toISOString() ?? null,
    ...(row?.detail && row.state !== 'ok' ? { detail: row.detail } : {}),
  };
}

/**
 * When this replica starts reporting: a state left by an earlier run is not this run's. Reporting
 * to another hub (or under another name) than the last time queues everything the agent holds
 * again, as that hub has none of it. Answers whether it did.
 */
export async function startReporting(db: Db, hub: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.exec('set local statement_timeout = 0');
    const { rows } = await tx.query<{ previous: string | null }>(
      `with previous as (select hub from _agent_upstream)
       insert into _agent_upstream (only_row, state, hub) values (true, 'connecting', $1)
       on conflict (only_row) do update set state = 'connecting', detail = null, hub = excluded.hub, updated_at = now()
       returning (select hub from previous) as previous`,
      [hub],
    );
    const previous = rows[0]?.previous;
    if (!previous || previous === hub) return false;
    await tx.query(`select _agent_outbox_fill()`);
    return true;
  });
}
