import { startFixture, type Fixture } from './test-fixture.js';
import { request } from './test-http.js';

let fixture: Fixture;
beforeAll(async () => {
  fixture = await startFixture();
});
afterAll(() => fixture.close());

const notes = async () =>
  (await fixture.db.query<{ body: string }>('select body from notes order by id')).rows;

describe('rpc transactions', () => {
  it('runs GET and HEAD calls read-only: a function that writes fails and leaves nothing', async () => {
    const answer = await request(fixture, 'GET', 'rpc/add_note?note_body=from-get');
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.body).toMatchObject({ code: '25006' });
    expect(Object.keys(answer.body as object).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect(
      (await request(fixture, 'HEAD', 'rpc/add_note?note_body=from-head')).status,
    ).toBeGreaterThanOrEqual(400);
    expect(await notes()).toEqual([]);
  });

  it('runs the same function with POST', async () => {
    const answer = await request(fixture, 'POST', 'rpc/add_note', { note_body: 'from-post' });
    expect(answer).toMatchObject({ status: 200, body: 1 });
    expect(await notes()).toEqual([{ body: 'from-post' }]);
  });

  it('still answers reading functions with GET', async () => {
    expect(await request(fixture, 'GET', 'rpc/add_numbers?a=1&b=2')).toMatchObject({ status: 200, body: 3 });
    const rows = await request(fixture, 'GET', 'rpc/incidents_by_severity?sev=high&select=id&order=id');
    expect(rows).toMatchObject({ status: 200, body: [{ id: 1 }, { id: 4 }] });
  });
});
