import net from 'node:net';
import type { Queryable } from '../db/db.js';
import { TESTABLE_TYPES, testConnection, type TestedConnection } from './test.js';

/** The testers read no table: a database that says so if one ever does. */
const db: Queryable = {
  query: () => Promise.reject(new Error('Test Connection read the database')),
} as unknown as Queryable;

const connection = (fields: Partial<TestedConnection>): TestedConnection => ({
  name: 'c',
  type: 'http',
  properties: {},
  insecureTls: false,
  ...fields,
});

describe('testConnection', () => {
  it('tests the types it knows and answers unsupported for the others', async () => {
    expect(TESTABLE_TYPES.sort()).toEqual([
      'email',
      'git',
      'http',
      'kubernetes',
      'ldap',
      'mysql',
      'postgres',
      'prometheus',
      'redis',
      'sftp',
      'smb',
    ]);
    expect(await testConnection(connection({ type: 'slack' }), { db, secrets: [] })).toEqual({
      status: 'unsupported',
      error: 'Testing a slack connection is not supported',
    });
    expect(await testConnection(connection({ type: 'constructor' }), { db, secrets: [] })).toMatchObject({
      status: 'unsupported',
    });
  });

  it('says what the connection lacks', async () => {
    expect(await testConnection(connection({ type: 'postgres' }), { db, secrets: [] })).toEqual({
      status: 'failed',
      error: 'The connection has no URL',
    });
  });

  it('ends a test the server never answers at the timeout', async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const result = await testConnection(
        connection({ type: 'http', url: `http://127.0.0.1:${port}/`, password: 'never-shown' }),
        { db, secrets: ['never-shown'], timeoutMs: 300 },
      );
      expect(result).toEqual({ status: 'failed', error: 'timed out after 300ms' });
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });

  it('scrubs the secrets from what a client library says', async () => {
    const result = await testConnection(connection({ type: 'http', url: 'not a url with hunter2 in it' }), {
      db,
      secrets: ['hunter2'],
    });
    expect(result).toEqual({ status: 'failed', error: "'not a url with *** in it' is not a URL" });
  });
});
