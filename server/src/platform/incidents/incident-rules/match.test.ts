import {
  hasRecovered,
  inPriorityOrder,
  isFailing,
  labelsMatch,
  watches,
  withinHours,
  type IncidentRule,
  type WatchedResource,
} from './match.js';

const NOW = new Date('2026-03-02T10:30:00Z');

const resource = (overrides: Partial<WatchedResource> = {}): WatchedResource => ({
  kind: 'component',
  id: '11111111-1111-1111-1111-111111111111',
  name: 'api-gateway',
  namespace: 'prod',
  agent_id: null,
  type: 'Service',
  status: 'unhealthy',
  severity: null,
  labels: { team: 'payments', tier: 'front' },
  owner: null,
  status_reason: null,
  since: new Date(NOW.getTime() - 120_000),
  ...overrides,
});

describe('which resources a rule watches', () => {
  it('matches components by name pattern, namespace, type and labels', () => {
    const rule = {
      components: [
        { name: 'api-*', namespace: 'prod', types: ['Service'], labelSelector: 'team=payments,!legacy' },
      ],
    };
    expect(watches(rule, resource())).toBe(true);
    expect(watches(rule, resource({ name: 'web' }))).toBe(false);
    expect(watches(rule, resource({ namespace: 'dev' }))).toBe(false);
    expect(watches(rule, resource({ labels: { team: 'payments', legacy: 'yes' } }))).toBe(false);
  });

  it('watches checks only through check selectors or a filter naming their type or severity', () => {
    const check = resource({ kind: 'check', type: 'http', severity: 'high' });
    expect(watches({ components: [{ name: 'api-*' }] }, check)).toBe(false);
    expect(watches({}, check)).toBe(false);
    expect(watches({ filter: { category: ['http'] } }, check)).toBe(true);
    expect(watches({ filter: { category: ['dns'] } }, check)).toBe(false);
    expect(watches({ filter: { severity: ['high', 'critical'] } }, check)).toBe(true);
    expect(watches({ checks: [{ id: check.id }] }, check)).toBe(true);
    expect(watches({ checks: [{ id: check.id }], filter: { severity: ['low'] } }, check)).toBe(false);
  });

  it('reads label selectors as Kubernetes does', () => {
    expect(labelsMatch('a=1, b!=2, c', { a: '1', b: '3', c: '' })).toBe(true);
    expect(labelsMatch('a==1', { a: '2' })).toBe(false);
    expect(labelsMatch('!c', { c: 'x' })).toBe(false);
  });
});

describe('when a rule acts', () => {
  it('counts a resource failing in the filter statuses (unhealthy by default) for at least filter.age seconds', () => {
    expect(isFailing({}, resource(), NOW)).toBe(true);
    expect(isFailing({}, resource({ status: 'warning' }), NOW)).toBe(false);
    expect(
      isFailing({ filter: { status: ['warning', 'unhealthy'] } }, resource({ status: 'warning' }), NOW),
    ).toBe(true);
    expect(isFailing({ filter: { age: 60 } }, resource(), NOW)).toBe(true);
    expect(isFailing({ filter: { age: 600 } }, resource(), NOW)).toBe(false);
  });

  it('counts a resource recovered once healthy for the timeout', () => {
    expect(hasRecovered(resource({ status: 'healthy' }), NOW)).toBe(true);
    expect(hasRecovered(resource({ status: 'unknown' }), NOW)).toBe(false);
    expect(hasRecovered(resource({ status: 'healthy' }), NOW, 600)).toBe(false);
  });

  it('opens incidents only inside the hours of operation, or outside them when negated', () => {
    expect(withinHours({}, NOW)).toBe(true);
    expect(withinHours({ hoursOfOperation: [{ start: '09:00', end: '17:00' }] }, NOW)).toBe(true);
    expect(withinHours({ hoursOfOperation: [{ start: '11:00', end: '17:00' }] }, NOW)).toBe(false);
    expect(withinHours({ hoursOfOperation: [{ start: '09:00', end: '17:00', negate: true }] }, NOW)).toBe(
      false,
    );
    expect(withinHours({ hoursOfOperation: [{ start: '22:00', end: '11:00' }] }, NOW)).toBe(true);
  });

  it('applies rules lowest priority number first, those without one last', () => {
    const rule = (name: string, priority?: number): IncidentRule => ({ id: name, name, spec: { priority } });
    expect(inPriorityOrder([rule('c'), rule('b', 2), rule('a', 1), rule('d')]).map((r) => r.name)).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
  });
});
