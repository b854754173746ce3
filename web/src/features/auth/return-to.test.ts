import { DEFAULT_RETURN_TO, isConsolePath, returnToFrom } from './return-to.js';

describe('isConsolePath', () => {
  it.each([
    '/',
    '/health',
    '/health?timeRange=1h&layout=table',
    '/catalog/cfg-1/changes#top',
    '/settings/feature-flags',
    '/incidents?query=a:b',
    '/playbooks/runs/run-1?back=//elsewhere',
  ])('accepts %s', (path) => expect(isConsolePath(path)).toBe(true));

  it.each([
    ['an empty string', ''],
    ['a relative path', 'health'],
    ['an absolute URL', 'https://evil.example.com/health'],
    ['a scheme', 'javascript:alert(1)'],
    ['a protocol-relative URL', '//evil.example.com'],
    ['a backslash after the slash', '/\\evil.example.com'],
    ['a tab hiding a second slash', '/\t/evil.example.com'],
    ['a newline hiding a second slash', '/\n/evil.example.com'],
    ['a scheme in the first segment', '/javascript:alert(1)'],
    ['a walk out of the base', '/../admin'],
    ['an encoded walk out of the base', '/%2e%2e/admin'],
  ])('refuses %s', (_case, value) => expect(isConsolePath(value)).toBe(false));
});

describe('returnToFrom', () => {
  it('goes home without a return_to', () => {
    expect(returnToFrom(null)).toEqual({ path: DEFAULT_RETURN_TO, allowed: true });
    expect(returnToFrom('')).toEqual({ path: '/', allowed: true });
  });

  it('keeps a console path with its query', () => {
    expect(returnToFrom('/health?timeRange=1h')).toEqual({ path: '/health?timeRange=1h', allowed: true });
  });

  it('refuses anything else and falls back to home', () => {
    expect(returnToFrom('https://evil.example.com/')).toEqual({ path: '/', allowed: false });
    expect(returnToFrom('//evil.example.com')).toEqual({ path: '/', allowed: false });
  });

  it.each(['/login', '/login?return_to=%2Fhealth', '/login/'])(
    'goes home instead of back to the sign-in page (%s)',
    (value) => expect(returnToFrom(value)).toEqual({ path: '/', allowed: true }),
  );

  it('does not mistake a page whose name starts with login for the sign-in page', () => {
    expect(returnToFrom('/logins')).toEqual({ path: '/logins', allowed: true });
  });
});
