import type { Db } from '../platform/db/db.js';
import { openTestDatabase } from '../platform/db/test-database.js';
import { parseQuery } from '../platform/rest/parse.js';
import { loadSchema, type DbSchema } from '../platform/rest/schema.js';
import { accessFor, decide, readsOf, viewSourcesOf } from './resource-map.js';
import { permissionsFor } from './roles.js';

/**
 * Views that carry people into another resource's rows: reading one is checked as embedding
 * what it reads of people would be, so an email needs read on identities however it is reached.
 */
const sql = `
create table people (id serial primary key, name text not null, email text, avatar text, roles text[]);
create table notifications (id serial primary key, title text, person_id int references people(id));
create table sends (
  id serial primary key, notification_id int references notifications(id), person_id int references people(id)
);
create view notifications_summary as
  select n.*, (select jsonb_build_object('id', p.id, 'name', p.name, 'avatar', p.avatar)
    from people p where p.id = n.person_id) as person
  from notifications n;
create view notification_send_history_summary as
  select h.*, (select jsonb_build_object('name', p.name, 'email', p.email) from people p where p.id = h.person_id) as person
  from sends h;
create view notifications_with_status as
  select n.id, (select to_jsonb(p) from people p where p.id = n.person_id) as person from notifications n;
create view notification_send_history as
  select x.id, row_to_json(x) as everything from (
    select n.id, q.name from notifications n join (select id, name, roles from people) q on q.id = n.person_id
  ) x;
create view notification_silences as select s.id, s.person from notification_send_history_summary s;
`;

let db: Db;
let schema: DbSchema;
beforeAll(async () => {
  db = await openTestDatabase('blank');
  await db.exec(sql);
  schema = await loadSchema(db);
});
afterAll(() => db.close());

const decision = (roles: string[], name: string, query = 'select=*') => {
  const parsed = parseQuery([...new URLSearchParams(query)]);
  return decide(permissionsFor(roles), accessFor('GET', name, readsOf(schema, name, parsed)));
};
const refused = { allowed: false, message: 'You may not read identities' };

describe('views reading people', () => {
  it('need nothing more when they read only id, name and avatar', () => {
    expect(viewSourcesOf(schema, 'notifications_summary', [])).toEqual([
      { relation: 'people', columns: expect.arrayContaining(['id', 'name', 'avatar']) as unknown },
    ]);
    for (const role of ['viewer', 'responder', 'admin'])
      expect(decision([role], 'notifications_summary')).toEqual({ allowed: true });
  });

  it('need read on identities when they read an email, a whole row or a view that does', () => {
    for (const view of [
      'notification_send_history_summary',
      'notifications_with_status',
      'notification_send_history',
      'notification_silences',
    ]) {
      for (const role of ['viewer', 'responder', 'commander'])
        expect([view, role, decision([role], view, 'select=id')]).toEqual([view, role, refused]);
      expect([view, decision(['admin'], view)]).toEqual([view, { allowed: true }]);
      expect([view, decision(['editor'], view)]).toEqual([view, { allowed: true }]);
    }
  });

  it('are checked when embedded too', () => {
    expect(decision(['viewer'], 'notifications', 'select=id,notifications_summary(*)')).toEqual({
      allowed: true,
    });
    expect(decision(['viewer'], 'notifications', 'select=id,notification_send_history_summary(id)')).toEqual(
      refused,
    );
    expect(decision(['admin'], 'notifications', 'select=id,notification_send_history_summary(*)')).toEqual({
      allowed: true,
    });
  });
});
