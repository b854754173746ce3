import { readEntry } from './entry.js';
import { eventExcluded, matchItems, objectExcluded } from './exclusions.js';
import type { KubeObject } from './objects.js';

const pod = (
  name: string,
  namespace = 'shop',
  labels: Record<string, string> = {},
  annotations = {},
): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace, uid: `uid-${name}`, labels, annotations },
});

describe('matchItems', () => {
  it('reads plain patterns, globs and negations as config-db does', () => {
    expect(matchItems('anything', [])).toBe(true);
    expect(matchItems('kube-proxy', ['kube-*'])).toBe(true);
    expect(matchItems('web-canary', ['*-canary'])).toBe(true);
    expect(matchItems('web', ['api', 'web'])).toBe(true);
    expect(matchItems('web', ['api'])).toBe(false);
    expect(matchItems('keep-me', ['!keep-me'])).toBe(false);
    // Negations alone match nothing: `name: ['!x']` excludes nothing.
    expect(matchItems('other', ['!keep-me'])).toBe(false);
    expect(matchItems('BackOff', ['backoff'])).toBe(true);
    expect(matchItems('kube-dns', ['kube-*', '!kube-dns'])).toBe(false);
    expect(matchItems('a.b', ['a?b'])).toBe(false);
  });
});

describe('exclusions', () => {
  const entry = readEntry({
    clusterName: 'c',
    exclusions: {
      name: ['*-canary'],
      namespace: ['kube-*'],
      kind: ['ReplicaSet'],
      labels: { tier: 'batch-*' },
    },
    event: { exclusions: { reason: ['Pulled', 'Created'], name: ['noisy-*'] } },
  });

  it('leaves out objects by name, namespace, kind, label and the ignore annotation', () => {
    expect(objectExcluded(entry, pod('web'))).toBe(false);
    expect(objectExcluded(entry, pod('web-canary'))).toBe(true);
    expect(objectExcluded(entry, pod('web', 'kube-system'))).toBe(true);
    expect(objectExcluded(entry, { ...pod('web'), kind: 'ReplicaSet' })).toBe(true);
    expect(objectExcluded(entry, pod('web', 'shop', { tier: 'batch-nightly' }))).toBe(true);
    expect(objectExcluded(entry, pod('web', 'shop', { tier: 'frontend' }))).toBe(false);
    expect(
      objectExcluded(entry, pod('web', 'shop', {}, { 'config-db.flanksource.com/ignore': 'true' })),
    ).toBe(true);
    expect(objectExcluded(entry, { ...pod('web'), metadata: { name: 'web' } })).toBe(true);
  });

  it('leaves out events by reason, involved name, and about excluded objects', () => {
    const event = (reason: string, name = 'web', namespace = 'shop') => ({
      reason,
      involvedObject: { kind: 'Pod', name, namespace },
    });
    expect(eventExcluded(entry, event('BackOff'))).toBe(false);
    expect(eventExcluded(entry, event('Pulled'))).toBe(true);
    expect(eventExcluded(entry, event('BackOff', 'noisy-job'))).toBe(true);
    expect(eventExcluded(entry, event('BackOff', 'web', 'kube-system'))).toBe(true);
  });
});

describe('readEntry', () => {
  it('requires clusterName and fills in defaults', () => {
    expect(() => readEntry({})).toThrow('clusterName is required');
    expect(readEntry({ clusterName: 'c' })).toMatchObject({ maxInflight: 5, relationships: [], watch: [] });
    expect(readEntry({ clusterName: 'c', maxInflight: 0 }).maxInflight).toBe(5);
    expect(readEntry({ clusterName: 'c', maxInflight: 3 }).maxInflight).toBe(3);
  });
});
