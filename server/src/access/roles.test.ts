import { effectiveRoles, permissionsFor, RESOURCES, type Resource } from './roles.js';

const readable = (roles: string[]) => RESOURCES.filter((r) => permissionsFor(roles)[r].read);
const writable = (roles: string[]) => RESOURCES.filter((r) => permissionsFor(roles)[r].write);
const allBut = (...excluded: Resource[]) => RESOURCES.filter((r) => !excluded.includes(r));

describe('the read/write matrix of spec 1 §6', () => {
  it('lets admins read and write everything', () => {
    expect(readable(['admin'])).toEqual([...RESOURCES]);
    expect(writable(['admin'])).toEqual([...RESOURCES]);
  });

  it('lets editors read everything and write all but connections, identities and rbac', () => {
    expect(readable(['editor'])).toEqual([...RESOURCES]);
    expect(writable(['editor'])).toEqual(allBut('connections', 'identities', 'rbac'));
  });

  it.each(['commander', 'responder'])(
    'lets a %s read all but rbac, identities, connections and write incident work only',
    (role) => {
      expect(readable([role])).toEqual(allBut('rbac', 'identities', 'connections'));
      expect(writable([role]).sort()).toEqual(['comments', 'evidences', 'incident', 'responder']);
    },
  );

  it('lets viewers read what commanders read and write nothing', () => {
    expect(readable(['viewer'])).toEqual(readable(['commander']));
    expect(writable(['viewer'])).toEqual([]);
  });

  it('treats a person with no known roles as a viewer', () => {
    expect(effectiveRoles([])).toEqual(['viewer']);
    expect(effectiveRoles(['superuser'])).toEqual(['viewer']);
    expect(permissionsFor([])).toEqual(permissionsFor(['viewer']));
  });

  it('grants the union of several roles', () => {
    const both = permissionsFor(['responder', 'editor']);
    expect(both.connections).toEqual({ read: true, write: false });
    expect(both.incident).toEqual({ read: true, write: true });
    expect(both.canaries).toEqual({ read: true, write: true });
  });
});
