import fs from 'node:fs';
import {
  accessFor,
  decide,
  embedAllowed,
  RESOURCE_OF,
  resourceOf,
  type EmbedTarget,
} from './resource-map.js';
import { permissionsFor, RESOURCES } from './roles.js';

const as = (roles: string[], method: string, name: string, embeds: (string | EmbedTarget)[] = []) =>
  decide(permissionsFor(roles), accessFor(method, name, embeds));
const allowed = { allowed: true };
const refused = (message: string) => ({ allowed: false, message });

const createdBy: EmbedTarget = { relation: 'people', columns: ['id', 'name', 'avatar'] };

describe('RESOURCE_OF', () => {
  it('maps the examples of the identity issue as it says', () => {
    expect(RESOURCE_OF).toMatchObject({
      checks: 'canaries',
      canaries: 'canaries',
      incidents: 'incident',
      hypotheses: 'incident',
      evidences: 'evidences',
      comments: 'comments',
      responders: 'responder',
      people: 'identities',
      teams: 'identities',
      team_members: 'identities',
      identities: 'identities',
    });
  });

  it('names only resources of spec 1 §6', () => {
    for (const resource of Object.values(RESOURCE_OF)) expect(RESOURCES).toContain(resource);
  });

  it('is the table of docs/access.md, row for row', () => {
    const docs = fs.readFileSync(new URL('../../../docs/access.md', import.meta.url), 'utf8');
    const section = docs.slice(docs.indexOf('## Every /api/db relation and function'));
    const rows = [...section.matchAll(/^\| `([\w/]+)` +\| `(\w+)` +\|$/gm)].map(([, name, resource]) => [
      name,
      resource,
    ]);
    expect(rows).toEqual(Object.entries(RESOURCE_OF).sort(([a], [b]) => (a < b ? -1 : 1)));
  });

  it('knows nothing of names inherited from Object', () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty'])
      expect(resourceOf(name)).toBeNull();
  });
});

describe('accessFor', () => {
  it('reads with GET and HEAD, writes with POST, PATCH, DELETE and anything else', () => {
    expect(accessFor('GET', 'checks')).toEqual([{ resource: 'canaries', action: 'read', name: 'checks' }]);
    expect(accessFor('head', 'checks')[0]!.action).toBe('read');
    for (const method of ['POST', 'PATCH', 'DELETE', 'PUT', 'patch'])
      expect(accessFor(method, 'checks')[0]!.action).toBe('write');
  });

  it('reads every embedded relation, also in what a write returns', () => {
    expect(accessFor('GET', 'incident_summary', ['hypotheses', 'evidences', 'configs'])).toEqual([
      { resource: 'incident', action: 'read', name: 'incident_summary' },
      { resource: 'evidences', action: 'read', name: 'evidences' },
      { resource: 'database', action: 'read', name: 'configs' },
    ]);
    expect(accessFor('POST', 'responders', ['connections'])).toEqual([
      { resource: 'responder', action: 'write', name: 'responders' },
      { resource: 'connections', action: 'read', name: 'connections' },
    ]);
  });

  it('asks nothing more for an embed of the public columns of people and teams', () => {
    const team: EmbedTarget = { relation: 'teams', columns: ['id', 'name', 'icon', 'spec'] };
    expect(accessFor('GET', 'responders', [createdBy, team])).toEqual([
      { resource: 'responder', action: 'read', name: 'responders' },
    ]);
    expect(accessFor('GET', 'agents_summary', [{ relation: 'people', columns: ['name', 'email'] }])).toEqual([
      { resource: 'agents', action: 'read', name: 'agents_summary' },
      { resource: 'identities', action: 'read', name: 'people' },
    ]);
  });

  it('reads functions by GET and by POST, as none of them writes', () => {
    for (const fn of ['rpc/related_configs_recursive', 'rpc/lookup_analysis_by_component']) {
      expect(accessFor('GET', fn)).toEqual([{ resource: 'database', action: 'read', name: fn }]);
      expect(accessFor('POST', fn)[0]!.action).toBe('read');
      expect(accessFor('PATCH', fn)[0]!.action).toBe('write');
    }
  });

  it('leaves the resource of an unknown name null', () => {
    expect(accessFor('GET', 'no_such_table', ['nor_this'])).toEqual([
      { resource: null, action: 'read', name: 'no_such_table' },
      { resource: null, action: 'read', name: 'nor_this' },
    ]);
  });
});

describe('embedAllowed', () => {
  it('lets through only the public columns of people, teams and agents', () => {
    expect(embedAllowed('people', ['id', 'name', 'avatar'])).toBe(true);
    expect(embedAllowed('people', ['name'])).toBe(true);
    expect(embedAllowed('people', [])).toBe(true); // an embed used only to join
    expect(embedAllowed('people', ['*'])).toBe(false);
    expect(embedAllowed('people', ['id', 'email'])).toBe(false);
    expect(embedAllowed('people', ['roles'])).toBe(false);
    expect(embedAllowed('teams', ['id', 'name', 'icon', 'spec'])).toBe(true);
    expect(embedAllowed('team_members', ['team_id'])).toBe(false);
    expect(embedAllowed('agents', ['id', 'name'])).toBe(true);
    expect(embedAllowed('agents', ['id', 'name', 'properties'])).toBe(false);
    expect(embedAllowed('agents', ['*'])).toBe(false);
    expect(embedAllowed('identities', ['id'])).toBe(false);
    expect(embedAllowed('connections', ['id'])).toBe(false);
    expect(embedAllowed('constructor', [])).toBe(false);
  });
});

