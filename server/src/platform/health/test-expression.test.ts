import { durationFromMs } from './go-values.js';
import { evaluateCel, failedTest, testExpressionOf } from './test-expression.js';

const http = {
  code: 200n,
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
    expect(failedTest('code + 1.5 > 0', http)).toMatch(/failed: no such overload/);
    expect(failedTest('code', http)).toBe("test expression 'code' gave 200, not true or false");
  });

  it('reads SQL ints as ints and dates as timestamps, as canary-checker hands them over', () => {
    const results = { rows: [{ lag: 2n, at: new Date('2024-06-11T00:00:00Z') }], count: 1n };
    expect(failedTest('results.rows[0].lag + 1 < 30 && results.count == 1', { results })).toBeUndefined();
    expect(
      failedTest('results.rows[0].at == timestamp("2024-06-11T00:00:00Z")', { results }),
    ).toBeUndefined();
    expect(failedTest('results.rows[0].at.startsWith("2024")', { results })).toMatch(/failed: /);
  });
});

describe("gomplate's CEL helpers", () => {
  const seen = {
    ...http,
    sslAge: durationFromMs(10 * 86_400_000),
    elapsed: durationFromMs(1500),
    check: { name: 'api' },
    results: { stdout: '  hi  ', exitCode: 0n },
  };

  it.each([
    ["sslAge > Duration('7d') && sslAge < Duration('2w')", true],
    ['elapsed < duration("2s") && elapsed > Duration("1s")', true],
    ['code in [200, 201, 301]', true],
    ['string(code).charAt(0) == "2"', true],
    ['json.keys().sort() == ["items", "status"]', true],
    ['headers.keys().size() == 1 && headers.values()[0] == "application/json"', true],
    ['json.items.reverse()[0] == 3.0', true],
    ['[3, 1, 2, 3].distinct().sort() == [1, 2, 3]', true],
    ['[[1], [2, [3]]].flatten().size() == 3', true],
    ["['a', 'b', 'c', 'd'].slice(1, 3).join(',') == 'b,c'", true],
    ['results.stdout.trim() == "hi"', true],
    ['"hello-world".replace("-", " ").title() == "Hello World"', true],
    ['"v1.2".trimPrefix("v") == "1.2" && "a.txt".trimSuffix(".txt") == "a"', true],
    ['\'{"a": 1}\'.JSON().a == 1.0', true],
    ['{"a": 1}.toJSON() == \'{"a":1}\'', true],
    ['{"a": 1}.merge({"b": 2}).omit(["a"]).keys() == ["b"]', true],
    ["HumanDuration(Duration('90m')) == '1h30m'", true],
    ["HumanSize(1048576) == '1M'", true],
    ["age('2000-01-01T00:00:00Z') > Duration('365d')", true],
    ["time.Since(timestamp('2000-01-01T00:00:00Z')) > duration('1h')", true],
    ["time.Now() < time.Now() + duration('1s')", true],
    ['check.name == "api"', true],
    ['json.?missing.orValue("fallback") == "fallback"', true],
  ])('%s', (expr, expected) => {
    expect(evaluateCel(expr, seen)).toBe(expected);
  });
});

describe('testExpressionOf', () => {
  it('takes test.expr when it is text', () => {
    expect(testExpressionOf({ test: { expr: ' code == 200 ' } })).toBe('code == 200');
    expect(testExpressionOf({ test: {} })).toBeUndefined();
    expect(testExpressionOf({})).toBeUndefined();
  });
});
