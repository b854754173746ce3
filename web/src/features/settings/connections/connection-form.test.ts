import { defaultValues, isValueSet, toWrite, validate, valuesFromRow } from './connection-form.js';
import { connectionType, PICKABLE_TYPES, searchTypes, type ConnectionType } from './connection-types.js';
import type { Connection } from './connections-api.js';

const type = (value: string): ConnectionType => connectionType(value)!;

const row = (fields: Partial<Connection>): Connection => ({
  id: 'c1',
  name: 'prod',
  namespace: 'ops',
  type: 'postgres',
  url: null,
  username: null,
  insecure_tls: false,
  properties: {},
  source: 'UI',
  created_by: null,
  created_at: '2024-01-01T00:00:00Z',
  updated_at: '2024-01-02T00:00:00Z',
  ...fields,
});

describe('connection types', () => {
  it('offers every type but jmeter, sorted by name', () => {
    const titles = PICKABLE_TYPES.map((t) => t.title);
    expect(titles).toEqual(
      [...titles].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' })),
    );
    expect(PICKABLE_TYPES.map((t) => t.value)).not.toContain('jmeter');
    expect(PICKABLE_TYPES).toHaveLength(40);
  });

  it('finds types by name or key, whatever the case', () => {
    expect(searchTypes('SQL').map((t) => t.value)).toEqual(['mysql', 'postgres', 'sql_server']);
    expect(searchTypes('google').map((t) => t.value)).toEqual(['google_chat', 'google_cloud', 'gcs']);
    expect(searchTypes('zzz')).toEqual([]);
  });
});

describe('defaults', () => {
  it.each([
    ['sftp', { port: '22' }],
    ['smb', { port: '445' }],
    ['email', { port: '587', encryptionMethod: 'Auto', authMethod: 'Unknown' }],
    ['git', { ref: 'main', authentication: 'basic' }],
    ['redis', { db: '0' }],
    ['opsgenie', { port: '443' }],
    ['ntfy', { host: 'ntfy.sh' }],
    [
      'generic_webhook',
      { method: 'POST', contentType: 'application/json', messageKey: 'message', titleKey: 'title' },
    ],
  ])('%s starts with %j', (value, expected) => {
    expect(defaultValues(type(value))).toMatchObject({ namespace: 'default', ...expected });
  });

  it('offers the email encryption and authentication choices', () => {
    const fields = Object.fromEntries(type('email').fields.map((f) => [f.key, f.options]));
    expect(fields.encryptionMethod).toEqual(['None', 'ExplicitTLS', 'ImplicitTLS', 'Auto']);
    expect(fields.authMethod).toEqual(['None', 'Plain', 'CRAMMD5', 'Unknown', 'OAuth2']);
  });
});

describe('validation', () => {
  it('requires name and namespace', () => {
    const values = { ...defaultValues(type('postgres')), namespace: ' ', url: 'postgres://db' };
    expect(validate(type('postgres'), values)).toEqual({
      name: 'This field is required',
      namespace: 'This field is required',
    });
  });

  it('requires the bucket of s3', () => {
    const values = { ...defaultValues(type('s3')), name: 'b' };
    expect(validate(type('s3'), values)).toEqual({ bucket: 'This field is required' });
  });

  it('wants numbers in number fields', () => {
    const values = {
      ...defaultValues(type('sftp')),
      name: 's',
      url: 'h',
      username: 'u',
      password: 'p',
      port: 'x',
    };
    expect(validate(type('sftp'), values)).toEqual({ port: 'This field must be a number' });
  });

  it('takes a stored password as given for a required password', () => {
    const values = { ...valuesFromRow(type('windows'), row({ type: 'windows', username: 'u' })) };
    expect(validate(type('windows'), values, row({ type: 'windows', password_set: false }))).toEqual({
      password: 'This field is required',
    });
    expect(validate(type('windows'), values, row({ type: 'windows', password_set: true }))).toEqual({});
  });
});

describe('mapping onto the row', () => {
  it('puts the AWS keys in username and password and the rest in properties', () => {
    const values = {
      ...defaultValues(type('s3')),
      name: 'backups',
      region: 'eu-west-1',
      username: 'AKIA1',
      password: 'secret',
      bucket: 'b1',
      insecure_tls: true,
    };
    expect(toWrite(type('s3'), values)).toEqual({
      name: 'backups',
      namespace: 'default',
      type: 's3',
      username: 'AKIA1',
      password: 'secret',
      insecure_tls: true,
      properties: { region: 'eu-west-1', bucket: 'b1' },
      source: 'UI',
    });
  });

  it('keeps the stored password when the field is left empty on update, and replaces it when typed', () => {
    const saved = row({ url: 'postgres://db', username: 'app', password_set: true });
    const values = valuesFromRow(type('postgres'), saved);
    expect(values.password).toBe('');
    expect(toWrite(type('postgres'), values, saved)).not.toHaveProperty('password');
    expect(toWrite(type('postgres'), { ...values, password: 'new' }, saved)).toMatchObject({
      password: 'new',
    });
  });

  it('reads properties back into the fields', () => {
    const saved = row({ type: 'redis', url: 'redis://cache:6379', properties: { db: '3' } });
    expect(valuesFromRow(type('redis'), saved)).toMatchObject({
      name: 'prod',
      namespace: 'ops',
      url: 'redis://cache:6379',
      db: '3',
    });
  });

  it('sends the git SSH key instead of username and password when SSH is chosen', () => {
    const values = {
      ...defaultValues(type('git')),
      name: 'repo',
      url: 'git@github.com:o/r.git',
      authentication: 'ssh',
      username: 'left-over',
      certificate: 'KEY',
    };
    expect(toWrite(type('git'), values)).toEqual(
      expect.objectContaining({ certificate: 'KEY', properties: { authentication: 'ssh', ref: 'main' } }),
    );
    expect(toWrite(type('git'), values)).not.toHaveProperty('username');
  });

  it('builds and reads back the URL of a notification type', () => {
    const values = { ...defaultValues(type('slack')), name: 'alerts', channel: 'C01', password: 'xoxb-1' };
    const write = toWrite(type('slack'), values);
    expect(write).toMatchObject({ url: 'slack://$(password)@C01', password: 'xoxb-1', properties: {} });
    const saved = row({ type: 'slack', url: write.url!, password_set: true });
    expect(valuesFromRow(type('slack'), saved)).toMatchObject({ channel: 'C01', password: '' });
  });

  it('sends a secret property only when typed, apart from the readable properties', () => {
    const saved = row({
      type: 'restic',
      url: 's3:bucket',
      properties: { accessKey: 'AK' },
      secret_properties_set: ['secretKey'],
      password_set: true,
    });
    const values = valuesFromRow(type('restic'), saved);
    expect(values).toMatchObject({ accessKey: 'AK', secretKey: '', password: '' });
    const secretKey = type('restic').fields.find((field) => field.key === 'secretKey')!;
    expect(isValueSet(secretKey, saved)).toBe(true);
    expect(isValueSet(secretKey, row({ type: 'restic' }))).toBe(false);

    const unchanged = toWrite(type('restic'), values, saved);
    expect(unchanged.properties).toEqual({ accessKey: 'AK' });
    expect(unchanged).not.toHaveProperty('secret_properties');

    const typed = toWrite(type('restic'), { ...values, secretKey: 'SK2' }, saved);
    expect(typed.properties).toEqual({ accessKey: 'AK' });
    expect(typed.secret_properties).toEqual({ secretKey: 'SK2' });
  });
});
