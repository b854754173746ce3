-- Announces every change that may refuse a sign-in to the server processes, which cache who a
-- session or an API token acts for (auth/sign-in-cache.ts): pg_notify('cache_changes',
-- 'person:' || person id) at commit, from any writer (auth/cache-changes.ts listens). A session kept alive (last_seen_at, at most once a
-- minute) is announced too, so a cached sign-in never hides an idle timeout; a token's last use
-- (last_used_at) is not.

-- The trigger's argument names the column that holds the person's id.
create function _announce_sign_in_change() returns trigger
language plpgsql as $$
begin
  if tg_op <> 'INSERT' then
    perform pg_notify('cache_changes', 'person:' || (to_jsonb(old) ->> tg_argv[0]));
  end if;
  if tg_op <> 'DELETE' then
    perform pg_notify('cache_changes', 'person:' || (to_jsonb(new) ->> tg_argv[0]));
  end if;
  return null;
end
$$;

create trigger _sessions_sign_in_changes after delete or update of person_id, expires_at, last_seen_at on _sessions
  for each row execute function _announce_sign_in_change('person_id');
create trigger _api_tokens_sign_in_changes
  after delete or update of person_id, revoked_at, expires_at on _api_tokens
  for each row execute function _announce_sign_in_change('person_id');
create trigger people_sign_in_changes
  after delete or update of name, email, avatar, roles, deleted_at on people
  for each row execute function _announce_sign_in_change('id');
create trigger identities_sign_in_changes after insert or delete or update of state on identities
  for each row execute function _announce_sign_in_change('id');

-- Feature flags ({feature}.disable properties) are cached the same way (access/guard.ts): any
-- change to properties announces 'properties' on the same channel.
create function _announce_properties_change() returns trigger
language plpgsql as $$
begin
  perform pg_notify('cache_changes', 'properties');
  return null;
end
$$;

create trigger properties_changes after insert or update or delete or truncate on properties
  for each statement execute function _announce_properties_change();
