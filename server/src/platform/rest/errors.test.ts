import { describeDatabaseError, publicError, toRestError } from './errors.js';
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

  it('leaves 4xx unlogged', async () => {
    fixture.logged.length = 0;
    const answer = await request(fixture, 'POST', 'teams', { name: 'Core' });
    expect(answer).toMatchObject({ status: 409, body: { code: '23505' } });
    expect(fixture.logged).toEqual([]);
  });
});

describe('database errors are told in words for people, without the values', () => {
  const secret = 'hunter2-in-error';
  const certificate = '-----BEGIN PRIVATE KEY----- in error';
  beforeAll(async () => {
    // Rules the fixture lacks, one of each kind, with a secret in every row that breaks them.
    await fixture.db.exec(`
      alter table connections add constraint connections_url_check check (url is null or url like '%://%');
      create unique index connections_name_key on connections (name);
      create unique index connections_password_key on connections (password);
    `);
  });
  const body = (extra: Record<string, unknown>) => ({ password: secret, certificate, ...extra });

  const cases: { name: string; method: string; path: string; body: unknown; expected: object }[] = [
    {
      name: 'unique (POST)',
      method: 'POST',
      path: 'connections',
      body: body({ name: 'warehouse' }),
      expected: {
        status: 409,
        code: '23505',
        message: 'A row with the same name already exists in connections',
        details: 'name must be unique (connections_name_key)',
      },
    },
    {
      name: 'unique on a write-only column',
      method: 'POST',
      path: 'connections',
      body: { name: 'other', password: 'hunter2' },
      expected: {
        status: 409,
        code: '23505',
        message: 'A row with the same password already exists in connections',
      },
    },
    {
      name: 'not null (PATCH)',
      method: 'PATCH',
      path: 'connections?id=eq.1',
      body: body({ name: null }),
      expected: {
        status: 400,
        code: '23502',
        message: 'A value is required for name in connections',
        details: 'name may not be null',
      },
    },
    {
      name: 'check (PATCH)',
      method: 'PATCH',
      path: 'connections?id=eq.1',
      body: body({ url: 'not a url' }),
      expected: {
        status: 400,
        code: '23514',
        message: 'A value in connections breaks the rule connections_url_check',
      },
    },
    {
      name: 'foreign key (POST)',
      method: 'POST',
      path: 'connections',
      body: body({ name: 'orphan', created_by: 999 }),
      expected: {
        status: 409,
        code: '23503',
        message: 'created_by refers to a row of people that does not exist',
      },
    },
    {
      name: 'still referred to (DELETE)',
      method: 'DELETE',
      path: 'people?id=eq.1',
      body: undefined,
      expected: {
        status: 409,
        code: '23503',
        message: expect.stringMatching(/^The row is still referred to by /),
      },
    },
    {
      name: 'not a number',
      method: 'PATCH',
      path: 'connections?id=eq.1',
      body: body({ created_by: secret }),
      expected: { status: 400, code: '22P02', message: 'A value is not a valid integer' },
    },
    {
      name: 'out of range',
      method: 'PATCH',
      path: 'people?id=eq.1',
      body: { age: 99999999999 },
      expected: { status: 400, code: '22003', message: 'A value is out of range for type integer' },
    },
    {
      name: 'malformed array',
      method: 'PATCH',
      path: 'people?id=eq.1',
      body: { tags: `{${secret}` },
      expected: { status: 400, code: '22P02', message: 'malformed array literal' },
    },
    {
      name: 'invalid time',
      method: 'PATCH',
      path: 'people?id=eq.1',
      body: { created_at: secret },
      expected: { status: 400, code: '22007', message: 'A value is not a valid timestamp with time zone' },
    },
  ];

  it.each(cases)('$name', async ({ method, path, body, expected }) => {
    const response = await fetch(`${fixture.baseUrl}/${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    const { status, ...fields } = expected as { status: number };
    expect({ status: response.status, ...(JSON.parse(text) as object) }).toMatchObject({
      status,
      hint: null,
      ...fields,
    });
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('PRIVATE KEY');
    expect(text).not.toMatch(/Failing row|Key \(/);
  });
});

describe('describeDatabaseError', () => {
  it('never repeats a value a data exception quotes', () => {
    const messages: [string, string][] = [
      ['22P02', 'invalid input syntax for type uuid: "s3cret"'],
      ['22P02', 'malformed array literal: "s3cret"'],
      ['22P02', 'invalid input value for enum mood: "s3cret"'],
      ['22003', 'value "s3cret" is out of range for type integer'],
      ['22003', 'value "for type s3cret: is out of range for type" is out of range for type integer'],
      ['22P02', 'invalid input syntax for type uuid: "for type s3cret:"'],
      ['22007', 'invalid input syntax for type date: "s3cret"'],
      ['22008', 'date/time field value out of range: "s3cret"'],
      ['22023', 'invalid value for parameter "x": "s3cret"'],
      ['22021', 'invalid byte sequence for encoding "UTF8": 0x00'],
      ['22000', '"s3cret" is not valid'],
    ];
    for (const [code, message] of messages) {
      const described = describeDatabaseError({ code, message, detail: 'Token "s3cret" is invalid.' });
      expect([code, described.message]).toEqual([code, expect.not.stringContaining('s3cret')]);
      expect(described.message).not.toBe('');
      expect(described.details).toBeNull();
    }
  });

  it('names the columns of a key, not its values, even when a value looks like a table', () => {
    expect(
      describeDatabaseError({
        code: '23505',
        message: 'duplicate key value violates unique constraint "people_email_key"',
        detail: 'Key (lower(email))=(a, b)=(c) already exists.',
        table: 'people',
        constraint: 'people_email_key',
      }),
    ).toEqual({
      message: 'A row with the same lower(email) already exists in people',
      details: 'lower(email) must be unique (people_email_key)',
      hint: null,
    });
    const reference = describeDatabaseError({
      code: '23503',
      message: 'insert or update on table "c" violates foreign key constraint "c_owner_fkey"',
      detail: 'Key (owner, kind)=(table "s3cret", x) is not present in table "people".',
      table: 'c',
      constraint: 'c_owner_fkey',
    });
    expect(reference.message).toBe('owner and kind refers to a row of people that does not exist');
    expect(JSON.stringify(reference)).not.toMatch(/s3cret/);
  });

  it('keeps the messages and schema details of other classes, and drops the rest', () => {
    expect(
      describeDatabaseError({
        code: '55000',
        message: 'cannot update view "incident_summary"',
        detail: 'Views containing GROUP BY are not automatically updatable.',
        hint: 'To enable updating the view, provide an INSTEAD OF UPDATE trigger.',
      }),
    ).toEqual({
      message: 'cannot update view "incident_summary"',
      details: 'Views containing GROUP BY are not automatically updatable.',
      hint: 'To enable updating the view, provide an INSTEAD OF UPDATE trigger.',
    });
    expect(
      describeDatabaseError({ code: 'P0001', message: 'Refused', detail: 'row (s3cret)', hint: 'h' }),
    ).toEqual({ message: 'Refused', details: null, hint: null });
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
