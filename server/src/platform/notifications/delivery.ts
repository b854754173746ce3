/**
 * The delivery queue: a queue consumer of the jobs registry over the `pending` send-history rows.
 * Each claim takes a row for a lease; a delivery has a timeout; a failure another try may fix
 * (5xx, refused, timeout) leaves the row pending with its error until the next try, after a
 * backoff; after the last try, or a failure no try fixes, the row is an `error` with the reason.
 * A replica that dies mid-delivery lets the row go when its lease ends, so no row is lost (a
 * message may then be sent twice: at least once, never never). Secrets never reach the row.
 */
import type { Logger } from '../../http/logging.js';
import type { KubeConnection } from '../../kube/index.js';
import type { Db } from '../db/db.js';
import {
  backoffAfter,
  claimStatement,
  type QueueConsumer,
  type QueueContext,
  type Task,
} from '../jobs/index.js';
import { failureOf, type Senders } from './engine/delivery-contract.js';
import { ruleById } from './engine/match.js';
import { RecipientError, resolveRecipient } from './engine/recipients.js';
import { purgeHandledMarks } from './history.js';

export interface DeliveryOptions {
  /** Longest one attempt may take (default 30 s). */
  timeoutMs?: number;
  /** Attempts before a row is an error (default 4). */
  maxAttempts?: number;
  /** Wait after the first failure, doubled after each next (default 30 s), up to maxBackoffMs (15 min). */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** How long past its timeout a claimed delivery stays taken (default 60 s): a replica that died lets it go then. */
  leaseMs?: number;
  pollMs?: number;
}

export interface DeliveryDependencies extends DeliveryOptions {
  db: Db;
  logger: Logger;
  senders: Senders;
  kube?: KubeConnection;
}

interface PendingRow {
  id: string;
  notification_id: string;
  recipient_key: string | null;
  title: string | null;
  message: string | null;
  attempts: number;
}

export const RULE_DELETED = 'the rule was deleted before the message was sent';

/** The reason as people may read it: the values of the connection's secrets blanked out. */
export function withoutSecrets(text: string, secrets: Iterable<string>): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 3) out = out.split(secret).join('***');
  return out;
}

export function deliveryConsumer(deps: DeliveryDependencies): QueueConsumer<PendingRow> {
  const { db, senders } = deps;
  const timeoutMs = deps.timeoutMs ?? 30_000;
  const maxAttempts = deps.maxAttempts ?? 4;
  const backoffMs = deps.backoffMs ?? 30_000;
  const maxBackoffMs = deps.maxBackoffMs ?? 900_000;
  // Past the attempt's own timeout, so a row is never taken twice while it is delivered.
  const leaseMs = timeoutMs + (deps.leaseMs ?? 60_000);
  const claim = claimStatement({
    table: 'notification_send_history',
    due: `status = 'pending' and next_attempt_at <= now()`,
    orderBy: 'next_attempt_at',
    set: `attempts = attempts + 1, next_attempt_at = now() + $2::float8 * interval '1 millisecond'`,
    returning: 'id, notification_id, recipient_key, title, message, attempts',
  });

  const settle = (
    id: string,
    status: string,
    error: string | null,
    durationMs: number,
    connectionId: string | null,
  ) =>
    db.query(
      `update notification_send_history set status = $2, error = $3, duration_millis = $4, connection_id = $5,
          next_attempt_at = null
        where id = $1`,
      [id, status, error, Math.max(0, Math.round(durationMs)), connectionId],
    );

  async function handle(row: PendingRow, ctx: QueueContext): Promise<void> {
    const started = Date.now();
    const rule = await ruleById(db, row.notification_id);
    if (!rule) return void (await settle(row.id, 'cancelled', RULE_DELETED, 0, null));
    let secrets = new Set<string>();
    let connectionId: string | null = null;
    try {
      const resolved = await resolveRecipient(db, rule, row.recipient_key ?? '', {
        senders,
        kube: deps.kube,
      });
      secrets = resolved.secrets;
      connectionId = resolved.connectionId;
      const properties: Record<string, string> = {};
      for (const [key, value] of Object.entries(rule.properties ?? {}))
        if (typeof value === 'string') properties[key] = value;
      const delivered = await senders.deliver(
        resolved.target,
        { title: row.title ?? '', body: row.message ?? '', properties },
        { signal: ctx.signal, timeoutMs },
      );
      await settle(row.id, 'sent', null, delivered.durationMs, connectionId);
    } catch (error) {
      if (ctx.signal.aborted) {
        // Stopping is not the receiver's fault: the next start, or another replica, tries again.
        await db.query(`update notification_send_history set next_attempt_at = now() where id = $1`, [
          row.id,
        ]);
        return;
      }
      const { message, retryable } =
        error instanceof RecipientError ? { message: error.message, retryable: false } : failureOf(error);
      const reason = withoutSecrets(message, secrets);
      if (retryable && row.attempts < maxAttempts) {
        await db.query(
          `update notification_send_history set error = $2, connection_id = $3,
              next_attempt_at = now() + $4::float8 * interval '1 millisecond'
            where id = $1`,
          [row.id, reason, connectionId, backoffAfter(row.attempts, backoffMs, maxBackoffMs)],
        );
        return;
      }
      const tries = row.attempts > 1 ? ` (after ${row.attempts} attempts)` : '';
      await settle(row.id, 'error', `${reason}${tries}`, Date.now() - started, connectionId);
    }
  }

  return {
    queue: 'notification_send_history',
    pollMs: deps.pollMs,
    claim: async (limit) => (await db.query<PendingRow>(claim, [limit, leaseMs])).rows,
    handle,
  };
}

export const PURGE_TASK = 'notification-outcome-marks';

/** Forgets the marks of events handled more than a week ago: no event is handed over that late. */
export function purgeMarksTask(db: Db): Task {
  return {
    name: PURGE_TASK,
    schedule: '@every 1h',
    timeoutMs: 60_000,
    run: async () => ({ successCount: await purgeHandledMarks(db) }),
  };
}
