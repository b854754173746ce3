import { labelsToText, parseLabels } from './labels.js';

describe('labels as JSON', () => {
  it('reads a JSON object of text values; empty text is no labels', () => {
    expect(parseLabels('{"team": "payments"}')).toEqual({ ok: true, labels: { team: 'payments' } });
    expect(parseLabels('  ')).toEqual({ ok: true, labels: {} });
    expect(parseLabels(labelsToText({ a: 'b' }))).toEqual({ ok: true, labels: { a: 'b' } });
  });

  it('locates a JSON syntax error at its line', () => {
    const result = parseLabels('{\n  "team": "payments",\n}');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.diagnostic.line).toBe(3);
  });

  it('refuses other JSON', () => {
    expect(parseLabels('["a"]')).toMatchObject({ ok: false, diagnostic: { line: 1 } });
    expect(parseLabels('{\n  "a": "b",\n  "size": 3\n}')).toEqual({
      ok: false,
      diagnostic: { line: 3, message: "The value of label 'size' must be text" },
    });
  });
});
