import { describeDiagnostic, offsetOf, parseJson, parseYaml, positionOf } from './diagnostics.js';

describe('editor diagnostics', () => {
  it("reads 'Line 4: message'", () => {
    expect(describeDiagnostic({ line: 4, column: 3, message: "must have required property 'url'" })).toBe(
      "Line 4: must have required property 'url'",
    );
  });

  it('locates YAML syntax errors at their 1-based line and column', () => {
    const result = parseYaml('http:\n  - name: a\n url: b\n');
    expect(result).toMatchObject({ ok: false, diagnostic: { line: 3, column: 2 } });
    expect(parseYaml('a: 1\n')).toEqual({ ok: true, value: { a: 1 } });
  });

  it('locates JSON syntax errors from the engine message', () => {
    const result = parseJson('{\n  "a": 1,\n  oops\n}');
    expect(result).toMatchObject({ ok: false, diagnostic: { line: 3 } });
    expect(parseJson('{"a": 1}')).toEqual({ ok: true, value: { a: 1 } });
  });

  it('converts between offsets and lines, clamped to the text', () => {
    const text = 'ab\ncde\nf';
    expect(offsetOf(text, 2, 2)).toBe(4);
    expect(offsetOf(text, 9, 9)).toBe(text.length);
    expect(positionOf(text, 4)).toEqual({ line: 2, column: 2 });
  });
});
