/**
 * The repeat interval: once a rule has sent (or is sending) for a resource, the events of that
 * rule and resource within `repeat_interval` are not sent again; each bumps `count` on one
 * `repeat-interval` row, which keeps the `first_observed` of the first of them. Without an
 * interval every distinct event is sent.
 */
import type { Queryable } from '../../db/db.js';
import type { EventResource } from './context.js';

/** Each choice of the rule form as a Postgres interval ('1m' is a month, as the platform reads it). */
export const INTERVAL_OF: Record<string, string> = {
  '1h': '1 hour',
  '2h': '2 hours',
  '3h': '3 hours',
  '6h': '6 hours',
  '1d': '1 day',
  '1w': '7 days',
  '1m': '1 month',
};

/**
 * Within the interval of an earlier send: counts the event on the repeat-interval row (making it
 * when it is the first) and returns true. The caller holds the rule and resource's lock.
 */
export async function countRepeat(
  tx: Queryable,
  rule: { id: string; repeat_interval: string | null },
  resource: Pick<EventResource, 'type' | 'id'>,
  sourceEvent: string,
): Promise<boolean> {
  const interval = rule.repeat_interval ? INTERVAL_OF[rule.repeat_interval] : undefined;
  if (!interval) return false;
  const { rows: sends } = await tx.query<{ created_at: Date }>(
    `select created_at from notification_send_history
      where notification_id = $1 and resource_id = $2 and status in ('sent', 'pending')
        and created_at > now() - $3::interval
      order by created_at desc limit 1`,
    [rule.id, resource.id, interval],
  );
  const send = sends[0];
  if (!send) return false;
  const { rows: bumped } = await tx.query(
    `update notification_send_history set count = count + 1
      where id = (select id from notification_send_history
                   where notification_id = $1 and resource_id = $2 and status = 'repeat-interval'
                     and created_at >= $3 order by created_at desc limit 1)
      returning id`,
    [rule.id, resource.id, send.created_at],
  );
  if (bumped.length > 0) return true;
  await tx.query(
    `insert into notification_send_history (notification_id, status, source_event, resource_id, resource_type, count,
       first_observed)
     values ($1, 'repeat-interval', $2, $3, $4, 1, now())`,
    [rule.id, sourceEvent, resource.id, resource.type],
  );
  return true;
}
