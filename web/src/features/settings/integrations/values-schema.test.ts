import { valuesCheck } from './values-schema.js';

const SCHEMA = {
  type: 'object',
  required: ['region'],
  additionalProperties: false,
  properties: {
    region: { type: 'string', enum: ['eu', 'us'] },
    replicas: { type: 'integer', minimum: 1 },
    image: { type: 'object', properties: { tag: { type: 'string', pattern: '^v\\d+' } } },
    hosts: { type: 'array', items: { type: 'string' } },
  },
};

const good = { region: 'eu', replicas: 2, image: { tag: 'v1.2' }, hosts: ['a'] };
const bad = { replicas: 0, image: { tag: 'latest' }, hosts: ['a', 3], extra: true };

const paths = (check: ReturnType<typeof valuesCheck>, values: unknown) =>
  check(values)
    .map((problem) => `${problem.path} ${problem.message}`)
    .sort();

describe('valuesCheck', () => {
  it('checks values with ajv', () => {
    const check = valuesCheck(SCHEMA);
    expect(check(good)).toEqual([]);
    expect(paths(check, bad)).toEqual([
      ' must NOT have additional properties',
      " must have required property 'region'",
      '/hosts/1 must be string',
      '/image/tag must match pattern "^v\\d+"',
      '/replicas must be >= 1',
    ]);
  });

  it('checks the common keywords itself where the page may not compile code (CSP)', () => {
    const RealFunction = globalThis.Function;
    globalThis.Function = function blocked() {
      throw new EvalError("Refused to evaluate a string as JavaScript because 'unsafe-eval' is not allowed");
    } as unknown as FunctionConstructor;
    let check: ReturnType<typeof valuesCheck>;
    try {
      check = valuesCheck(SCHEMA);
    } finally {
      globalThis.Function = RealFunction;
    }
    expect(check(good)).toEqual([]);
    expect(paths(check, bad)).toEqual([
      " must have required property 'region'",
      '/extra must NOT have additional properties',
      '/hosts/1 must be string',
      '/image/tag must match pattern "^v\\d+"',
      '/replicas must be >= 1',
    ]);
  });
});
