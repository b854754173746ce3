-- Invitations and read-only local feature flags.

-- An invitation to a person an administrator added: the link carries a random token, only its
-- sha256 is stored. Accepting it (local mode: choosing a password) marks it used; a newer
-- invitation for the same person replaces older ones.
create table _invites (
  token_hash text primary key,
  person_id uuid not null references people (id) on delete cascade,
  created_by uuid references people (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index _invites_person_id_idx on _invites (person_id);

-- Flags with source 'local' come from the server's FEATURE_FLAGS setting: the server writes them at
-- start (with ops_console.local_flags set for its transaction), nobody else may create, change or
-- remove them. A trigger holds the rule for every writer, whatever filter a PATCH or DELETE uses.
create function _protect_local_properties() returns trigger
language plpgsql as $$
begin
  if coalesce(current_setting('ops_console.local_flags', true), '') = 'on' then
    return coalesce(new, old);
  end if;
  if (tg_op <> 'INSERT' and old.source = 'local') or (tg_op <> 'DELETE' and new.source = 'local') then
    raise exception 'Cannot edit local feature flags' using errcode = '42501';
  end if;
  return coalesce(new, old);
end;
$$;

create trigger properties_protect_local
  before insert or update or delete on properties
  for each row execute function _protect_local_properties();
