import { applyCheckTemplates, runTemplate } from './check-templates.js';
import { durationFromMs } from './go-values.js';
import type { CheckOutcome } from './kinds/common.js';

const env = {
  check: { name: 'rates' },
  code: 200n,
  elapsed: durationFromMs(12),
  json: { rates: { EUR: 0.9, GBP: 0.79 }, items: [1, 2] },
  results: { stdout: 'hello', exitCode: 0n },
};
const passed: CheckOutcome = { status: true, message: 'HTTP 200 in 12ms', error: null, detail: null };

describe('runTemplate', () => {
  it('renders each form to text as gomplate does', () => {
    expect(runTemplate({ template: '  €{{ .json.rates.EUR }}\n' }, env)).toBe('€0.9');
    expect(runTemplate({ expr: "'€' + string(json.rates.EUR)" }, env)).toBe('€0.9');
    expect(runTemplate({ expr: 'json.items' }, env)).toBe('[1 2]');
    expect(runTemplate({ expr: 'elapsed' }, env)).toBe('12ms');
    expect(
      runTemplate({ javascript: 'var out = []; for (var k in json.rates) out.push(k); out.join(",")' }, env),
    ).toBe('EUR,GBP');
    expect(() => runTemplate({ jsonPath: '$.json' }, env)).toThrow(
      "jsonPath templates are not supported by this console's check runner",
    );
    expect(() => runTemplate({ javascript: 'while (true) {}' }, env)).toThrow(/timed out/);
  });
});

describe('applyCheckTemplates', () => {
  it('display sets the message, for passing and failing results alike', () => {
    const shown = applyCheckTemplates({ display: { template: 'EUR {{ .json.rates.EUR }}' } }, passed, env);
    expect(shown).toMatchObject({ status: true, message: 'EUR 0.9' });
    const failing = { ...passed, status: false, error: 'response code 500, expected 2xx' };
    expect(applyCheckTemplates({ display: { expr: '"code " + string(code)' } }, failing, env)).toMatchObject({
      status: false,
      message: 'code 200',
      error: 'response code 500, expected 2xx',
    });
  });

  it('a display that fails fails the check, saying why', () => {
    expect(
      applyCheckTemplates({ display: { template: '{{ .json.nope.deeper }}' } }, passed, env),
    ).toMatchObject({
      status: false,
      error: expect.stringMatching(/^display template failed: nil pointer/) as unknown as string,
    });
  });

  it('test in each form decides, after display', () => {
    const entry = (test: Record<string, string>) => ({ display: { expr: 'results.stdout' }, test });
    expect(applyCheckTemplates(entry({ expr: 'results.stdout == "hello"' }), passed, env)).toMatchObject({
      status: true,
      message: 'hello',
    });
    expect(
      applyCheckTemplates(entry({ template: '{{ eq .results.stdout "bye" }}' }), passed, env),
    ).toMatchObject({
      status: false,
      message: 'hello',
      error: `test template '{{ eq .results.stdout "bye" }}' is false`,
    });
    expect(applyCheckTemplates(entry({ javascript: 'code == 200' }), passed, env)).toMatchObject({
      status: true,
    });
    expect(applyCheckTemplates(entry({ template: '{{ .code }}' }), passed, env)).toMatchObject({
      status: false,
      error: "test template '{{ .code }}' gave 200, not true or false",
    });
  });

  it('an inline transform changes the result; one that names new checks is said to be unsupported', () => {
    const inline = { transform: { expr: "{'pass': false, 'message': 'rates are stale'}.toJSON()" } };
    expect(applyCheckTemplates(inline, passed, env)).toMatchObject({
      status: false,
      message: 'rates are stale',
    });
    const fanOut = {
      transform: { expr: "json.rates.keys().map(k, {'name': k, 'pass': true}).toJSON()" },
      display: { expr: '"not applied"' },
    };
    expect(applyCheckTemplates(fanOut, passed, env)).toMatchObject({
      status: true,
      message:
        "HTTP 200 in 12ms; transform produced 2 checks (EUR, GBP), which this console's check runner does not create",
    });
    const empty = { transform: { expr: '[].toJSON()' }, markFailOnEmpty: true };
    expect(applyCheckTemplates(empty, passed, env)).toMatchObject({
      status: false,
      error: 'transformation returned no results (markFailOnEmpty)',
    });
    expect(applyCheckTemplates({ transform: { expr: '[].toJSON()' } }, passed, env)).toMatchObject({
      status: true,
    });
    expect(applyCheckTemplates({ transform: { template: 'not json' } }, passed, env)).toMatchObject({
      status: false,
      error: expect.stringMatching(/^error transforming result: /) as unknown as string,
    });
  });
});
