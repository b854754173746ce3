import fs from 'node:fs';
import { ACTION_NAMES, actionRefusal, actionsFor } from './actions.js';
import { effectiveRoles, permissionsFor, type Role } from './roles.js';

const actor = (...roles: string[]) => ({ roles: effectiveRoles(roles), permissions: permissionsFor(roles) });
const actionsOf = (roles: string[], disabled: Parameters<typeof actionsFor>[1] = []) =>
  actionsFor(actor(...roles), disabled);

describe('actionsFor, per role', () => {
  it('lets an admin take every action', () => {
    expect(actionsOf(['admin'])).toEqual(ACTION_NAMES);
  });

  it('lets an editor do all but manage people, delete silences (identities) or change roles', () => {
    expect(actionsOf(['editor'])).toEqual([
      'checks.run',
      'playbooks.run',
      'playbooks.approve',
      'incidents.attach',
      'logs.view',
      'agents.manage',
      'settings.view',
    ]);
  });

  it.each<Role>(['commander', 'responder'])('lets a %s run checks and work incidents', (role) => {
    expect(actionsOf([role])).toEqual(['checks.run', 'incidents.attach', 'logs.view', 'settings.view']);
  });

  it('lets a viewer, or a person with no role, only view logs', () => {
    expect(actionsOf(['viewer'])).toEqual(['logs.view']);
    expect(actionsOf([])).toEqual(['logs.view']);
  });

  it('grants the union of several roles', () => {
    expect(actionsOf(['viewer', 'responder'])).toEqual(actionsOf(['responder']));
    expect(actionsOf(['responder', 'editor'])).toEqual(actionsOf(['editor']));
  });

  it('takes away the actions of a feature that is off, and only those', () => {
    const actions = actionsOf(['admin'], ['incidents', 'health', 'settings.users']);
    expect(actions).not.toContain('incidents.attach');
    expect(actions).not.toContain('checks.run');
    expect(actions.filter((a) => a.startsWith('people.'))).toEqual([]);
    expect(actions).toContain('playbooks.run');
    expect(actions).toContain('settings.view');
  });
});

describe('actionRefusal', () => {
  it('says why, in the words of the route that refuses', () => {
    expect(actionRefusal(actor('viewer'), 'checks.run', [])).toBe('You may not run checks');
    expect(actionRefusal(actor('editor'), 'people.delete', [])).toBe('You may not change identities');
    expect(actionRefusal(actor('viewer'), 'playbooks.run', [])).toBe('You may not change playbook_runs');
    expect(actionRefusal(actor('admin'), 'people.invite', ['settings.users'])).toBe('Users is disabled');
    expect(actionRefusal(actor('admin'), 'checks.run', [])).toBeUndefined();
  });

  it('refuses a change of role to anyone but an admin, even one who may edit people', () => {
    const editorWhoManagesPeople = actor('editor');
    editorWhoManagesPeople.permissions.identities = { read: true, write: true };
    expect(actionRefusal(editorWhoManagesPeople, 'people.update', [])).toBeUndefined();
    expect(actionRefusal(editorWhoManagesPeople, 'people.assignRole', [])).toBe(
      'Only administrators may change roles',
    );
  });
});

describe('docs/access.md', () => {
  it('lists every action, in order', () => {
    const docs = fs.readFileSync(new URL('../../../docs/access.md', import.meta.url), 'utf8');
    const section = docs.slice(docs.indexOf('## Actions'), docs.indexOf('## Feature flags'));
    expect([...section.matchAll(/^\| `([\w.]+)` +\|/gm)].map(([, name]) => name)).toEqual(ACTION_NAMES);
  });
});
