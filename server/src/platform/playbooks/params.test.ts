import { PARAM_MESSAGES } from '../../../../common/playbook-params.js';
import {
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

  it('are text, booleans and numbers read as the dialog sends them', () => {
    expect(check([{ name: 'c', type: 'checkbox' }], { c: true })).toBeUndefined();
    expect(check([{ name: 'c', type: 'checkbox' }], { c: 'false' })).toBeUndefined();
    expect(check([{ name: 't' }], { t: { nested: 1 } })).toBe('t: Must be text');
    expect(check([{ name: 'n', properties: { min: 1 } }], { n: 3 })).toBeUndefined();
  });

  it('follow the rules the run dialog shows (common/playbook-params)', () => {
    const parameters: PlaybookParameter[] = [{ name: 'c', type: 'checkbox' }];
    expect(check(parameters, { c: 'yes' })).toBe(`c: ${PARAM_MESSAGES.checkbox}`);
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
    expect(check([list], { size: 'xl' })).toBe(`size: ${PARAM_MESSAGES.option}`);
    const release: PlaybookParameter = { name: 'r', label: 'Release', properties: { format: 'dns1123' } };
    expect(check([release], { r: 'my-app.prod' })).toBeUndefined();
    expect(check([release], { r: 'My_App' })).toBe(`Release: ${PARAM_MESSAGES.dns1123}`);
    expect(check([{ name: 'v', properties: { maxLength: 3 } }], { v: 'abcd' })).toBe(
      `v: ${PARAM_MESSAGES.maxLength(3)}`,
    );
    expect(check([{ name: 'd', type: 'duration' }], { d: 'soon' })).toBe(`d: ${PARAM_MESSAGES.duration}`);
  });
});
