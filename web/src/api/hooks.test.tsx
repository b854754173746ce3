import { jest } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { db } from './db.js';
import { ApiError } from './fetch.js';
import { useApi, useDbQuery } from './hooks.js';

interface Check {
  id: string;
  name: string;
}

let server: http.Server;
let requests: string[] = [];
let checks: Check[] = [{ id: '1', name: 'api-health' }];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (path === '/console/api/about') send(200, { Version: '1.2.3' });
    else if (path === '/console/api/broken') send(500, { message: 'Database unavailable' });
    else if (path === '/console/api/db/checks')
      send(200, checks, { 'Content-Range': `0-${checks.length - 1}/17` });
    else send(400, { code: '42703', message: 'column nope does not exist' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  document.head.innerHTML = `<base href="http://127.0.0.1:${(server.address() as AddressInfo).port}/console/">`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

beforeEach(() => {
  requests = [];
});

function wrapper({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>;
}

describe('useApi', () => {
  it('renders the JSON of a console path', async () => {
    const { result } = renderHook(() => useApi<{ Version: string }>('api/about'), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual({ Version: '1.2.3' }));
    expect(result.current.error).toBeUndefined();
    expect(requests).toEqual(['/console/api/about']);
  });

  it("renders an ApiError with the server's message", async () => {
    const { result } = renderHook(() => useApi('api/broken', { shouldRetryOnError: false }), { wrapper });
    await waitFor(() => expect(result.current.error).toBeInstanceOf(ApiError));
    expect(result.current.error).toMatchObject({ status: 500, message: 'Database unavailable' });
    expect(result.current.data).toBeUndefined();
  });

  it('fetches nothing for a null path', async () => {
    // A later hook in the same render fetches: once it has its answer, the null one had its turn.
    const { result } = renderHook(() => ({ none: useApi(null), later: useApi('api/about') }), { wrapper });
    await waitFor(() => expect(result.current.later.data).toBeDefined());
    expect(result.current.none.isLoading).toBe(false);
    expect(requests).toEqual(['/console/api/about']);
  });
});

describe('useDbQuery', () => {
  const query = () => db.from('checks').select('id,name', { count: 'exact' }).order('name');

  it('renders rows and the exact count, and refetches on mutate', async () => {
    const { result } = renderHook(() => useDbQuery<Check[]>('checks?order=name', query), { wrapper });
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.data).toEqual([{ id: '1', name: 'api-health' }]));
    expect(result.current).toMatchObject({ count: 17, error: undefined, isLoading: false });
    expect(requests[0]).toBe('/console/api/db/checks?select=id%2Cname&order=name.asc');

    checks = [...checks, { id: '2', name: 'dns' }];
    await act(() => result.current.mutate());
    expect(result.current.data).toHaveLength(2);
  });

  it("turns a PostgREST error into an ApiError with the server's message", async () => {
    const { result } = renderHook(
      () =>
        useDbQuery<Check[]>('checks?select=nope', () => db.from('components').select('nope'), {
          shouldRetryOnError: false,
        }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.error).toBeInstanceOf(ApiError));
    expect(result.current.error).toMatchObject({ status: 400, message: 'column nope does not exist' });
    expect(result.current.data).toBeUndefined();
  });

  it('runs nothing for a null key', async () => {
    const run = jest.fn(query);
    const { result } = renderHook(
      () => ({ none: useDbQuery<Check[]>(null, run), later: useDbQuery<Check[]>('checks?later', query) }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.later.data).toBeDefined());
    expect(run).not.toHaveBeenCalled();
  });
});
