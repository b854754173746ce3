import { parseRoleMap, rolesFromClaims } from './oidc-roles.js';

describe('parseRoleMap', () => {
  it('reads claim=role pairs, tolerating whitespace and empty entries', () => {
    expect([...parseRoleMap('ops-admins=admin,sre=responder, viewers = viewer')]).toEqual([
      ['ops-admins', 'admin'],
      ['sre', 'responder'],
      ['viewers', 'viewer'],
    ]);
    expect([...parseRoleMap('  a = Editor ,, b=COMMANDER,\n')]).toEqual([
      ['a', 'editor'],
      ['b', 'commander'],
    ]);
    expect(parseRoleMap('').size).toBe(0);
    expect(parseRoleMap('  ,  ').size).toBe(0);
  });

  it('keeps claim values exactly, with spaces inside and an = of their own', () => {
    expect([...parseRoleMap('Ops Team=editor,k=v=admin,sre=responder,sre=responder')]).toEqual([
      ['Ops Team', 'editor'],
      ['k=v', 'admin'],
      ['sre', 'responder'],
    ]);
  });

  it.each([
    ['ops-admins', /entry "ops-admins" has no '='/],
    ['sre=responder,viewers', /entry "viewers" has no '='/],
    ['=admin', /entry "=admin" has an empty claim value/],
    ['  = viewer', /entry "= viewer" has an empty claim value/],
    ['sre=', /entry "sre=" names an unknown role ""/],
    ['sre=root', /entry "sre=root" names an unknown role "root" \(known: admin, editor, commander/],
    ['sre=responder,sre=admin', /entry "sre=admin" maps "sre" again, already to responder/],
  ])('refuses %j with a one-line message naming the entry', (text, message) => {
    let error: unknown;
    try {
      parseRoleMap(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
  });

  it('keeps the message on one line for an entry with a line break', () => {
    expect(() => parseRoleMap('a\nb')).toThrow(/entry "a\\nb" has no '='/);
  });
});

describe('rolesFromClaims', () => {
  const map = parseRoleMap(
    'ops-admins=admin,sre=responder,incident-leads=commander,viewers=viewer,devs=editor',
  );

  it('maps an array of groups, deduplicated in ROLES order, ignoring unknown values', () => {
    const claims = { groups: ['viewers', 'sre', 'unknown', 'ops-admins', 'sre', 42, null, 'devs'] };
    expect(rolesFromClaims(claims, 'groups', map)).toEqual(['admin', 'editor', 'responder', 'viewer']);
  });

  it('maps a single string', () => {
    expect(rolesFromClaims({ role: 'incident-leads' }, 'role', map)).toEqual(['commander']);
    expect(rolesFromClaims({ role: 'nobody' }, 'role', map)).toEqual([]);
  });

  it('follows a path with dots into nested claims', () => {
    const claims = { realm_access: { roles: ['sre', 'offline_access'] }, resource_access: { app: 'devs' } };
    expect(rolesFromClaims(claims, 'realm_access.roles', map)).toEqual(['responder']);
    expect(rolesFromClaims(claims, 'resource_access.app', map)).toEqual(['editor']);
    expect(rolesFromClaims(claims, 'realm_access.missing', map)).toEqual([]);
    expect(rolesFromClaims(claims, 'realm_access.roles.0', map)).toEqual([]);
  });

  it('prefers a top-level claim whose name contains dots (namespaced claims)', () => {
    const claims = {
      'https://example.com/groups': ['ops-admins'],
      'a.b': 'viewers',
      a: { b: 'sre' },
    };
    expect(rolesFromClaims(claims, 'https://example.com/groups', map)).toEqual(['admin']);
    expect(rolesFromClaims(claims, 'a.b', map)).toEqual(['viewer']);
  });

  it('answers [] for a missing claim, another type, or no mapping at all', () => {
    expect(rolesFromClaims({}, 'groups', map)).toEqual([]);
    expect(rolesFromClaims({ groups: { sre: true } }, 'groups', map)).toEqual([]);
    expect(rolesFromClaims({ groups: 7 }, 'groups', map)).toEqual([]);
    expect(rolesFromClaims({ groups: null }, 'groups', map)).toEqual([]);
    expect(rolesFromClaims({ groups: ['sre'] }, 'groups', new Map())).toEqual([]);
    expect(rolesFromClaims({ groups: ['sre'] }, '', map)).toEqual([]);
  });

  it('never reads inherited properties', () => {
    const claims = JSON.parse('{"groups": ["toString", "constructor", "__proto__"]}') as Record<
      string,
      unknown
    >;
    expect(rolesFromClaims(claims, 'groups', map)).toEqual([]);
    expect(rolesFromClaims({}, 'constructor.name', parseRoleMap('Object=admin'))).toEqual([]);
    expect(rolesFromClaims({}, '__proto__', map)).toEqual([]);
  });
});
