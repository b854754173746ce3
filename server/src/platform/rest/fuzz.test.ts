import { jest } from '@jest/globals';
import fc from 'fast-check';
import { operators as knownOperators } from './parse.js';
import { startFixture, type Fixture } from './test-fixture.js';

/**
 * Random and hostile requests: never a 500, never a name outside the schema in SQL text (every
 * made-up name carries IDENT_MARK), never a value in SQL text (every value carries VALUE_MARK).
 */
const IDENT_MARK = 'zqident';
// Each test sends thousands of requests: the limit is only for a test that hangs, whatever the machine.
jest.setTimeout(300_000);
const VALUE_MARK = 'zqvalue';

let fixture: Fixture;
beforeAll(async () => {
  fixture = await startFixture();
});
afterAll(() => fixture.close());

const tables = [
  'people',
  'teams',
  'team_members',
  'incidents',
  'hypotheses',
  'evidences',
  'incident_summary',
  'profiles',
];
const columns = [
  'id',
  'name',
  'age',
  'tags',
  'settings',
  'title',
  'severity',
  'created_by',
  'incident_id',
  'status',
  'component_id',
  'team_id',
  'person_id',
  'email',
  'done',
  'spec',
];
const embeds = [
  'people',
  'teams',
  'team_members',
  'incidents',
  'hypotheses',
  'evidences',
  'profiles',
  'created_by',
  'commander_id',
  'person_id',
  'team_id',
  'incident_summary',
];
// Every operator the parser knows, plus two it must refuse ('between', '').
const operators = [...knownOperators, 'between', ''];

const made = fc.stringMatching(/^[a-z0-9_]{0,6}$/).map((suffix) => `${IDENT_MARK}${suffix}`);
const nastyChars = fc.constantFrom(
  '"',
  "'",
  ';',
  '--',
  '/*',
  '*/',
  '\\',
  ',',
  '(',
  ')',
  '.',
  ':',
  '!',
  '{',
  '}',
  '->',
  '->>',
  '\0',
  ' ',
  '%',
  '&',
  '=',
  '日本',
  '\u202e',
  '😀',
  'select',
  'drop table people',
  '$1',
  '::text',
);
const valueText = fc
  .array(fc.oneof(nastyChars, fc.string({ maxLength: 8 }), fc.string({ unit: 'grapheme', maxLength: 4 })), {
    maxLength: 6,
  })
  .map((parts) => `${VALUE_MARK}${parts.join('')}`);
const value = fc.oneof(
  { weight: 4, arbitrary: valueText },
  {
    weight: 1,
    arbitrary: fc.constantFrom('1', '0', 'true', 'null', '{a,b}', '{"k":1}', '2024-01-01', '-1', '1e999'),
  },
  { weight: 1, arbitrary: fc.nat(400).map((length) => VALUE_MARK + 'x'.repeat(length * 10)) },
);
const name = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...columns) }, { weight: 1, arbitrary: made });
const field = fc
  .tuple(name, fc.array(fc.tuple(fc.constantFrom('->', '->>'), fc.oneof(made, valueText)), { maxLength: 2 }))
  .map(([column, path]) => column + path.map(([arrow, key]) => arrow + key).join(''));

const list = fc
  .array(
    fc.oneof(
      valueText,
      value.map((v) => `"${v.replace(/"/g, '\\"')}"`),
    ),
    { maxLength: 30 },
  )
  .map((items) => `(${items.join(',')})`);
const hugeList = fc
  .integer({ min: 100, max: 1500 })
  .map((n) => `(${Array.from({ length: n }, (_, i) => `${VALUE_MARK}${i}`).join(',')})`);
const condition = fc
  .tuple(fc.boolean(), fc.constantFrom(...operators), fc.oneof(value, list, hugeList))
  .map(([negated, operator, operand]) => `${negated ? 'not.' : ''}${operator}.${operand}`);

const tree: fc.Arbitrary<string> = fc.letrec<{ tree: string }>((tie) => ({
  tree: fc
    .tuple(
      fc.constantFrom('or', 'and', 'not.or', 'not.and'),
      fc.array(
        fc.oneof(
          { depthSize: 'small', withCrossShrink: true },
          fc.tuple(field, condition).map(([f, c]) => `${f}.${c}`),
          tie('tree'),
        ),
        { minLength: 1, maxLength: 4 },
      ),
    )
    .map(([operator, items]) => `${operator}(${items.join(',')})`),
})).tree;
const deepTree = fc
  .integer({ min: 20, max: 200 })
  .map((depth) => `${'or('.repeat(depth)}id.eq.${VALUE_MARK}${')'.repeat(depth)}`);

