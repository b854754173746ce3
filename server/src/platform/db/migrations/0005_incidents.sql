-- Incidents: rules, incidents, responders, hypotheses, evidences, comments and the changelog
-- (incident_histories) written by triggers (spec 2 §2-4).

create table incident_rules (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  namespace text not null default 'default',
  icon text,
  labels jsonb not null default '{}',
  schedule text,
  spec jsonb not null default '{}',
  source text not null default 'UI',
  agent_id uuid not null default '00000000-0000-0000-0000-000000000000'
    references agents (id) on delete cascade,
  created_by uuid references people (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index incident_rules_deleted_at_idx on incident_rules (deleted_at);

create sequence incident_id_seq;

create table incidents (
  id uuid primary key default gen_random_uuid(),
  -- visible identifier, e.g. INC0000042
  incident_id text not null unique default ('INC' || lpad(nextval('incident_id_seq')::text, 7, '0')),
  title text not null check (length(trim(title)) > 0),
  description text,
  type text not null default 'availability' check (type in ('cost', 'availability', 'performance',
    'security', 'integration', 'compliance', 'technicalDebt', 'reliability')),
  status text not null default 'open'
    check (status in ('new', 'open', 'investigating', 'mitigated', 'resolved', 'closed')),
  severity text not null default 'low'
    check (severity in ('info', 'warning', 'low', 'medium', 'high', 'blocker', 'critical')),
  commander_id uuid references people (id) on delete set null,
  communicator_id uuid references people (id) on delete set null,
  incident_rule_id uuid references incident_rules (id) on delete set null,
  acknowledged timestamptz,
  resolved timestamptz,
  closed timestamptz,
  created_by uuid references people (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index incidents_status_idx on incidents (status);
create index incidents_severity_idx on incidents (severity);
create index incidents_type_idx on incidents (type);
create index incidents_created_by_idx on incidents (created_by);
create index incidents_commander_id_idx on incidents (commander_id);
create index incidents_created_at_idx on incidents (created_at desc);

-- type: 'person', 'team', 'system', or the responder type of a team's external system
-- (email, jira, service_now, ca, aws_support, aws_ams_service_request, redhat, oracle, ms_planner, vmware).
create table responders (
  id uuid primary key default gen_random_uuid(),
  incident_id uuid not null references incidents (id) on delete cascade,
  type text not null check (type in ('person', 'team', 'system', 'email', 'jira', 'service_now', 'ca',
    'aws_support', 'aws_ams_service_request', 'redhat', 'oracle', 'ms_planner', 'vmware')),
  team_id uuid references teams (id) on delete cascade,
  person_id uuid references people (id) on delete cascade,
  external_id text,
  properties jsonb not null default '{}', -- responderType plus template fields
  acknowledge_time timestamptz,
  signoff_time timestamptz,
  close_time timestamptz,
  created_by uuid references people (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index responders_incident_id_idx on responders (incident_id);
create index responders_team_id_idx on responders (team_id);
create index responders_person_id_idx on responders (person_id);

create table hypotheses (
  id uuid primary key default gen_random_uuid(),
  incident_id uuid not null references incidents (id) on delete cascade,
  parent_id uuid references hypotheses (id) on delete cascade,
  title text,
  type text not null default 'root' check (type in ('root', 'factor', 'solution')),
  status text not null default 'possible'
    check (status in ('proven', 'likely', 'possible', 'unlikely', 'improbable', 'disproven')),
  owner uuid references people (id) on delete set null,
  team_id uuid references teams (id) on delete set null,
  created_by uuid references people (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index hypotheses_incident_id_idx on hypotheses (incident_id);
create index hypotheses_parent_id_idx on hypotheses (parent_id);

create table evidences (
  id uuid primary key default gen_random_uuid(),
  hypothesis_id uuid not null references hypotheses (id) on delete cascade,
  type text not null check (type in ('log', 'topology', 'config', 'check', 'config_change',
    'config_analysis', 'comment')),
  description text,
  evidence jsonb, -- payload: lines, selected_lines, start, includeMessages...
  properties jsonb,
  component_id uuid references components (id) on delete set null,
  config_id uuid references configs (id) on delete set null,
  config_analysis_id uuid references config_analysis (id) on delete set null,
  config_change_id uuid references config_changes (id) on delete set null,
  check_id uuid references checks (id) on delete set null,
  definition_of_done boolean not null default false,
  done boolean not null default false,
  script text, -- CEL expression
  external_created_by text,
  responder_id uuid references responders (id) on delete set null,
  created_by uuid references people (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index evidences_hypothesis_id_idx on evidences (hypothesis_id);
create index evidences_component_id_idx on evidences (component_id);
create index evidences_config_id_idx on evidences (config_id);
create index evidences_check_id_idx on evidences (check_id);
create index evidences_config_analysis_id_idx on evidences (config_analysis_id);
create index evidences_config_change_id_idx on evidences (config_change_id);

create table comments (
  id uuid primary key default gen_random_uuid(),
  incident_id uuid not null references incidents (id) on delete cascade,
  hypothesis_id uuid references hypotheses (id) on delete cascade,
  responder_id uuid references responders (id) on delete set null,
  comment text not null check (length(trim(comment)) > 0), -- may hold @[display](user:id) mentions
  external_id text,
  external_created_by text,
  created_by uuid references people (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index comments_incident_id_idx on comments (incident_id);
create index comments_hypothesis_id_idx on comments (hypothesis_id);

create table incident_histories (
  id uuid primary key default gen_random_uuid(),
  incident_id uuid not null references incidents (id) on delete cascade,
  type text not null check (type in ('incident.created', 'incident.status_updated',
    'incident_status.updated', 'responder.created', 'evidence.created',
    'evidence.done_definition_added', 'responder.commented', 'hypothesis.created',
    'hypothesis.status_updated')),
  description text,
  created_by uuid references people (id) on delete set null,
  created_at timestamptz not null default now(),
  responder_id uuid references responders (id) on delete set null,
  evidence_id uuid references evidences (id) on delete set null,
  comment_id uuid references comments (id) on delete set null,
  hypothesis_id uuid references hypotheses (id) on delete set null
);
create index incident_histories_incident_id_created_at_idx on incident_histories (incident_id, created_at);

-- Changelog triggers: every writer produces the history (DESIGN §3).
-- Who acted: the service sets app.user_id (`set local`) in the transaction of each change it
-- makes for a signed-in user. A new row falls back to its created_by; a change without an
-- acting user is recorded with none rather than blamed on the row's creator.
create or replace function _acting_user() returns uuid
language sql stable as $$
  select nullif(current_setting('app.user_id', true), '')::uuid
$$;

create or replace function incident_history_on_incident() returns trigger
language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into incident_histories (incident_id, type, description, created_by)
    values (new.id, 'incident.created', new.title, coalesce(_acting_user(), new.created_by));
  elsif new.status is distinct from old.status then
    insert into incident_histories (incident_id, type, description, created_by)
    values (new.id, 'incident.status_updated', old.status || ' -> ' || new.status, _acting_user());
  end if;
  return new;
end
$$;
create trigger incidents_history after insert or update of status on incidents
  for each row execute function incident_history_on_incident();

create or replace function incident_history_on_responder() returns trigger
language plpgsql as $$
begin
  insert into incident_histories (incident_id, type, description, created_by, responder_id)
  values (new.incident_id, 'responder.created', new.type, coalesce(_acting_user(), new.created_by), new.id);
  return new;
end
$$;
create trigger responders_history after insert on responders
  for each row execute function incident_history_on_responder();

create or replace function incident_history_on_hypothesis() returns trigger
language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into incident_histories (incident_id, type, description, created_by, hypothesis_id)
    values (new.incident_id, 'hypothesis.created', new.title, coalesce(_acting_user(), new.created_by), new.id);
  elsif new.status is distinct from old.status then
    insert into incident_histories (incident_id, type, description, created_by, hypothesis_id)
    values (new.incident_id, 'hypothesis.status_updated', old.status || ' -> ' || new.status,
      _acting_user(), new.id);
  end if;
  return new;
end
$$;
create trigger hypotheses_history after insert or update of status on hypotheses
  for each row execute function incident_history_on_hypothesis();

create or replace function incident_history_on_evidence() returns trigger
language plpgsql as $$
declare
  v_incident uuid;
begin
  select incident_id into v_incident from hypotheses where id = new.hypothesis_id;
  if tg_op = 'INSERT' then
    insert into incident_histories (incident_id, type, description, created_by, evidence_id, hypothesis_id)
    values (v_incident, 'evidence.created', new.description, coalesce(_acting_user(), new.created_by),
      new.id, new.hypothesis_id);
  end if;
  if new.definition_of_done and (tg_op = 'INSERT' or not old.definition_of_done) then
    insert into incident_histories (incident_id, type, description, created_by, evidence_id, hypothesis_id)
    values (v_incident, 'evidence.done_definition_added', new.description,
      case when tg_op = 'INSERT' then coalesce(_acting_user(), new.created_by) else _acting_user() end,
      new.id, new.hypothesis_id);
  end if;
  return new;
end
$$;
create trigger evidences_history after insert or update of definition_of_done on evidences
  for each row execute function incident_history_on_evidence();

create or replace function incident_history_on_comment() returns trigger
language plpgsql as $$
begin
  insert into incident_histories (incident_id, type, description, created_by, comment_id,
    hypothesis_id, responder_id)
  values (new.incident_id, 'responder.commented', new.comment, coalesce(_acting_user(), new.created_by), new.id,
    new.hypothesis_id, new.responder_id);
  return new;
end
$$;
create trigger comments_history after insert on comments
  for each row execute function incident_history_on_comment();

select _attach_updated_at_triggers();
