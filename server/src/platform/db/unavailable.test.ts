import net from 'node:net';
import { once } from 'node:events';
import { pino } from 'pino';
import { openDatabase } from './db.js';
import { isDatabaseUnavailable, logDatabaseUnavailable } from './unavailable.js';

/**
 * A TCP server standing in for a PostgreSQL server in trouble: 'silent' accepts connections and
 * never answers (a frozen server), 'hangup' closes each at once, 'ready' completes the start-up
 * (trust authentication) and then answers no query.
 */
async function fakeServer(mode: 'silent' | 'hangup' | 'ready') {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    if (mode === 'hangup') return void socket.destroy();
    if (mode !== 'ready') return;
    socket.once('data', () => {
      const authenticationOk = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0]);
      const readyForQuery = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]);
      socket.write(Buffer.concat([authenticationOk, readyForQuery]));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `postgres://nobody@127.0.0.1:${port}/none`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

const failureOf = (work: Promise<unknown>) =>
  work.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );

describe('isDatabaseUnavailable', () => {
  it('recognises what the driver throws when the server refuses, hangs up or never answers', async () => {
    const refused = await failureOf(
      openDatabase({ dataDir: '', databaseUrl: `postgres://x@127.0.0.1:${await closedPort()}/x` }),
    );
    expect(isDatabaseUnavailable(refused)).toBe(true);

    for (const mode of ['silent', 'hangup'] as const) {
      const fake = await fakeServer(mode);
      try {
        const error = await failureOf(
          openDatabase({ dataDir: '', databaseUrl: fake.url, connectTimeoutMs: 300 }),
        );
        expect([mode, isDatabaseUnavailable(error)]).toEqual([mode, true]);
      } finally {
        fake.close();
      }
    }
  });

  it('recognises a query a connected server never answers, once the statement limit and grace pass', async () => {
    const fake = await fakeServer('ready');
    try {
      // Opening runs a first query: the server takes it and stays silent.
      const error = await failureOf(
        openDatabase({ dataDir: '', databaseUrl: fake.url, connectTimeoutMs: 1000, statementTimeoutMs: 100 }),
      );
      expect(error).toMatchObject({ message: 'Query read timeout' });
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      fake.close();
    }
  });

  it.each([
    ['08006', 'connection failure'],
    ['08001', 'could not establish connection'],
    ['57P01', 'terminating connection due to administrator command'],
    ['57P02', 'terminating connection because of crash of another server process'],
    ['57P03', 'the database system is starting up'],
    ['53300', 'sorry, too many clients already'],
  ])('recognises SQLSTATE %s (%s)', (code, message) => {
    expect(isDatabaseUnavailable(Object.assign(new Error(message), { code }))).toBe(true);
  });

  it('looks through causes and the addresses Node tried', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(new AggregateError([refused], 'connect failed'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('starting failed', { cause: refused }))).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a syntax error', Object.assign(new Error('syntax error at or near'), { code: '42601' })],
    ['a statement over its time limit', Object.assign(new Error('canceling statement'), { code: '57014' })],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['nothing', undefined],
    ['a string', 'ECONNREFUSED'],
  ])('leaves %s alone', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('logDatabaseUnavailable', () => {
  it('warns once per burst of failures, and again after a quiet spell', () => {
    const lines: { level: number }[] = [];
    const log = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const error = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const start = Date.now() + 3_600_000;
    for (let i = 0; i < 50; i++) logDatabaseUnavailable(log, error, start + i * 100);
    logDatabaseUnavailable(log, error, start + 5_000 + 60_000);
    const warnings = lines.filter((line) => line.level === 40);
    expect(warnings).toHaveLength(2);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  });
});
