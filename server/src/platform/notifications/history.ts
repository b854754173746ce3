/**
 * Send-history rows (notification_send_history): one per outcome of a rule for an event and
 * recipient — sent, error (with the reason, never a secret), pending (waiting for its delivery or
 * a retry), cancelled, repeat-interval (count and first_observed of the events not sent again),
 * silenced (naming the silence).
 */
import type { Queryable } from '../db/db.js';
import { markdownToHtml } from './senders/markdown.js';
import type { EventResource } from './engine/context.js';
import type { SendStatus } from './types.js';

export interface OutcomeRow {
  notificationId: string;
  eventId: string | null;
  sourceEvent: string;
  resource: Pick<EventResource, 'type' | 'id'> | undefined;
  status: SendStatus;
  error?: string | null;
  title?: string | null;
  /** The rendered markdown; kept as delivered, and as HTML in `body` for the history's details. */
  message?: string | null;
  personId?: string | null;
  recipient?: string | null;
  recipientKey?: string | null;
  silencedBy?: string | null;
}

export async function insertOutcome(db: Queryable, row: OutcomeRow): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into notification_send_history (notification_id, event_id, source_event, resource_id, resource_type,
       status, error, title, message, body, person_id, recipient, recipient_key, silenced_by, next_attempt_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, case when $6 = 'pending' then now() end)
     returning id`,
    [
      row.notificationId,
      row.eventId,
      row.sourceEvent,
      row.resource?.id ?? null,
      row.resource?.type ?? null,
      row.status,
      row.error ?? null,
      row.title ?? null,
      row.message ?? null,
      row.message ? markdownToHtml(row.message) : null,
      row.personId ?? null,
      row.recipient ?? null,
      row.recipientKey ?? null,
      row.silencedBy ?? null,
    ],
  );
  return rows[0]!.id;
}

/** Records a rule-level failure (a filter or template that cannot be used) on the rule itself. */
export async function recordRuleError(db: Queryable, notificationId: string, error: string): Promise<void> {
  await db.query(`update notifications set error = $2, error_at = now() where id = $1`, [
    notificationId,
    error,
  ]);
}

/**
 * Marks the event handled for the rule; false when it already was (the event is handed over
 * again), and then nothing more is to be written.
 */
export async function markHandled(db: Queryable, eventId: string, notificationId: string): Promise<boolean> {
  const { rows } = await db.query(
    `insert into _notification_event_outcomes (event_id, notification_id) values ($1, $2)
     on conflict do nothing returning event_id`,
    [eventId, notificationId],
  );
  return rows.length > 0;
}

export async function purgeHandledMarks(db: Queryable, olderThanDays = 7): Promise<number> {
  const { rows } = await db.query(
    `delete from _notification_event_outcomes where created_at < now() - $1::integer * interval '1 day' returning 1`,
    [olderThanDays],
  );
  return rows.length;
}
