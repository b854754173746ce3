import { jest } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, apiFetch, apiJson, apiUrl, consoleFetch, errorMessage } from './fetch.js';

interface Seen {
  method: string;
  url: string;
  csrf: string | null;
  contentType: string | null;
  body: string;
}

let server: http.Server;
let base: string;

function answer(res: http.ServerResponse, status: number, body?: string, type = 'application/json') {
  res.writeHead(status, body === undefined ? {} : { 'Content-Type': type });
  res.end(body);
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname.replace('/console/api/', '');
      const seen: Seen = {
        method: req.method ?? '',
        url: req.url ?? '',
        csrf: (req.headers['x-csrf-token'] as string | undefined) ?? null,
        contentType: req.headers['content-type'] ?? null,
        body,
      };
      if (path === 'echo') answer(res, 200, JSON.stringify(seen));
      else if (path === 'no-content') answer(res, 204);
      else if (path === 'json-message')
        answer(res, 409, JSON.stringify({ code: '23505', message: 'Name is taken' }));
      else if (path === 'json-error') answer(res, 500, JSON.stringify({ error: 'Runner crashed' }));
      else if (path === 'text') answer(res, 503, 'Upstream is down', 'text/plain');
      else if (path === 'html') answer(res, 502, '<html><body>Bad gateway</body></html>', 'text/html');
      else if (path === 'empty') answer(res, 500);
      else if (path === 'unauthorized') answer(res, 401, JSON.stringify({ message: 'Sign in first' }));
      else if (path === 'hang')
        return; // never answers
      else answer(res, 404, JSON.stringify({ message: `no route ${path}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/console/`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  document.head.innerHTML = `<base href="${base}">`;
  document.cookie = 'csrf_token=tok%2Fen-1; path=/';
});

afterEach(() => {
  document.cookie = 'csrf_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  jest.restoreAllMocks();
});

describe('apiUrl', () => {
  it('resolves console paths against the base, whatever its sub-path', () => {
    expect(apiUrl('api/auth/whoami')).toBe(`${base}api/auth/whoami`);
    document.head.innerHTML = '<base href="https://ops.example.com/tools/ops/">';
    expect(apiUrl('api/db/checks?id=eq.1')).toBe('https://ops.example.com/tools/ops/api/db/checks?id=eq.1');
  });

  it('refuses absolute paths and URLs, which would escape the sub-path', () => {
    expect(() => apiUrl('/api/about')).toThrow(/relative/);
    expect(() => apiUrl('https://elsewhere.example.com/api')).toThrow(/relative/);
  });
});

describe('apiJson', () => {
  it('calls the server under the base path and parses the JSON answer', async () => {
    const seen = await apiJson<Seen>('api/echo?x=1');
    expect(seen).toMatchObject({ method: 'GET', url: '/console/api/echo?x=1' });
  });

  it('sends `json` as a JSON body with its content type', async () => {
    const seen = await apiJson<Seen>('api/echo', { method: 'POST', json: { name: 'web', replicas: 2 } });
    expect(seen.contentType).toBe('application/json');
    expect(JSON.parse(seen.body)).toEqual({ name: 'web', replicas: 2 });
  });

  it('answers undefined for 204 No Content', async () => {
    await expect(apiJson('api/no-content', { method: 'DELETE' })).resolves.toBeUndefined();
  });
});

describe('CSRF header', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('sends the csrf_token cookie value on %s', async (method) => {
    const seen = await apiJson<Seen>('api/echo', { method });
    expect(seen.csrf).toBe('tok/en-1');
  });

  it('is not sent on GET', async () => {
    expect((await apiJson<Seen>('api/echo')).csrf).toBeNull();
  });

  it('is not sent when there is no cookie', async () => {
    document.cookie = 'csrf_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    expect((await apiJson<Seen>('api/echo', { method: 'POST' })).csrf).toBeNull();
  });

  it('is added by consoleFetch too, for clients that bring their own URLs', async () => {
    const response = await consoleFetch(`${base}api/echo`, { method: 'PATCH' });
    expect(((await response.json()) as Seen).csrf).toBe('tok/en-1');
  });
});

describe('failures', () => {
  it.each([
    ['api/json-message', 409, 'Name is taken'],
    ['api/json-error', 500, 'Runner crashed'],
    ['api/text', 503, 'Upstream is down'],
    ['api/html', 502, 'HTTP 502'],
    ['api/empty', 500, 'HTTP 500'],
  ])('%s surfaces the server message as an ApiError', async (path, status, message) => {
    const error = await apiFetch(path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, message });
    expect(errorMessage(error)).toBe(message);
  });

  it('keeps the parsed body of a JSON error', async () => {
    await expect(apiJson('api/json-message')).rejects.toMatchObject({ body: { code: '23505' } });
  });

  it('leaves non-2xx answers to consoleFetch callers', async () => {
    const response = await consoleFetch(`${base}api/json-message`);
    expect(response.status).toBe(409);
  });

  it('times out a server that never answers', async () => {
    await expect(apiFetch('api/hang', { timeoutMs: 50 })).rejects.toThrow(
      new ApiError('Request timed out. Please try again.'),
    );
  });

  it('reports a network failure', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    document.head.innerHTML = `<base href="http://127.0.0.1:${port}/console/">`;

    await expect(apiFetch('api/echo')).rejects.toThrow(new ApiError('Network Error. Please try again.'));
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await expect(apiFetch('api/echo')).rejects.toThrow(
      new ApiError('No internet connection. Please try again.'),
    );
  });

  it("keeps a caller's abort an AbortError", async () => {
    const controller = new AbortController();
    const pending = apiFetch('api/hang', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await expect(consoleFetch(`${base}api/echo`, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});

describe('401', () => {
  // jsdom can't navigate and its location.assign can't be spied on: stand in a fake location.
  const realLocation = Object.getOwnPropertyDescriptor(window, 'location')!;
  const assign = jest.fn<(url: string | URL) => void>();
  const openAt = (href: string) =>
    Object.defineProperty(window, 'location', {
      configurable: true,
      value: Object.assign(new URL(href), { assign }),
    });
  afterEach(() => {
    Object.defineProperty(window, 'location', realLocation);
    assign.mockReset();
  });

  it('goes to sign-in with the current path under the base and rejects', async () => {
    openAt(`${base}health?timeRange=1h&layout=table`);

    const error = await apiFetch('api/unauthorized').catch((e: unknown) => e);

    expect(error).toMatchObject({ name: 'ApiError', status: 401, message: 'Sign in first' });
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith(`${base}login?return_to=%2Fhealth%3FtimeRange%3D1h%26layout%3Dtable`);
  });

  it('returns to the base itself as /', async () => {
    openAt(base.replace(/\/$/, ''));
    await expect(apiJson('api/unauthorized')).rejects.toMatchObject({ status: 401 });
    expect(assign).toHaveBeenCalledWith(`${base}login?return_to=%2F`);
  });

  it('stays put on the login page', async () => {
    openAt(`${base}login?return_to=%2Fhealth`);

    await expect(consoleFetch(`${base}api/unauthorized`)).rejects.toMatchObject({ status: 401 });
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('errorMessage', () => {
  it.each<[unknown, string]>([
    [new ApiError('Agent name is taken', { status: 409 }), 'Agent name is taken'],
    [new Error('Something broke'), 'Something broke'],
    [{ message: 'permission denied for table agents', code: '42501' }, 'permission denied for table agents'],
    [{ message: 'ApiError: Network Error. Please try again.' }, 'Network Error. Please try again.'],
    ['Clipboard not available', 'Clipboard not available'],
    [new Error(''), 'An error occurred'],
    [undefined, 'An error occurred'],
    [null, 'An error occurred'],
    [42, 'An error occurred'],
  ])('%p → %p', (error, message) => {
    expect(errorMessage(error)).toBe(message);
  });
});
