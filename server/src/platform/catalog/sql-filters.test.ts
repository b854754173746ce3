import { filterCondition, parseFilterExpression, selectorConditions, SqlParams } from './sql-filters.js';

it('reads values to include and exclude, and patterns only where allowed', () => {
  expect(parseFilterExpression('a, b,!c,*x*', true)).toEqual({
    include: ['a', 'b'],
    exclude: ['c'],
    includePatterns: ['%x%'],
    excludePatterns: [],
  });
  expect(parseFilterExpression('*x*,!y*').include).toEqual(['*x*']);
  expect(parseFilterExpression('!y*', true).excludePatterns).toEqual(['y%']);
  expect(parseFilterExpression('50%_off*', true).includePatterns).toEqual(['50\\%\\_off%']);
});

it('binds every value and keeps rows without a value when excluding', () => {
  const params = new SqlParams();
  expect(filterCondition('x.t', "a,b,!c'd", params)).toBe(
    'x.t = any($1::text[]) and (x.t is null or x.t <> all($2::text[]))',
  );
  expect(params.values).toEqual([['a', 'b'], ["c'd"]]);
  expect(filterCondition('x.t', ' , ', new SqlParams())).toBeUndefined();
});

it('turns a tags selector into containment and key tests on the JSON column', () => {
  const params = new SqlParams();
  expect(
    selectorConditions('c.tags', 'cluster=eu,env!=prod,zone in (a, b),team,!owner', params, 'tags'),
  ).toEqual([
    'c.tags @> $1::jsonb',
    'not c.tags @> $2::jsonb',
    '(c.tags @> $3::jsonb or c.tags @> $4::jsonb)',
    'c.tags ? $5',
    'not (c.tags ? $6)',
  ]);
  expect(params.values).toEqual([
    '{"cluster":"eu"}',
    '{"env":"prod"}',
    '{"zone":"a"}',
    '{"zone":"b"}',
    'team',
    'owner',
  ]);
  expect(() => selectorConditions('c.tags', 'x in ()', new SqlParams(), 'tags')).toThrow(
    'tags: "x in ()" lists no values',
  );
});