const selectTree: fc.Arbitrary<string> = fc.letrec<{ item: string }>((tie) => ({
  item: fc.oneof(
    { depthSize: 'small' },
    fc.constant('*'),
    field,
    fc.tuple(made, name).map(([alias, column]) => `${alias}:${column}`),
    fc
      .tuple(
        fc.option(made),
        fc.oneof(fc.constantFrom(...embeds), made),
        fc.constantFrom('', '!inner', '!left', `!${IDENT_MARK}`),
        fc.array(tie('item'), { maxLength: 3 }),
      )
      .map(([alias, embed, hint, items]) => `${alias ? `${alias}:` : ''}${embed}${hint}(${items.join(',')})`),
    fc
      .tuple(name, fc.constantFrom('text', 'int', `${IDENT_MARK}`, 'regclass'))
      .map(([column, cast]) => `${column}::${cast}`),
  ),
})).item;

const parameter = fc.oneof(
  fc.tuple(
    fc.constant('select'),
    fc.array(selectTree, { minLength: 1, maxLength: 4 }).map((items) => items.join(',')),
  ),
  fc.tuple(
    fc.oneof(
      field,
      fc.tuple(fc.constantFrom(...embeds), field).map(([e, f]) => `${e}.${f}`),
    ),
    condition,
  ),
  fc.tuple(
    fc.constantFrom('or', 'and', 'not.or', 'hypotheses.or'),
    tree.map((t) => t.slice(t.indexOf('('))),
  ),
  fc.tuple(
    fc.constant('or'),
    deepTree.map((t) => t.slice(2)),
  ),
  fc.tuple(
    fc.constantFrom('order', 'hypotheses.order'),
    fc
      .array(
        fc
          .tuple(
            field,
            fc.constantFrom('', '.asc', '.desc', '.desc.nullslast', '.nullsfirst', `.${IDENT_MARK}`),
          )
          .map(([f, m]) => f + m),
        { minLength: 1, maxLength: 3 },
      )
      .map((t) => t.join(',')),
  ),
  fc.tuple(fc.constantFrom('limit', 'offset', 'hypotheses.limit'), fc.oneof(fc.nat().map(String), value)),
  fc.tuple(fc.oneof(made, valueText), value),
);

const request = fc.record({
  table: fc.oneof(
    {
      weight: 5,
      arbitrary: fc.constantFrom(...tables, 'rpc/add_numbers', 'rpc/incidents_by_severity', 'rpc/team_sizes'),
    },
    { weight: 1, arbitrary: made },
  ),
  params: fc.array(parameter, { maxLength: 6 }),
  headers: fc.record({
    Prefer: fc.constantFrom('', 'count=exact', 'return=representation', `return=${VALUE_MARK}`),
    Range: fc.constantFrom('', '0-9', '5-', `${VALUE_MARK}`, '9-1'),
    Accept: fc.constantFrom('application/json', 'application/vnd.pgrst.object+json', '*/*', 'text/csv'),
  }),
});

/** Requests that are mostly valid, so that hostile values and made-up aliases reach SQL. */
const textCondition = fc
  .tuple(
    fc.constantFrom('', 'not.'),
    fc.constantFrom(
      'eq',
      'neq',
      'like',
      'ilike',
      'gt',
      'lt',
      'isdistinct',
      'fts',
      'plfts',
      'wfts',
      'match',
      'imatch',
    ),
    valueText,
  )
  .map(
    ([negated, operator, text]) =>
      `${negated}${operator}.${operator.endsWith('match') ? text.replace(/[\\[\](){}*+?|^$.]/g, '') : text}`,
  );
