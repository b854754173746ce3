import type { DemoContext } from './context.js';

/** Trigger-written changelog rows get the time of the event they record, not the load time. */
export async function alignHistory({ w, clock }: DemoContext): Promise<void> {
  await w.q.query(
    `update incident_histories h set created_at = x.at
     from (
       select h.id, case
         when h.type = 'incident.created' then i.created_at
         when h.type in ('incident.status_updated', 'incident_status.updated') then
           case split_part(h.description, ' -> ', 2)
             when 'investigating' then i.acknowledged
             when 'mitigated' then i.acknowledged + (coalesce(i.resolved, $1::timestamptz) - i.acknowledged) / 2
             when 'resolved' then i.resolved
             when 'closed' then i.closed
             else i.created_at end
         when h.type = 'responder.created' then r.created_at
         when h.type in ('evidence.created', 'evidence.done_definition_added') then e.created_at
         when h.type = 'responder.commented' then c.created_at
         when h.type in ('hypothesis.created', 'hypothesis.status_updated') then y.created_at
       end as at
       from incident_histories h
       join incidents i on i.id = h.incident_id
       left join responders r on r.id = h.responder_id
       left join evidences e on e.id = h.evidence_id
       left join comments c on c.id = h.comment_id
       left join hypotheses y on y.id = h.hypothesis_id
     ) x
     where x.id = h.id and x.at is not null`,
    [clock.now.toISOString()],
  );
  // The loader changes statuses without a signed-in user; the commander made those changes.
  await w.q.query(
    `update incident_histories h set created_by = coalesce(i.commander_id, i.created_by)
     from incidents i
     where i.id = h.incident_id and h.type = 'incident.status_updated' and h.created_by is null`,
  );
  const { rows } = await w.q.query<{ n: number }>('select count(*)::int as n from incident_histories');
  w.counts.incident_histories = rows[0]!.n;
}
