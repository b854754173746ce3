import { describeKindFields, kindFields } from './schema-hints.js';

const schema = {
  type: 'object',
  properties: {
    http: { type: 'array', items: { $ref: '#/$defs/http' } },
    tcp: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'endpoint'],
        properties: { name: {}, endpoint: {}, thresholdMillis: {} },
      },
    },
    pod: { type: 'array', items: { type: 'object', additionalProperties: true } },
  },
  $defs: {
    http: { type: 'object', required: ['name', 'url'], properties: { name: {}, url: {}, method: {} } },
  },
};

describe('schema hints', () => {
  it("lists a kind's fields, required ones first and marked", () => {
    expect(describeKindFields('http', kindFields(schema, 'http')!)).toBe('http: name*, url*, method');
    expect(describeKindFields('tcp', kindFields(schema, 'tcp')!)).toBe(
      'tcp: name*, endpoint*, thresholdMillis',
    );
  });

  it('has nothing to say of kinds or schemas it cannot read', () => {
    expect(kindFields(schema, 'pod')).toBeUndefined();
    expect(kindFields(schema, 'nope')).toBeUndefined();
    expect(kindFields('not a schema', 'http')).toBeUndefined();
  });
});
