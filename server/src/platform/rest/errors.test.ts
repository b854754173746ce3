import { publicError, toRestError } from './errors.js';
import { startFixture, type Fixture } from './test-fixture.js';
import { request } from './test-http.js';

let fixture: Fixture;
beforeAll(async () => {
  fixture = await startFixture({ bodyLimit: '2kb' });
});
afterAll(() => fixture.close());

describe('unexpected errors (5xx)', () => {
  it('are logged with their cause and answered with the code and a generic message', async () => {
    const answer = await request(fixture, 'GET', 'rpc/fail_internally');
    expect(answer).toEqual({
      status: 500,
      headers: expect.anything() as unknown,
      body: {
        code: 'XX000',
        message: 'Internal server error; the details are in the server log',
        details: null,
        hint: null,
      },
    });
    expect(fixture.logged).toHaveLength(1);
    expect(fixture.logged[0]!.message).toBe('database request failed');
    expect(String((fixture.logged[0]!.object as { err: Error }).err.message)).toMatch(/secret internals/);
  });

  it('leaves 4xx as they are, unlogged', async () => {
    fixture.logged.length = 0;
    const answer = await request(fixture, 'POST', 'teams', { name: 'Core' });
    expect(answer).toMatchObject({ status: 409, body: { code: '23505' } });
    expect((answer.body as { message: string }).message).toMatch(/duplicate key/);
    expect(fixture.logged).toEqual([]);
  });
});

describe('body parser errors (the app parses, restBodyErrors answers)', () => {
  it('answers malformed JSON with 400 PGRST102', async () => {
    expect(await request(fixture, 'POST', 'teams', '{"name": ')).toMatchObject({
      status: 400,
      body: { code: 'PGRST102', message: 'Empty or invalid json' },
    });
  });

  it('answers a body over the app limit with 413 PGRST102', async () => {
    const answer = await request(fixture, 'POST', 'teams', { name: 'x'.repeat(4096) });
    expect(answer).toMatchObject({ status: 413, body: { code: 'PGRST102' } });
    expect(Object.keys(answer.body as object).sort()).toEqual(['code', 'details', 'hint', 'message']);
  });
});

describe('an unavailable database', () => {
  it.each([
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    Object.assign(new Error('the database system is shutting down'), { code: '57P03' }),
    new Error('timeout exceeded when trying to connect'),
  ])('answers %p with 503 PGRST001 and a message a person understands', (thrown) => {
    expect(publicError(toRestError(thrown)).toJSON()).toEqual({
      code: 'PGRST001',
      message: 'The database is not reachable at the moment; please try again in a moment',
      details: null,
      hint: null,
    });
    expect(toRestError(thrown).status).toBe(503);
  });
});
