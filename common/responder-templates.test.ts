import {
  fillPlaceholders,
  hasPlaceholders,
  isTeamWithoutTarget,
  responderClientsOf,
  responderLink,
} from './responder-templates.js';

describe('responder templates', () => {
  it('fills Go-style placeholders from the data, and empties unknown ones', () => {
    const data = { incident: { title: 'Disk full', severity: 'high' }, summary: 'S' };
    expect(fillPlaceholders('[{{.incident.severity}}] {{ .incident.title }} {{summary}}', data)).toBe(
      '[high] Disk full S',
    );
    expect(fillPlaceholders('{{.incident.nothing}}x{{.missing.deep}}', data)).toBe('x');
    expect(hasPlaceholders('a {{.b}}')).toBe(true);
    expect(hasPlaceholders('a {b}')).toBe(false);
  });

  it("lists a team's configured responder types in the wizard's order, never person", () => {
    const spec = { responder_clients: { ms_planner: {}, email: {}, person: {}, bogus: {}, jira: 'no' } };
    expect(responderClientsOf(spec).map((c) => c.type)).toEqual(['email', 'ms_planner']);
    expect(responderClientsOf(null)).toEqual([]);
  });

  it("knows a team with no target (the wizard's 'None') from a team with a responder type", () => {
    expect(isTeamWithoutTarget({ type: 'team', properties: {} })).toBe(true);
    expect(isTeamWithoutTarget({ type: 'team', properties: null })).toBe(true);
    expect(isTeamWithoutTarget({ type: 'team', properties: { responderType: 'jira' } })).toBe(false);
    expect(isTeamWithoutTarget({ type: 'system', properties: {} })).toBe(false);
    expect(isTeamWithoutTarget({ type: 'jira', properties: { responderType: 'jira' } })).toBe(false);
  });

  it('links to a delivered ticket only through http(s)', () => {
    expect(responderLink({ linkUrl: 'https://jira.example/browse/{{.external_id}}' }, 'OPS-1')).toBe(
      'https://jira.example/browse/OPS-1',
    );
    expect(responderLink({ linkUrl: 'javascript:alert({{.external_id}})' }, '1')).toBeUndefined();
    expect(responderLink({ linkUrl: 'https://x/{{.external_id}}' }, null)).toBeUndefined();
  });
});
