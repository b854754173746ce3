import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Queryable } from '../db/db.js';
import { readSearchRequest } from './request.js';
import { COMPONENT_NOT_FOUND, LogSearchError, noBackendFor, searchLogs } from './search.js';

const COMPONENT = '5e1f0000-0000-4000-8000-00000000c0de';

/** The two reads a search makes, answered from fixed rows. */
function fakeDb(backends: unknown[]): Queryable {
  return {
    query: (async (text: string, params?: unknown[]) => {
      if (text.includes('from components'))
        return {
          rows:
            params?.[0] === COMPONENT
              ? [
                  {
                    external_id: 'prod/web',
                    log_selectors: [{ name: 'Loki', type: 'loki', labels: { app: 'web' } }],
                  },
                ]
              : [],
        };
      if (text.includes('from logging_backends')) return { rows: backends };
      throw new Error(`unexpected query: ${text}`);
    }) as Queryable['query'],
  } as Queryable;
}

describe('searchLogs', () => {
  let silent: http.Server;
  let url: string;
  beforeAll(async () => {
    // Takes every request and never answers: a backend that hangs.
    silent = http.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });

  const backend = (spec: unknown) => ({ id: 'b', name: 'loki', namespace: 'default', spec });

  it('gives up on a backend that does not answer in time, with a 504 naming it', async () => {
    const db = fakeDb([backend({ loki: { url }, routes: [{ type: 'loki' }] })]);
    const search = searchLogs({ db, fileRoots: [], timeoutMs: 300 }, readSearchRequest({ id: COMPONENT }));
    await expect(search).rejects.toEqual(
      new LogSearchError(504, 'Log backend loki did not answer within 300 ms'),
    );
  });

  it('says which component or backend is missing', async () => {
    const db = fakeDb([backend({ loki: { url }, routes: [{ type: 'elsewhere' }] })]);
    await expect(
      searchLogs({ db, fileRoots: [] }, readSearchRequest({ id: '5e1f0000-0000-4000-8000-000000000000' })),
    ).rejects.toEqual(new LogSearchError(404, COMPONENT_NOT_FOUND));
    await expect(searchLogs({ db, fileRoots: [] }, readSearchRequest({ id: COMPONENT }))).rejects.toEqual(
      new LogSearchError(404, noBackendFor({ name: 'Loki', type: 'loki' })),
    );
  });
});
