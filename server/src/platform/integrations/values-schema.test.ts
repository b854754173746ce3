import { checkValues, compileValuesSchema, valuesProblems } from './values-schema.js';

describe('valuesProblems', () => {
  test('checks the defaults with the values over them, and names each problem by its path', () => {
    const validate = compileValuesSchema({
      type: 'object',
      required: ['url'],
      additionalProperties: false,
      properties: {
        url: { type: 'string' },
        mode: { enum: ['pull', 'push'] },
        nested: { type: 'object', properties: { size: { type: 'integer' } } },
      },
    });
    expect(valuesProblems(validate, { url: 'http://x' }, {})).toEqual([]);
    expect(valuesProblems(validate, {}, {})).toEqual(["the values must have required property 'url'"]);
    expect(
      valuesProblems(validate, { url: 'http://x' }, { mode: 'both', extra: 1, nested: { size: 'big' } }),
    ).toEqual(['extra is not allowed', 'mode must be one of "pull", "push"', 'nested.size must be integer']);
  });

  test('each problem at the JSON pointer of its value, an unknown key escaped', () => {
    const validate = compileValuesSchema({
      type: 'object',
      additionalProperties: false,
      properties: { nested: { type: 'object', properties: { size: { type: 'integer' } } } },
    });
    expect(checkValues(validate, {}, { 'a/b': 1, nested: { size: 'big' } })).toEqual([
      { path: '/a~1b', message: 'is not allowed' },
      { path: '/nested/size', message: 'must be integer' },
    ]);
  });

  test('reads the 2020-12 draft when the schema names it', () => {
    const validate = compileValuesSchema({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { items: { type: 'array', prefixItems: [{ type: 'string' }] } },
    });
    expect(valuesProblems(validate, {}, { items: [1] })).toEqual(['items[0] must be string']);
  });

  test('reads an older draft as draft 07', () => {
    const validate = compileValuesSchema({
      $schema: 'http://json-schema.org/draft-04/schema#',
      type: 'object',
      properties: { port: { type: 'integer' } },
    });
    expect(valuesProblems(validate, {}, { port: 'http' })).toEqual(['port must be integer']);
  });

  test('a schema ajv cannot use is refused at compile time', () => {
    expect(() => compileValuesSchema({ $ref: 'https://example.com/remote.json' })).toThrow();
  });
});
