import { pino } from 'pino';
import type { ScrapeContext } from '../types.js';
import { mysqlOptions, rowDocument, sqlKind } from './sql.js';

const context = (): ScrapeContext => ({
  scraper: { id: 'b0f1c2d3-0000-4000-8000-000000000002', name: 'rows', namespace: 'default', agentId: '0' },
  db: { query: () => Promise.reject(new Error('no database in this test')) },
  connection: () => Promise.resolve(undefined),
  secrets: new Set(),
  workDir: '/nonexistent',
  fileRoots: [],
  signal: new AbortController().signal,
  logger: pino({ level: 'silent' }),
});

describe('rowDocument', () => {
  it('keeps every column as text, null as null', () => {
    expect(
      rowDocument(['id', 'at', 'spec', 'note'], {
        id: 7,
        at: new Date('2024-01-02T03:04:05Z'),
        spec: { cpu: 2 },
        note: null,
      }),
    ).toEqual({ id: '7', at: '2024-01-02T03:04:05.000Z', spec: '{"cpu":2}', note: null });
  });

  it('makes a single column the document itself, read as JSON when it is', () => {
    expect(rowDocument(['doc'], { doc: '{"name":"a"}' })).toEqual({ name: 'a' });
    expect(rowDocument(['doc'], { doc: { name: 'b' } })).toEqual({ name: 'b' });
    expect(rowDocument(['doc'], { doc: 'plain words' })).toBe('plain words');
  });
});

describe('mysqlOptions', () => {
  it('reads mysql:// URLs and the Go DSN', () => {
    expect(mysqlOptions('mysql://app:p%40ss@db.local:3307/shop')).toEqual({
      host: 'db.local',
      port: 3307,
      user: 'app',
      password: 'p@ss',
      database: 'shop',
    });
    expect(mysqlOptions('root:pw@tcp(10.0.0.5:3306)/inventory?parseTime=true')).toEqual({
      host: '10.0.0.5',
      port: 3306,
      user: 'root',
      password: 'pw',
      database: 'inventory',
    });
  });
});

describe('sqlKind', () => {
  const entry = { query: 'select 1', id: '$.id', type: 'Row' };

  it('refuses SQL Server and unknown drivers before connecting', async () => {
    await expect(
      sqlKind.scrape({ ...entry, connection: 'sqlserver://sa:pw@db:1433' }, context()),
    ).rejects.toThrow(
      'SQL Server is not supported by this console: the sql scraper reads PostgreSQL and MySQL',
    );
    await expect(sqlKind.scrape({ ...entry, connection: 'oracle://db:1521/x' }, context())).rejects.toThrow(
      'sql driver oracle is not supported by this console: the sql scraper reads PostgreSQL and MySQL',
    );
  });

  it('names a missing stored connection and a missing query', async () => {
    await expect(sqlKind.scrape({ ...entry, connection: 'connection://nowhere' }, context())).rejects.toThrow(
      'connection connection://nowhere was not found',
    );
    await expect(
      sqlKind.scrape({ connection: 'postgres://db/x', id: '$.id', type: 'Row' }, context()),
    ).rejects.toThrow('sql needs a query');
  });
});
