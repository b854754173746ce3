-- Platform events consumed through the jobs registry (server/src/platform/jobs/events.ts).
--
-- event_queue.next_attempt_at: when the event may be tried (again).
--   null, no error        waiting for its first try (every event a trigger or writer inserts)
--   a time                claimed until then (a replica that dies handling it lets it go), or
--                         failed and to be tried again then (error, attempts, last_attempt say why)
--   null, with an error   given up after the most tries: kept, so event_queue_summary counts it
--                         as failed, until someone deletes it
-- An event is deleted once every consumer of its name handled it, or when nobody consumes it.
alter table event_queue add column next_attempt_at timestamptz;

create index event_queue_fresh_idx on event_queue (priority desc, created_at)
  where error is null and next_attempt_at is null;
create index event_queue_next_attempt_idx on event_queue (next_attempt_at)
  where next_attempt_at is not null;
