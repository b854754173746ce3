import { CHECK_KINDS, kindLabel, searchKinds } from './check-kinds.js';

describe('health check kinds', () => {
  it('offers the 31 kinds of spec 3 §2.3, sorted by label', () => {
    expect(CHECK_KINDS.map((kind) => kind.label)).toEqual([
      'Alert Manager',
      'AWS Config',
      'AWS Config Rule',
      'AWS S3',
      'Azure DevOps',
      'Cloud Watch',
      'Custom',
      'DNS',
      'Dynatrace',
      'EC2',
      'Elasticsearch',
      'Exec',
      'Folder',
      'GCS',
      'GitHub',
      'HTTP',
      'ICMP Ping',
      'JMeter',
      'JUnit',
      'Kubernetes',
      'Kubernetes Namespace',
      'LDAP',
      'Mission Control Catalog',
      'Mongo DB',
      'Pod',
      'Prometheus',
      'Redis',
      'SFTP',
      'SMB',
      'SQL Query',
      'TCP',
    ]);
  });

  it('maps each kind to its spec key; Custom has none', () => {
    const keys = Object.fromEntries(CHECK_KINDS.map((kind) => [kind.label, kind.key]));
    expect(keys).toMatchObject({ HTTP: 'http', 'SQL Query': 'sql', 'ICMP Ping': 'icmp', 'AWS S3': 's3' });
    expect(keys['Mission Control Catalog']).toBe('catalog');
    expect(keys['Kubernetes Namespace']).toBe('namespace');
    // The Canary resource's own spelling, which the server's schema knows.
    expect(keys['AWS Config']).toBe('awsConfig');
    expect(keys['AWS Config Rule']).toBe('awsConfigRule');
    expect(keys.Custom).toBeUndefined();
  });

  it('finds kinds by any part of their label, in any case', () => {
    expect(searchKinds('kube').map((kind) => kind.label)).toEqual(['Kubernetes', 'Kubernetes Namespace']);
    expect(searchKinds('  aws ').map((kind) => kind.label)).toEqual([
      'AWS Config',
      'AWS Config Rule',
      'AWS S3',
    ]);
    expect(searchKinds('nothing like it')).toEqual([]);
    expect(searchKinds('')).toHaveLength(31);
  });

  it('names a spec key as the picker does', () => {
    expect(kindLabel('postgres')).toBe('SQL Query');
    expect(kindLabel('icmp')).toBe('ICMP Ping');
    expect(kindLabel('unknownkind')).toBe('unknownkind');
  });
});