const textFilter = fc.oneof(
  fc.tuple(fc.constantFrom('name', 'email', 'avatar'), textCondition),
  fc.tuple(
    fc.constantFrom('name', 'email'),
    list.map((l) => `in.${l}`),
  ),
  fc.tuple(
    fc.constantFrom('name'),
    hugeList.map((l) => `not.in.${l}`),
  ),
  fc.tuple(
    fc.tuple(valueText, valueText).map(([a, b]) => `settings->${a}->>${b}`),
    textCondition,
  ),
  fc.tuple(
    fc.constant('tags'),
    fc
      .array(valueText, { maxLength: 4 })
      .map((items) => `cs.{${items.map((i) => `"${i.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`),
  ),
  fc.tuple(fc.constant('profiles.bio'), textCondition),
  fc.tuple(
    fc.constant('or'),
    fc
      .array(
        fc
          .tuple(fc.constantFrom('name', 'email'), textCondition)
          .map(([c, v]) => `${c}.${v.replace(/^not\./, '')}`),
        { minLength: 1, maxLength: 3 },
      )
      .map((items) => `(${items.map((i) => i.replace(/[,()]/g, '')).join(',')})`),
  ),
);
const plausibleSelect = fc
  .array(
    fc.oneof(
      fc.constantFrom('id', 'name', 'tags', 'age::text', 'profiles(bio)', 'team_members(team_id)', '*'),
      made.map((alias) => `${alias}:name`),
      fc
        .tuple(made, valueText)
        .map(([alias, key]) => `${alias}:settings->>${key.replace(/[,()!:"*]|->/g, '')}`),
      made.map((alias) => `${alias}:profiles!inner(bio)`),
    ),
    { minLength: 1, maxLength: 5 },
  )
  .map((items) => items.join(','));
const plausible = fc.record({
  select: plausibleSelect,
  filters: fc.array(textFilter, { maxLength: 3 }),
  order: fc.constantFrom('id', 'name.desc', 'age.asc.nullslast', 'settings->>theme.desc'),
  limit: fc.nat(20),
  count: fc.boolean(),
});

const body = fc.oneof(
  fc.dictionary(
    fc.oneof(fc.constantFrom('name', 'title', 'age', 'tags', 'settings', 'severity', 'created_by'), made),
    fc.oneof(
      valueText,
      fc.integer(),
      fc.constant(null),
      fc.array(valueText, { maxLength: 3 }),
      fc.dictionary(valueText, valueText, { maxKeys: 2 }),
    ),
    { maxKeys: 4 },
  ),
  fc.array(fc.dictionary(fc.constantFrom('name', 'title', 'icon'), valueText, { maxKeys: 3 }), {
    maxLength: 3,
  }),
  valueText,
);

function leaks(sinceIndex: number): string[] {
  return fixture.statements
    .slice(sinceIndex)
    .map((statement) => statement.text)
    .filter((text) => text.includes(IDENT_MARK) || text.includes(VALUE_MARK));
}

async function send(
  method: string,
  path: string,
  headers: Record<string, string>,
  payload?: unknown,
): Promise<number> {
  const response = await fetch(`${fixture.baseUrl}/${path}`, {
    method,
    headers: Object.fromEntries(
      Object.entries({ ...headers, 'Content-Type': 'application/json' }).filter(([, v]) => v !== ''),
    ),
    ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
  });
  await response.arrayBuffer();
  return response.status;
}

describe('fuzzing the router', () => {
  it('answers random and hostile reads without a 500 and without names or values in SQL text', async () => {
    await fc.assert(
      fc.asyncProperty(request, async ({ table, params, headers }) => {
        const query = new URLSearchParams(params).toString();
        const before = fixture.statements.length;
        const status = await send('GET', `${table}?${query}`, headers);
        expect(status).toBeLessThan(500);
        expect(leaks(before)).toEqual([]);
      }),
      { numRuns: 2500 },
    );
    expect(fixture.statements.length).toBeGreaterThan(100);
  });

  it('runs mostly valid reads full of hostile values as SQL with those values bound', async () => {
    const before = fixture.statements.length;
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(plausible, async ({ select, filters, order, limit, count }) => {
        const query = new URLSearchParams([
          ['select', select],
          ...filters,
          ['order', order],
          ['limit', String(limit)],
        ]).toString();
        const status = await send('GET', `people?${query}`, count ? { Prefer: 'count=exact' } : {});
        expect(status).toBeLessThan(500);
        if (status < 300) answered++;
      }),
      { numRuns: 1500 },
    );
    expect(leaks(before)).toEqual([]);
    expect(answered).toBeGreaterThan(500);
  });

  it('answers random writes without a 500 and without names or values in SQL text', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('POST', 'PATCH', 'DELETE'),
        request,
        body,
        async (method, { table, params, headers }, payload) => {
          const before = fixture.statements.length;
          const status = await send(
            method,
            `${table}?${new URLSearchParams(params).toString()}`,
            headers,
            payload,
          );
          expect(status).toBeLessThan(500);
          expect(leaks(before)).toEqual([]);
        },
      ),
      { numRuns: 800 },
    );
  });

  it('survives raw garbage query strings', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...tables),
        fc.string({ unit: 'binary', maxLength: 200 }),
        async (table, raw) => {
          const before = fixture.statements.length;
          const status = await send('GET', `${table}?${encodeURI(raw).replace(/#/g, '%23')}`, {});
          expect(status).toBeLessThan(500);
          expect(leaks(before).filter((text) => text.includes(IDENT_MARK))).toEqual([]);
        },
      ),
      { numRuns: 800 },
    );
  });
});
