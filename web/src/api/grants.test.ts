import { whoamiAs } from '../shell/test-support.js';
import { canOn, grantOn } from './auth.js';

const ONE = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const later = new Date(Date.now() + 3_600_000).toISOString();
const earlier = new Date(Date.now() - 1000).toISOString();

describe('canOn: what the server allows on one resource', () => {
  it('lets a viewer with run on one playbook run it and no other', () => {
    const viewer = whoamiAs('viewer', {
      grants: [{ action: 'playbook:run', kind: 'playbook', id: ONE, deny: false }],
    });
    expect(canOn(viewer, 'playbooks', 'run', ONE)).toBe(true);
    expect(canOn(viewer, 'playbooks', 'run', OTHER)).toBe(false);
    expect(canOn(whoamiAs('viewer'), 'playbooks', 'run', ONE)).toBe(false);
  });

  it('lets a deny win over the role and a grant', () => {
    const deny = { action: '*', kind: 'object', id: 'playbooks', deny: true } as const;
    const grant = { action: 'playbook:run', kind: 'playbook', id: ONE, deny: false } as const;
    expect(canOn(whoamiAs('editor'), 'playbooks', 'run', ONE)).toBe(true);
    expect(canOn(whoamiAs('editor', { grants: [grant, deny] }), 'playbooks', 'run', ONE)).toBe(false);
    expect(grantOn(whoamiAs('editor', { grants: [deny] }), 'playbooks', 'run', ONE)).toBe('deny');
  });

  it('ignores a grant whose until has passed', () => {
    const viewer = (until: string) =>
      whoamiAs('viewer', {
        grants: [{ action: 'playbook:run', kind: 'playbook', id: ONE, deny: false, until }],
      });
    expect(canOn(viewer(later), 'playbooks', 'run', ONE)).toBe(true);
    expect(canOn(viewer(earlier), 'playbooks', 'run', ONE)).toBe(false);
  });

  it('reads * and create,read,update,delete as covering read and update', () => {
    const viewer = whoamiAs('viewer', {
      grants: [
        { action: 'create,read,update,delete', kind: 'connection', id: ONE, deny: false },
        { action: 'read', kind: 'config', id: OTHER, deny: true },
      ],
    });
    expect(canOn(viewer, 'connections', 'read', ONE)).toBe(true);
    expect(canOn(viewer, 'connections', 'write', ONE)).toBe(true);
    expect(canOn(viewer, 'connections', 'read', OTHER)).toBe(false);
    expect(canOn(viewer, 'database', 'read', OTHER)).toBe(false);
    expect(canOn(viewer, 'database', 'read', ONE)).toBe(true);
  });

  it('allows nothing before whoami has answered, nor runs while playbooks are off', () => {
    expect(canOn(undefined, 'playbooks', 'run', ONE)).toBe(false);
    const off = whoamiAs('viewer', {
      disabled: ['playbooks'],
      grants: [{ action: 'playbook:run', kind: 'playbook', id: ONE, deny: false }],
    });
    expect(canOn(off, 'playbooks', 'run', ONE)).toBe(false);
  });
});
