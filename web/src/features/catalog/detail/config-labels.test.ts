import { groupLabels } from './config-labels.js';

describe('groupLabels', () => {
  it('is empty without labels', () => {
    expect(groupLabels(undefined)).toEqual([]);
    expect(groupLabels({})).toEqual([]);
  });

  it('groups labels by the prefix before the first ":" or "/"', () => {
    expect(
      groupLabels({
        'app.kubernetes.io/name': 'orders',
        'app.kubernetes.io/managed-by': 'helm',
        'aws:owner': 'team-a',
        team: 'payments',
      }),
    ).toEqual([
      { prefix: '', rows: [{ key: 'team', values: [{ name: 'team', value: 'payments' }] }] },
      {
        prefix: 'app.kubernetes.io',
        rows: [
          { key: 'managed-by', values: [{ name: 'managed-by', value: 'helm' }] },
          { key: 'name', values: [{ name: 'name', value: 'orders' }] },
        ],
      },
      { prefix: 'aws', rows: [{ key: 'owner', values: [{ name: 'owner', value: 'team-a' }] }] },
    ]);
  });

  it('merges region/zone, vpc/subnet, os/arch and version/part-of into one row each', () => {
    const [plain, topology] = groupLabels({
      zone: 'eu-west-1a',
      region: 'eu-west-1',
      arch: 'arm64',
      os: 'linux',
      vpc: 'vpc-1',
      subnet: 'subnet-2',
      'part-of': 'shop',
      version: '1.2.3',
      'topology.kubernetes.io/zone': 'b',
      'topology.kubernetes.io/region': 'a',
    });
    expect(plain!.rows.map((row) => [row.key, row.values.map((v) => v.value).join(' / ')])).toEqual([
      ['os/arch', 'linux / arm64'],
      ['region/zone', 'eu-west-1 / eu-west-1a'],
      ['version/part-of', '1.2.3 / shop'],
      ['vpc/subnet', 'vpc-1 / subnet-2'],
    ]);
    expect(topology).toEqual({
      prefix: 'topology.kubernetes.io',
      rows: [
        {
          key: 'region/zone',
          values: [
            { name: 'region', value: 'a' },
            { name: 'zone', value: 'b' },
          ],
        },
      ],
    });
  });

  it('leaves out a plain name label, which repeats the name', () => {
    expect(groupLabels({ name: 'orders', Name: 'orders', region: 'x' })).toEqual([
      { prefix: '', rows: [{ key: 'region/zone', values: [{ name: 'region', value: 'x' }] }] },
    ]);
  });
});
