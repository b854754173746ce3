import { KeyRefError, type KeyRef } from '../../kube/index.js';
import type { Db } from '../db/db.js';
import { openTestDatabase } from '../db/test-database.js';
import { redactSecrets, resolveReferences, type ReferenceScope } from './references.js';

// The cluster's Secrets and ConfigMaps as a table: this suite is about walking the entry and the
// stored connections; reading from a real API server is covered by health-runner-secrets.
const CLUSTER: Record<string, string> = {
  'secret monitoring/db/password': 'Sup3r-Secret!',
  'secret monitoring/api/token': 'tok-1234567890',
  'configmap monitoring/urls/orders': 'https://orders.example',
  'secret vault/acme-credentials/password': 'p@ss word/with?chars',
};

const readKeyRef = async ({ kind, namespace, name, key }: KeyRef) => {
  const value = CLUSTER[`${kind} ${namespace}/${name}/${key}`];
  if (value === undefined) throw new KeyRefError(`${kind} ${namespace}/${name} has no key '${key}'`);
  return value;
};

let db: Db;
let scope: ReferenceScope;

beforeAll(async () => {
  db = await openTestDatabase('empty');
  await db.query(
    `insert into connections (name, namespace, type, url, username, password) values
       ('acme', 'vault', 'postgres', 'postgres://db.acme:5432/orders', 'orders', 'secret://acme-credentials/password'),
       ('plain', 'monitoring', 'http', 'https://plain.example', 'bob', 'literal-pass'),
       ('nourl', 'monitoring', 'http', null, null, null)`,
  );
  scope = { namespace: 'monitoring', readKeyRef, db };
});
afterAll(() => db.close());

describe('resolveReferences', () => {
  it('reads secretKeyRef and configMapKeyRef in the canary namespace, keeping the shape of each value', async () => {
    const { entry, secrets } = await resolveReferences(
      {
        name: 'orders',
        url: { valueFrom: { configMapKeyRef: { name: 'urls', key: 'orders' } } },
        password: { valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } },
        headers: [{ name: 'Authorization', valueFrom: { secretKeyRef: { name: 'api', key: 'token' } } }],
        env: [{ name: 'GIVEN', value: 'wins', valueFrom: { secretKeyRef: { name: 'missing', key: 'x' } } }],
      },
      scope,
    );
    expect(entry).toEqual({
      name: 'orders',
      url: { value: 'https://orders.example' },
      password: { value: 'Sup3r-Secret!' },
      headers: [{ name: 'Authorization', value: 'tok-1234567890' }],
      env: [{ name: 'GIVEN', value: 'wins' }],
    });
    // A secret password also counts in the form basic authentication sends it.
    expect(secrets).toEqual([
      'Sup3r-Secret!',
      'tok-1234567890',
      Buffer.from(':Sup3r-Secret!').toString('base64'),
    ]);
  });

  it('fails naming the reference it cannot read, and a kind of reference it does not read', async () => {
    await expect(
      resolveReferences({ password: { valueFrom: { secretKeyRef: { name: 'db', key: 'pasword' } } } }, scope),
    ).rejects.toThrow("secret monitoring/db has no key 'pasword'");
    await expect(
      resolveReferences({ password: { valueFrom: { helmRef: { name: 'x', key: 'y' } } } }, scope),
    ).rejects.toThrow("valueFrom.helmRef is not read by this console's check runner");
  });

  it('fills url, username and password from a stored connection, its secret:// fields read in its namespace', async () => {
    const { entry, secrets } = await resolveReferences(
      { name: 'orders', connection: 'connection://vault/acme', query: 'select 1' },
      scope,
    );
    expect(entry).toEqual({
      name: 'orders',
      query: 'select 1',
      url: 'postgres://db.acme:5432/orders',
      username: 'orders',
      password: 'p@ss word/with?chars',
    });
    // The password alone, and as basic authentication carries it.
    expect(secrets).toEqual([
      'p@ss word/with?chars',
      Buffer.from('orders:p@ss word/with?chars').toString('base64'),
    ]);
  });

  it("keeps what the entry gives over the connection's fields, and finds a bare name in the canary namespace", async () => {
    const { entry, secrets } = await resolveReferences(
      { connection: 'connection://plain', username: 'alice' },
      scope,
    );
    expect(entry).toEqual({ url: 'https://plain.example', username: 'alice', password: 'literal-pass' });
    expect(secrets).toEqual(['literal-pass', Buffer.from('alice:literal-pass').toString('base64')]);
  });

  it('fails naming a connection that does not exist or has no URL', async () => {
    await expect(resolveReferences({ connection: 'connection://vault/nope' }, scope)).rejects.toThrow(
      "connection 'vault/nope' does not exist",
    );
    await expect(resolveReferences({ connection: 'connection://nourl' }, scope)).rejects.toThrow(
      "connection 'monitoring/nourl' has no URL",
    );
  });
});

describe('redactSecrets', () => {
  it('removes each secret, as written and URL-encoded, from every string of a result', () => {
    const result = {
      message: 'connected to postgres://orders:p%40ss%20word%2Fwith%3Fchars@db.acme/orders',
      error: 'password "p@ss word/with?chars" was refused',
      detail: { echoed: ['Bearer tok-1234567890'], count: 3 },
    };
    expect(redactSecrets(result, ['p@ss word/with?chars', 'tok-1234567890'])).toEqual({
      message: 'connected to postgres://orders:***@db.acme/orders',
      error: 'password "***" was refused',
      detail: { echoed: ['Bearer ***'], count: 3 },
    });
  });

  it('leaves values shorter than four characters alone rather than mangle ordinary words', () => {
    expect(redactSecrets({ message: 'a 200 answer' }, ['a', '200'])).toEqual({ message: 'a 200 answer' });
  });
});
