import {
  BODY_HOLDS_NUL,
  BODY_TOO_DEEP,
  jsonBodyProblem,
  MAX_BODY_DEPTH,
  queryHoldsNul,
} from './request-checks.js';

const nested = (levels: number, inner: unknown = 1): unknown => {
  let value = inner;
  for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

describe('jsonBodyProblem', () => {
  it('takes ordinary bodies and bodies nested up to the limit', () => {
    for (const body of [undefined, null, 'text', 3, {}, [], { name: 'x', spec: { a: [1, { b: 'c' }] } }]) {
      expect(jsonBodyProblem(body)).toBeNull();
    }
    expect(jsonBodyProblem(nested(MAX_BODY_DEPTH))).toBeNull();
  });

  it('refuses a body nested one level past the limit, or far past it, without overflowing', () => {
    expect(jsonBodyProblem(nested(MAX_BODY_DEPTH + 1))).toBe(BODY_TOO_DEEP);
    expect(jsonBodyProblem(JSON.parse('['.repeat(200_000) + ']'.repeat(200_000)))).toBe(BODY_TOO_DEEP);
    expect(BODY_TOO_DEEP).toBe('The request body nests deeper than the limit of 64 levels');
  });

  it('refuses the NUL character in any string or key, however deep', () => {
    for (const body of [
      '\0',
      { name: 'a\0b' },
      [1, ['x', 'y\0']],
      { 'k\0': 1 },
      nested(60, { deep: '\0' }),
    ]) {
      expect(jsonBodyProblem(body)).toBe(BODY_HOLDS_NUL);
    }
    expect(jsonBodyProblem({ text: '\\u0000 written out' })).toBeNull();
  });
});

describe('queryHoldsNul', () => {
  it.each([
    ['/api/db/teams?name=eq.a%00b', true],
    ['/api/db/teams?na%00me=x', true],
    ['/api/x?q=%2500', false],
    ['/api/x/%00?q=1', false],
    ['/api/x', false],
  ])('%s → %s', (url, expected) => {
    expect(queryHoldsNul(url)).toBe(expected);
  });
});
