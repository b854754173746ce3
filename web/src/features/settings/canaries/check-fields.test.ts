import {
  FIELD_MESSAGES,
  initialValues,
  readValues,
  validateValues as validate,
  writeValues,
  type FormValues,
} from '../../spec-editor/index.js';
import { fieldsOf } from './check-fields.js';

// The canary's fields through the shared form model, by kind.
const fields = (kind: string) => fieldsOf(kind)!;
const newValues = (kind: string) => initialValues(fields(kind));
const entryToValues = (kind: string, entry: Record<string, unknown>) => readValues(fields(kind), entry);
const validateValues = (kind: string, values: FormValues) => validate(fields(kind), values);
const valuesToEntry = (kind: string, values: FormValues, base?: Record<string, unknown>) =>
  writeValues(fields(kind), values, base);

describe('check form', () => {
  describe('validation (spec 3 §5)', () => {
    it('requires the name and the URL of an HTTP check', () => {
      expect(validateValues('http', newValues('http'))).toEqual({
        name: 'This field is required',
        url: 'This field is required',
      });
      expect(validateValues('http', { ...newValues('http'), name: 'home', url: 'https://x' })).toEqual({});
    });

    it.each([
      ['redis', 'addr'],
      ['icmp', 'endpoint'],
      ['tcp', 'endpoint'],
      ['exec', 'script'],
      ['sql', 'query'],
      ['postgres', 'query'],
    ])('requires the key field of a %s check (%s)', (kind, field) => {
      const values: FormValues = { ...newValues(kind), name: 'a check', [field]: '   ' };
      if (kind === 'sql' || kind === 'postgres') values.connection = 'connection://postgres/db';
      const errors = validateValues(kind, values);
      expect(errors).toEqual({ [field]: 'This field is required' });
    });

    it('requires the connection of a SQL check, which the platform would take a url for', () => {
      expect(validateValues('sql', { ...newValues('sql'), name: 'db', query: 'select 1' })).toEqual({
        connection: 'This field is required',
      });
    });

    it('says when a number field is not a number, not whole, or below 0', () => {
      const base = { ...newValues('http'), name: 'home', url: 'https://x' };
      expect(validateValues('http', { ...base, thresholdMillis: 'fast' })).toEqual({
        thresholdMillis: 'This field must be a number',
      });
      expect(validateValues('http', { ...base, maxSSLExpiry: '-1' })).toEqual({
        maxSSLExpiry: 'This field must be 0 or more',
      });
      expect(validateValues('http', { ...base, thresholdMillis: '1.5' })).toEqual({
        thresholdMillis: FIELD_MESSAGES.wholeNumber,
      });
      expect(
        validateValues('icmp', { ...newValues('icmp'), name: 'p', endpoint: 'h', packetCount: '1e3' }),
      ).toEqual({ packetCount: 'This field must be a number' });
      expect(validateValues('http', { ...base, thresholdMillis: '0' })).toEqual({});
    });

    it('asks a name of every header that has a value', () => {
      const values = { ...newValues('http'), name: 'h', url: 'u', headers: [{ name: '', value: 'x' }] };
      expect(validateValues('http', values)).toEqual({ headers: 'Every header needs a name' });
    });
  });

  describe('values ⇄ check entry', () => {
    it('starts a new HTTP check with GET and a new Redis check with database 0 (spec 3 §9)', () => {
      expect(valuesToEntry('http', newValues('http'))).toEqual({ method: 'GET' });
      expect(valuesToEntry('redis', newValues('redis'))).toEqual({ db: 0 });
    });

    it('writes numbers, response codes, headers and authentication where the spec has them', () => {
      const entry = valuesToEntry('http', {
        ...newValues('http'),
        name: 'home',
        url: 'https://example.com',
        method: 'POST',
        body: '{"a":1}',
        headers: [
          { name: 'Accept', value: 'application/json' },
          { name: '', value: '' },
        ],
        username: 'bob',
        responseCodes: ['404', '200'],
        thresholdMillis: '500',
        test: 'code == 200',
      });
      expect(entry).toEqual({
        name: 'home',
        url: 'https://example.com',
        method: 'POST',
        body: '{"a":1}',
        headers: [{ name: 'Accept', value: 'application/json' }],
        authentication: { username: 'bob' },
        responseCodes: [200, 404],
        thresholdMillis: 500,
        test: { expr: 'code == 200' },
      });
    });

    it('sends a body only with POST and PUT', () => {
      const values = { ...newValues('http'), name: 'h', url: 'u', method: 'POST', body: 'x' };
      expect(valuesToEntry('http', values).body).toBe('x');
      expect(valuesToEntry('http', { ...values, method: 'PUT' }).body).toBe('x');
      expect(valuesToEntry('http', { ...values, method: 'GET' })).not.toHaveProperty('body');
    });

    it('keeps what the form does not show, and values it did not change', () => {
      const base = {
        name: 'home',
        url: 'https://example.com',
        insecureSkipVerify: true,
        authentication: {
          username: 'bob',
          password: { valueFrom: { secretKeyRef: { name: 's', key: 'k' } } },
        },
      };
      const values = entryToValues('http', base);
      expect(values.password).toBe('');
      const entry = valuesToEntry('http', { ...values, url: 'https://example.org' }, base);
      expect(entry).toEqual({ ...base, url: 'https://example.org' });
    });

    it('removes a field emptied in the form, and parents left empty', () => {
      const base = { name: 'home', url: 'u', authentication: { username: 'bob' }, thresholdMillis: 100 };
      const values = { ...entryToValues('http', base), username: '', thresholdMillis: '' };
      expect(valuesToEntry('http', values, base)).toEqual({ name: 'home', url: 'u' });
    });

    it('reads numbers and codes back as text for the form', () => {
      const values = entryToValues('http', {
        responseCodes: [200, 201],
        maxSSLExpiry: 7,
        headers: [{ name: 'A', value: 'b' }],
      });
      expect(values.responseCodes).toEqual(['200', '201']);
      expect(values.maxSSLExpiry).toBe('7');
      expect(values.headers).toEqual([{ name: 'A', value: 'b' }]);
    });
  });
});