describe('decide, per role', () => {
  it('lets an admin do everything', () => {
    for (const name of Object.keys(RESOURCE_OF))
      for (const method of ['GET', 'POST', 'PATCH', 'DELETE'])
        expect([name, method, as(['admin'], method, name, ['people', 'connections'])]).toEqual([
          name,
          method,
          allowed,
        ]);
  });

  it('lets an editor write all but connections and people', () => {
    expect(as(['editor'], 'POST', 'checks')).toEqual(allowed);
    expect(as(['editor'], 'PATCH', 'configs')).toEqual(allowed);
    expect(as(['editor'], 'PATCH', 'playbooks')).toEqual(allowed);
    expect(as(['editor'], 'GET', 'connections')).toEqual(allowed);
    expect(as(['editor'], 'GET', 'people', ['identities'])).toEqual(allowed);
    expect(as(['editor'], 'POST', 'connections')).toEqual(refused('You may not change connections'));
    expect(as(['editor'], 'PATCH', 'people')).toEqual(refused('You may not change identities'));
    expect(as(['editor'], 'POST', 'team_members')).toEqual(refused('You may not change identities'));
  });

  it.each(['responder', 'commander'])('lets a %s write incident work but not checks', (role) => {
    for (const name of ['incidents', 'hypotheses', 'comments', 'evidences', 'responders'])
      for (const method of ['POST', 'PATCH', 'DELETE']) expect(as([role], method, name)).toEqual(allowed);
    expect(as([role], 'POST', 'responders', [createdBy])).toEqual(allowed);
    expect(as([role], 'POST', 'checks')).toEqual(refused('You may not change canaries'));
    expect(as([role], 'PATCH', 'playbooks')).toEqual(refused('You may not change playbooks'));
    expect(as([role], 'GET', 'checks')).toEqual(allowed);
    expect(as([role], 'GET', 'connections_with_status')).toEqual(refused('You may not read connections'));
  });

  it('lets a viewer read checks but not connections, and change nothing', () => {
    expect(as(['viewer'], 'GET', 'checks')).toEqual(allowed);
    expect(as(['viewer'], 'GET', 'check_statuses')).toEqual(allowed);
    expect(as(['viewer'], 'HEAD', 'incident_summary')).toEqual(allowed);
    expect(as(['viewer'], 'GET', 'connections')).toEqual(refused('You may not read connections'));
    expect(as(['viewer'], 'PATCH', 'incidents')).toEqual(refused('You may not change incident'));
    expect(as(['viewer'], 'POST', 'comments')).toEqual(refused('You may not change comments'));
    expect(as(['viewer'], 'DELETE', 'checks')).toEqual(refused('You may not change canaries'));
  });

  it('treats a person with no roles as a viewer', () => {
    expect(as([], 'GET', 'checks')).toEqual(allowed);
    expect(as([], 'GET', 'connections')).toEqual(refused('You may not read connections'));
    expect(as([], 'POST', 'incidents')).toEqual(refused('You may not change incident'));
  });

  it('lets a viewer embed who created a row, and no more of that person', () => {
    expect(as(['viewer'], 'GET', 'agents_summary', [createdBy])).toEqual(allowed);
    expect(as(['viewer'], 'GET', 'notifications_summary', [createdBy])).toEqual(allowed);
    expect(as(['viewer'], 'GET', 'agents_summary', [{ relation: 'people', columns: ['email'] }])).toEqual(
      refused('You may not read identities'),
    );
    expect(as(['viewer'], 'GET', 'agents_summary', ['people'])).toEqual(
      refused('You may not read identities'),
    );
  });

  it('refuses a viewer a direct read of people, teams and identities', () => {
    for (const name of ['people', 'teams', 'teams_with_status', 'team_members', 'identities'])
      expect(as(['viewer'], 'GET', name)).toEqual(refused('You may not read identities'));
  });

  it('refuses a read of the parent before anything embedded', () => {
    expect(as(['viewer'], 'GET', 'connections', ['identities'])).toEqual(
      refused('You may not read connections'),
    );
  });

  it('lets anyone who reads the catalog call its functions', () => {
    for (const roles of [[], ['viewer'], ['responder'], ['editor']])
      for (const method of ['GET', 'POST'])
        expect(as(roles, method, 'rpc/related_configs_recursive')).toEqual(allowed);
    expect(as(['viewer'], 'GET', 'rpc/lookup_analysis_by_component', ['connections'])).toEqual(
      refused('You may not read connections'),
    );
  });

  it('lets only someone who may do everything through an unknown name', () => {
    expect(as(['admin'], 'GET', 'no_such_table')).toEqual(allowed);
    expect(as(['editor'], 'GET', 'no_such_table')).toEqual(refused('You may not read no_such_table'));
    expect(as(['editor'], 'GET', 'checks', ['no_such_view'])).toEqual(
      refused('You may not read no_such_view'),
    );
    expect(as(['viewer'], 'POST', 'rpc/no_such_function')).toEqual(
      refused('You may not read rpc/no_such_function'),
    );
  });

  it('grants the union of several roles', () => {
    expect(as(['viewer', 'responder'], 'POST', 'comments')).toEqual(allowed);
    expect(as(['responder', 'editor'], 'POST', 'checks')).toEqual(allowed);
    expect(as(['responder', 'editor'], 'POST', 'connections')).toEqual(
      refused('You may not change connections'),
    );
  });
});
