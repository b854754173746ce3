import { failedTest, testExpressionOf } from './test-expression.js';

const http = {
  code: 200,
  headers: { 'content-type': 'application/json' },
  content: '{"status":"ok","items":[1,2,3]}',
  json: { status: 'ok', items: [1, 2, 3] },
  elapsed: 42,
};

describe('failedTest', () => {
  it.each([
    'code == 200',
    'code >= 200 && code < 300',
    'json.status == "ok" && size(json.items) == 3',
    'content.contains("ok")',
    'headers["content-type"].startsWith("application/json")',
    'elapsed < 100',
  ])('holds: %s', (expr) => {
    expect(failedTest(expr, http)).toBeUndefined();
  });

  it('says which expression is false', () => {
    expect(failedTest('code == 201', http)).toBe("test expression 'code == 201' is false");
  });

  it('reports expressions that cannot be read, fail, or give no boolean', () => {
    expect(failedTest('code ==', http)).toMatch(/^test expression 'code ==' cannot be read: /);
    expect(failedTest('json.missing.deeper == 1', http)).toMatch(
      /^test expression 'json.missing.deeper == 1' failed: /,
    );
    expect(failedTest('code', http)).toBe("test expression 'code' gave 200, not true or false");
  });

  it('reads SQL rows with dates and big numbers', () => {
    const results = { rows: [{ lag: 2n, at: new Date('2024-06-11T00:00:00Z') }], count: 1 };
    expect(failedTest('results.rows[0].lag < 30 && results.count == 1', { results })).toBeUndefined();
    expect(failedTest('results.rows[0].at.startsWith("2024-06-11")', { results })).toBeUndefined();
  });
});

describe('testExpressionOf', () => {
  it('takes test.expr when it is text', () => {
    expect(testExpressionOf({ test: { expr: ' code == 200 ' } })).toBe('code == 200');
    expect(testExpressionOf({ test: {} })).toBeUndefined();
    expect(testExpressionOf({})).toBeUndefined();
  });
});
