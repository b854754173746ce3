import express from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { forgetOnWrites } from '../../http/forget-on-writes.js';
import type { Db } from '../db/db.js';
import { openTestDatabase } from '../db/test-database.js';
import { createDbRouter, restBodyErrors } from './router.js';
import { loadSchema, type DbSchema } from './schema.js';
import type { SharedReads } from './shared-reads.js';
import type { WriteRules } from './write-rules.js';

/** A small schema exercising every kind of relationship, type and function the API handles. */
export const fixtureSql = `
create table people (
  id serial primary key, name text not null, email text unique, avatar text, age int,
  tags text[] not null default '{}', settings jsonb, created_at timestamptz not null default '2024-01-01T00:00:00Z'
);
create table teams (id serial primary key, name text not null unique, icon text, spec jsonb, deleted_at timestamptz);
create table team_members (
  team_id int not null references teams(id) on delete cascade,
  person_id int not null references people(id),
  primary key (team_id, person_id)
);
create table incidents (
  id serial primary key, title text not null, severity text not null default 'low' check (severity in ('low','medium','high')),
  created_by int references people(id), commander_id int references people(id), score numeric(6,2),
  opened_at timestamptz not null default '2024-02-01T10:00:00Z'
);
create table hypotheses (
  id serial primary key, incident_id int not null references incidents(id) on delete cascade,
  parent_id int references hypotheses(id), title text not null, status text
);
create table evidences (
  id serial primary key, hypothesis_id int not null references hypotheses(id) on delete cascade,
  component_id text, description text, done boolean not null default false
);
create table profiles (person_id int primary key references people(id), bio text);
create table schema_migrations (version text primary key);
create table _hidden (id int primary key);
create view incident_summary as
  select i.id, i.title, i.severity, i.created_by, count(h.id)::int as hypothesis_count
  from incidents i left join hypotheses h on h.incident_id = i.id group by i.id;
create function incidents_by_severity(sev text) returns setof incidents language sql stable as
  $$ select * from incidents where severity = sev $$;
create function add_numbers(a int, b int default 10) returns int language sql immutable as $$ select a + b $$;
create function team_sizes() returns table(team_name text, members bigint) language sql stable as
  $$ select t.name, count(m.person_id) from teams t left join team_members m on m.team_id = t.id group by t.name $$;
create function touch_nothing() returns void language sql as $$ select 1 $$;
create table notes (id serial primary key, body text not null);
create function add_note(note_body text) returns int language sql as
  $$ insert into notes (body) values (note_body) returning id $$;
create function fail_internally() returns int language plpgsql as
  $$ begin raise exception 'secret internals at /srv/db' using errcode = 'XX000'; end $$;
create table connections (
  id serial primary key, name text not null, url text, password text, certificate text,
  created_by int references people(id)
);
create view connections_with_status as select c.*, 'ok'::text as job_status from connections c;
create view connection_secrets as
  select c.id, c.password as secret, coalesce(c.certificate, '') as certificate, c.created_by as owner
  from connections c;

insert into people (name, email, age, tags, settings, avatar) values
  ('Ada', 'ada@example.com', 36, '{admin,dev}', '{"theme":"dark","limits":{"max":5}}', 'a.png'),
  ('Brendan', 'brendan@example.com', 52, '{dev}', '{"theme":"light"}', null),
  ('Cleo', null, null, '{}', null, null),
  ('Dmitri "the, quoted"', 'd@example.com', 29, '{ops,dev}', '{"theme":"dark"}', 'd.png');
insert into teams (name, icon, spec, deleted_at) values ('Core', 'star', '{"a":1}', null), ('Edge', null, null, null),
  ('Gone', null, null, '2024-03-01T00:00:00Z');
insert into team_members values (1, 1), (1, 2), (2, 3), (2, 1);
insert into incidents (title, severity, created_by, commander_id, score) values
  ('Database down', 'high', 1, 2, 9.5), ('Slow API', 'medium', 2, null, 4.25), ('Typo', 'low', null, null, null),
  ('Disk full', 'high', 4, 1, 7);
insert into hypotheses (incident_id, parent_id, title, status) values
  (1, null, 'Disk', 'possible'), (1, 1, 'Log volume', 'likely'), (2, null, 'GC pauses', 'possible'), (4, null, 'Backups', null);
insert into evidences (hypothesis_id, component_id, description, done) values
  (1, 'db-1', 'iostat', true), (2, 'db-1', 'du -sh', false), (3, 'api-7', 'gc log', false);
insert into profiles values (1, 'Countess'), (3, 'Explorer');
insert into connections (name, url, password, certificate, created_by) values
  ('warehouse', 'postgres://db', 'hunter2', '-----BEGIN PRIVATE KEY-----', 1);
`;

export interface Fixture {
  db: Db;
  schema: DbSchema;
  baseUrl: string;
  /** Every SQL text the router sent, with its parameters. */
  statements: { text: string; params: readonly unknown[] }[];
  /** What the router logged with req.log.error. */
  logged: { object: unknown; message: string }[];
  close(): Promise<void>;
}

export interface FixtureOptions {
  maxRows?: number;
  /** The app's JSON body limit (express.json before the router, as in app.ts). */
  bodyLimit?: string;
  writeRules?: WriteRules;
  /** Identical reads share a statement, forgotten on writes (as app.ts mounts it). */
  sharedReads?: SharedReads;
  /** Awaited after each statement the router sends has run, before its answer goes back. */
  beforeAnswer?: (text: string) => Promise<void>;
}

/** A PGlite (a copy of the blank template) with the fixture schema, and the router served on a free port. */
export async function startFixture(options: FixtureOptions = {}): Promise<Fixture> {
  const db = await openTestDatabase('blank');
  await db.exec(fixtureSql);
  const schema = await loadSchema(db);
  const statements: Fixture['statements'] = [];
  const record = <T extends { query: Db['query'] }>(target: T): T =>
    ({
      ...target,
      query: async (text: string, params?: readonly unknown[]) => {
        statements.push({ text, params: params ?? [] });
        const result = await target.query(text, params);
        await options.beforeAnswer?.(text);
        return result;
      },
    }) as T;
  const recorded: Db = {
    ...db,
    kind: db.kind,
    query: record(db).query,
    transaction: (fn) => db.transaction((tx) => fn(record(tx))),
    exec: db.exec,
    poolStats: db.poolStats,
    close: db.close,
  };
  const logged: Fixture['logged'] = [];
  const app = express();
  // As the request logging does in the app.
  app.use((req, _res, next) => {
    req.log = {
      error: (object: unknown, message: string) => logged.push({ object, message }),
    } as unknown as typeof req.log;
    next();
  });
  // As app.ts: the app parses JSON bodies, then the router, then its body-error answers.
  app.use(
    express.json({ limit: options.bodyLimit ?? '1mb', type: ['application/json', 'application/*+json'] }),
  );
  if (options.sharedReads) app.use(forgetOnWrites(options.sharedReads.forget));
  app.use(
    '/api/db',
    createDbRouter({
      db: recorded,
      schema,
      ...(options.maxRows === undefined ? {} : { maxRows: options.maxRows }),
      ...(options.writeRules ? { writeRules: options.writeRules } : {}),
      ...(options.sharedReads ? { sharedReads: options.sharedReads } : {}),
    }),
    restBodyErrors,
  );
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  return {
    db,
    schema,
    baseUrl: `http://127.0.0.1:${port}/api/db`,
    statements,
    logged,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await db.close();
    },
  };
}
