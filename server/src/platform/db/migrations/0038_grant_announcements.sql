-- Each server process keeps every person's grants (access/grant-cache.ts): any change to what
-- they are made of — permissions rows, team memberships, a team deleted or restored — announces
-- 'grants' at commit on the channel of migration 0019, from any writer, and every process
-- forgets them all. Per statement: a bulk change announces once.
create function _announce_grants_change() returns trigger
language plpgsql as $$
begin
  perform pg_notify('cache_changes', 'grants');
  return null;
end
$$;

create trigger permissions_grants_changes after insert or update or delete or truncate on permissions
  for each statement execute function _announce_grants_change();
create trigger team_members_grants_changes after insert or update or delete or truncate on team_members
  for each statement execute function _announce_grants_change();
create trigger teams_grants_changes after update of deleted_at or delete or truncate on teams
  for each statement execute function _announce_grants_change();
