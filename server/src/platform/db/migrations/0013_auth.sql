-- Sign-in state: local passwords, sessions, personal API tokens and failed sign-ins (DESIGN §4).
-- The names start with '_' so the REST layer never exposes these tables. Passwords, session ids
-- and API tokens are stored only as hashes: a copy of these tables lets nobody sign in.

create table _local_credentials (
  person_id uuid primary key references people (id) on delete cascade,
  username text not null unique,
  password_hash text not null, -- scrypt$N$r$p$salt$hash (server/src/auth/passwords.ts)
  password_changed_at timestamptz not null default now(),
  -- stored lower-cased, so the unique constraint is case-insensitive
  constraint _local_credentials_username_check check (username = lower(username) and username <> '')
);

create table _sessions (
  id_hash text primary key, -- sha256 hex of the random cookie value
  person_id uuid not null references people (id) on delete cascade,
  csrf_token text not null,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(), -- idle expiry
  expires_at timestamptz not null, -- absolute expiry
  -- server-side OIDC tokens (refresh token, id token, end-session hint); never sent to a browser
  provider jsonb
);
create index _sessions_person_id_idx on _sessions (person_id);
create index _sessions_expires_at_idx on _sessions (expires_at);

create table _api_tokens (
  id uuid primary key default gen_random_uuid(),
  person_id uuid not null references people (id) on delete cascade,
  name text not null,
  token_hash text not null unique, -- sha256 hex of the whole token, 'ocp_' prefix included
  created_at timestamptz not null default now(),
  expires_at timestamptz, -- null: never expires
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index _api_tokens_person_id_idx on _api_tokens (person_id);

-- One row per failed sign-in and key ('user:<name>' or 'ip:<address>'); rows older than the
-- throttle window are pruned on write.
create table _sign_in_failures (
  key text not null,
  failed_at timestamptz not null default now()
);
create index _sign_in_failures_key_failed_at_idx on _sign_in_failures (key, failed_at);

select _attach_updated_at_triggers();
