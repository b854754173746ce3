import { startFixture, type Fixture } from './test-fixture.js';
import { request } from './test-http.js';

let fixture: Fixture;
beforeAll(async () => {
  fixture = await startFixture();
});
afterAll(() => fixture.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  request(fixture, 'GET', path, undefined, headers);
const representation = { Prefer: 'return=representation' };
const secrets = /hunter2|s3cret|PRIVATE KEY/;

describe('write-only columns (connections.password, connections.certificate)', () => {
  it('are left out of select=*, embeds and views passing them through', async () => {
    const all = await get('connections');
    expect(all.status).toBe(200);
    expect(all.body).toEqual([{ id: 1, name: 'warehouse', url: 'postgres://db', created_by: 1 }]);
    const view = await get('connections_with_status?select=*,created_by(name)');
    expect(view.body).toEqual([
      { id: 1, name: 'warehouse', url: 'postgres://db', created_by: { name: 'Ada' }, job_status: 'ok' },
    ]);
    expect((await get('people?select=id,connections(*)&id=eq.1')).body).toEqual([
      { id: 1, connections: [{ id: 1, name: 'warehouse', url: 'postgres://db', created_by: 1 }] },
    ]);
    // Renamed (the view column is the base column) or recomputed under the same name.
    expect((await get('connection_secrets')).body).toEqual([{ id: 1, owner: 1 }]);
    for (const path of [
      'connections',
      'connections_with_status',
      'connection_secrets',
      'people?select=*,connections(*)',
    ])
      expect(JSON.stringify((await get(path)).body)).not.toMatch(secrets);
  });

  it('answer 400 42703 when selected, filtered or ordered by', async () => {
    const paths = [
      'connections?select=password',
      'connections?select=id,certificate',
      'connections?select=pw:password',
      'connections?select=password::text',
      'connections?password=eq.hunter2',
      'connections?password=like.hunt*',
      'connections?or=(password.eq.hunter2,id.eq.0)',
      'connections?order=password',
      'connections?order=certificate.desc',
      'connections_with_status?select=password',
      'connections_with_status?password=eq.hunter2',
      'connection_secrets?select=secret',
      'connection_secrets?secret=is.null',
      'people?select=id,connections(password)',
      'people?select=id,connections(id)&connections.password=eq.hunter2',
    ];
    for (const path of paths) {
      const answer = await get(path);
      expect([path, answer.status]).toEqual([path, 400]);
      expect(answer.body).toMatchObject({ code: '42703', message: expect.stringMatching(/cannot be read/) });
    }
  });

  it('are accepted in POST and PATCH bodies, and not answered in the representation', async () => {
    const created = await request(
      fixture,
      'POST',
      'connections',
      { name: 'cache', password: 's3cret', certificate: 'PRIVATE KEY' },
      representation,
    );
    expect(created).toMatchObject({ status: 201, body: [{ name: 'cache', url: null }] });
    expect(Object.keys((created.body as object[])[0]!)).toEqual(['id', 'name', 'url', 'created_by']);
    const id = (created.body as { id: number }[])[0]!.id;
    const patched = await request(
      fixture,
      'PATCH',
      `connections?id=eq.${id}`,
      { password: 'n3w' },
      representation,
    );
    expect(patched).toMatchObject({ status: 200, body: [{ id, name: 'cache' }] });
    expect(JSON.stringify(patched.body)).not.toMatch(/n3w/);
    const stored = await fixture.db.query('select password, certificate from connections where id = $1', [
      id,
    ]);
    expect(stored.rows).toEqual([{ password: 'n3w', certificate: 'PRIVATE KEY' }]);
    // Not usable to find rows in a write either.
    expect(await request(fixture, 'DELETE', 'connections?password=eq.n3w')).toMatchObject({
      status: 400,
      body: { code: '42703' },
    });
  });

  it('never appear in the errors of a write that carries them', async () => {
    await fixture.db.exec('create unique index connections_password_key on connections (password)');
    const writes: [string, string, Record<string, unknown>][] = [
      ['POST', 'connections', { name: null, password: 'hunter2-again', certificate: 'PRIVATE KEY x' }],
      ['POST', 'connections', { name: 'copy', password: 'hunter2' }],
      ['POST', 'connections', { name: 'orphan', password: 's3cret', created_by: 404 }],
      ['PATCH', 'connections?id=eq.1', { name: null, certificate: 'PRIVATE KEY y' }],
      ['PATCH', 'connections?id=eq.1', { created_by: 'hunter2', password: 's3cret' }],
      ['POST', 'connections?select=id,password', { name: 'shown', password: 's3cret' }],
    ];
    for (const [method, path, body] of writes) {
      const answer = await request(fixture, method, path, body, representation);
      expect([method, path, answer.status >= 400]).toEqual([method, path, true]);
      expect(JSON.stringify(answer.body)).not.toMatch(secrets);
    }
    expect(
      (await fixture.db.query("select 1 from connections where name in ('shown', 'copy')")).rows,
    ).toEqual([]);
  });

  it('are no upsert target: which rows it skips would tell a stored secret', async () => {
    for (const resolution of ['ignore-duplicates', 'merge-duplicates']) {
      const answer = await request(
        fixture,
        'POST',
        'connections?on_conflict=password',
        { name: 'probe', password: 'hunter2' },
        { Prefer: `resolution=${resolution},return=representation` },
      );
      expect(answer).toMatchObject({ status: 400, body: { code: '42703' } });
    }
    expect((await fixture.db.query("select 1 from connections where name = 'probe'")).rows).toEqual([]);
  });
});
