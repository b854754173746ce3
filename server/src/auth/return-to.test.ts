import { consoleUrl, safeReturnTo, underBase } from './return-to.js';

describe('safeReturnTo', () => {
  it.each(['/', '/health', '/health?checkId=1&timeRange=1h', '/catalog/abc/changes#top', '/a//b'])(
    'keeps the console path %s',
    (path) => {
      expect(safeReturnTo(path)).toBe(path);
    },
  );

  it('sends an absent value home', () => {
    expect(safeReturnTo(undefined)).toBe('/');
    expect(safeReturnTo('')).toBe('/');
  });

  it.each([
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'health',
    '/health\nSet-Cookie: x=1',
    '/\u0000',
    `/${'a'.repeat(2048)}`,
  ])('refuses %j, which leads out of the console or is no path', (value) => {
    expect(safeReturnTo(value)).toBeNull();
  });

  it('refuses what is not a string', () => {
    expect(safeReturnTo(['/a', '/b'])).toBeNull();
    expect(safeReturnTo({ path: '/' })).toBeNull();
  });
});

describe('underBase and consoleUrl', () => {
  it('puts a path under the base path', () => {
    expect(underBase('/console/', '/health?x=1')).toBe('/console/health?x=1');
    expect(underBase('/', '/')).toBe('/');
  });

  it('prefers PUBLIC_URL, else the request origin with the base path', () => {
    const req = {
      protocol: 'https',
      get: (name: string) => (name === 'host' ? 'ops.example.com' : undefined),
    };
    expect(consoleUrl(req, { publicUrl: undefined, basePath: '/console/' })).toBe(
      'https://ops.example.com/console/',
    );
    expect(consoleUrl(req, { publicUrl: 'https://public.example/', basePath: '/console/' })).toBe(
      'https://public.example/',
    );
  });
});
