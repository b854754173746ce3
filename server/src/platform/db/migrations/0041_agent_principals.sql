-- Agents reporting to this console as a hub (server/src/platform/agents).
--
-- An agent acts through its own person (agents.person_id, type 'agent') and that person's API
-- tokens; a sign-in reads the person's live agent (auth/identities.ts), by person_id.
create index agents_person_id_idx on agents (person_id) where deleted_at is null;

-- Deleting an agent, or giving it another person, refuses its principal's next request: announced
-- to the sign-in caches of every replica as the person's change (migration 0019), also when
-- another writer than /api/db deletes it.
create function _announce_agent_sign_in_change() returns trigger
language plpgsql as $$
begin
  if tg_op <> 'INSERT' and old.person_id is not null then
    perform pg_notify('cache_changes', 'person:' || old.person_id::text);
  end if;
  if tg_op <> 'DELETE' and new.person_id is not null then
    perform pg_notify('cache_changes', 'person:' || new.person_id::text);
  end if;
  return null;
end
$$;

create trigger agents_sign_in_changes after delete or update of person_id, deleted_at on agents
  for each row execute function _announce_agent_sign_in_change();

-- What an agent pulls (GET /api/upstream/canary/pull, /scrapeconfig/pull): its rows changed
-- since a time, deleted ones included.
create index canaries_agent_updated_idx on canaries (agent_id, updated_at);
create index config_scrapers_agent_updated_idx on config_scrapers (agent_id, updated_at);
