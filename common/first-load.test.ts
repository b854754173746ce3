import { apiPath, firstDataUrl } from './first-load.js';

describe('apiPath', () => {
  it('appends each query value URI-encoded, in order', () => {
    expect(apiPath('api/x')).toBe('api/x');
    expect(apiPath('api/x', { start: 'now-1h', q: 'a b&c' })).toBe('api/x?start=now-1h&q=a%20b%26c');
  });
});

describe('firstDataUrl', () => {
  const data = {
    path: 'api/summary',
    query: { start: { from: 'range', values: ['1h', '7d'], fallback: '1h' } },
  };

  it("takes a value the page's URL holds when it is one of the known ones, else the fallback", () => {
    expect(firstDataUrl(data, new URLSearchParams('range=7d'))).toBe('api/summary?start=7d');
    expect(firstDataUrl(data, new URLSearchParams('range=2y'))).toBe('api/summary?start=1h');
    expect(firstDataUrl(data, new URLSearchParams(''))).toBe('api/summary?start=1h');
  });

  it('is the path alone without a query', () => {
    expect(firstDataUrl({ path: 'api/auth/whoami' }, new URLSearchParams('range=7d'))).toBe(
      'api/auth/whoami',
    );
  });
});
