import {
  DNS1123,
  renderDefaults,
  REQUIRED,
  validateRunParams,
  withDefaults,
  type PlaybookParameter,
} from './params.js';

describe('parameter defaults', () => {
  it('are rendered as Go templates against the resource', () => {
    const rendered = renderDefaults(
      [
        { name: 'target', default: 'restart {{.check.name}} in {{.check.namespace}}' },
        { name: 'plain', default: 'as is' },
        { name: 'none' },
      ],
      { check: { name: 'checkout-http', namespace: 'shop' } },
    );
    expect(rendered.map((p) => p.default)).toEqual(['restart checkout-http in shop', 'as is', undefined]);
  });

  it('that cannot be rendered say which parameter', () => {
    expect(() => renderDefaults([{ name: 'x', default: '{{ nosuchfunc }}' }], {})).toThrow(
      /^The default of parameter 'x' cannot be rendered/,
    );
  });

  it('fill the values not given', () => {
    expect(
      withDefaults(
        [
          { name: 'a', default: '1' },
          { name: 'b', default: '2' },
        ],
        { a: 'x' },
      ),
    ).toEqual({
      a: 'x',
      b: '2',
    });
  });
});

describe('run values', () => {
  const check = (parameters: PlaybookParameter[], values: Record<string, unknown>) =>
    validateRunParams(parameters, values);

  it('must give every required parameter', () => {
    expect(check([{ name: 'reason', label: 'Reason', required: true }], {})).toBe(`Reason: ${REQUIRED}`);
    expect(check([{ name: 'reason', required: true }], { reason: '' })).toBe(`reason: ${REQUIRED}`);
    expect(check([{ name: 'reason', required: true }], { reason: 'because' })).toBeUndefined();
  });

  it('may not name a parameter the playbook does not have', () => {
    expect(check([], { x: '1' })).toBe("The playbook has no parameter 'x'");
  });

  it('are of their parameter type', () => {
    expect(check([{ name: 'c', type: 'checkbox' }], { c: true })).toBeUndefined();
    expect(check([{ name: 'c', type: 'checkbox' }], { c: 'yes' })).toBe('c must be true or false');
    const list: PlaybookParameter = {
      name: 'size',
      type: 'list',
      properties: {
        options: [
          { label: 'Small', value: 's' },
          { label: 'Large', value: 'l' },
        ],
      },
    };
    expect(check([list], { size: 'l' })).toBeUndefined();
    expect(check([list], { size: 'xl' })).toBe('size must be one of s, l');
    expect(check([{ name: 't', type: 'text' }], { t: { nested: 1 } })).toBe('t must be text');
    expect(check([{ name: 'm', type: 'bytes' }], { m: '512Mi' })).toBeUndefined();
    expect(check([{ name: 'm', type: 'bytes' }], { m: 'lots' })).toMatch(/^m must be a quantity of memory/);
    expect(check([{ name: 'cpu', type: 'millicores' }], { cpu: '500m' })).toBeUndefined();
    expect(check([{ name: 'd', type: 'duration' }], { d: '1h30m' })).toBeUndefined();
    expect(check([{ name: 'd', type: 'duration' }], { d: 'soon' })).toMatch(/^d must be a duration/);
  });

  it('honour the text rules: lengths, min and max, regex, dns1123', () => {
    const text = (properties: Record<string, unknown>): PlaybookParameter => ({ name: 'v', properties });
    expect(check([text({ minLength: 3 })], { v: 'ab' })).toBe('v must be at least 3 characters');
    expect(check([text({ maxLength: 3 })], { v: 'abcd' })).toBe('v must be at most 3 characters');
    expect(check([text({ min: 1, max: 5 })], { v: '7' })).toBe('v must be at most 5');
    expect(check([text({ min: 1, max: 5 })], { v: 'x' })).toBe('v must be a number');
    expect(check([text({ regex: '^[a-z]+$' })], { v: 'abc1' })).toBe('v must match ^[a-z]+$');
    expect(check([text({ format: 'dns1123' })], { v: 'my-app.prod' })).toBeUndefined();
    expect(check([text({ format: 'dns1123' })], { v: 'My_App' })).toMatch(/^v must be lowercase letters/);
    expect(DNS1123.test('-bad')).toBe(false);
  });
});
