import { apiPath, firstDataUrl, matchFirstLoad } from './first-load.js';

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

describe('firstDataUrl of a page with a parameter', () => {
  const data = {
    path: 'api/db/things',
    query: { select: '*,owner(id,name)', id: { param: 'id', prefix: 'eq.' } },
  };

  it("puts fixed values and the path's parameter after its prefix, each URI-encoded", () => {
    expect(firstDataUrl(data, new URLSearchParams(), { id: 'a b' })).toBe(
      'api/db/things?select=*%2Cowner(id%2Cname)&id=eq.a%20b',
    );
  });

  it('is no URL without the parameter', () => {
    expect(firstDataUrl(data, new URLSearchParams())).toBeUndefined();
  });
});

describe('matchFirstLoad', () => {
  const ID = '33333333-3333-4333-8333-33333333333A';
  const item = { path: 'catalog/:id', params: { id: 'uuid' as const } };

  it('takes a static path as it is', () => {
    expect(matchFirstLoad({ path: 'health' }, 'health')).toEqual({});
    expect(matchFirstLoad({ path: 'health' }, 'health/x')).toBeUndefined();
    expect(matchFirstLoad({ path: 'health' }, 'catalog')).toBeUndefined();
  });

  it('reads a parameter of the format it must have', () => {
    expect(matchFirstLoad(item, `catalog/${ID}`)).toEqual({ id: ID });
    expect(matchFirstLoad(item, `catalog/${ID}/changes`)).toBeUndefined();
    expect(matchFirstLoad(item, `other/${ID}`)).toBeUndefined();
  });

  it.each(['catalog/changes', 'catalog/not-a-uuid', 'catalog/', `catalog/${ID}x`, 'catalog/%E0%A4%A'])(
    'refuses %s, whose id is no uuid',
    (path) => {
      expect(matchFirstLoad(item, path)).toBeUndefined();
    },
  );

  it('takes any value for a parameter of no format, decoded', () => {
    expect(matchFirstLoad({ path: 'teams/:name' }, 'teams/a%20b')).toEqual({ name: 'a b' });
    expect(matchFirstLoad({ path: 'teams/:name' }, 'teams/')).toBeUndefined();
  });
});
