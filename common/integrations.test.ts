import { fluxObjects, GITOPS_INTEGRATIONS, helmInstallCommand, type ReleaseInput } from './integrations.js';

const flux = GITOPS_INTEGRATIONS.find((tile) => tile.key === 'flux')!;
const input: ReleaseInput = {
  integration: flux,
  namespace: 'mission-control',
  interval: '30m',
  repositoryUrl: 'https://charts.example/flanksource',
  values: { clusterName: 'prod eu', labels: { team: 'ops' }, scrapers: ['a', 'b'] },
};

describe('fluxObjects', () => {
  it('makes the HelmRepository and a HelmRelease of the chart with the values', () => {
    const [repository, release] = fluxObjects(input);
    expect(repository).toMatchObject({
      kind: 'HelmRepository',
      metadata: { name: 'flanksource', namespace: 'mission-control' },
      spec: { url: 'https://charts.example/flanksource', interval: '30m' },
    });
    expect(release).toMatchObject({
      kind: 'HelmRelease',
      metadata: { name: 'mission-control-flux', namespace: 'mission-control' },
      spec: {
        chart: {
          spec: { chart: 'mission-control-flux', sourceRef: { kind: 'HelmRepository', name: 'flanksource' } },
        },
        values: input.values,
      },
    });
  });

  it('leaves values out when there are none', () => {
    const [, release] = fluxObjects({ ...input, values: {} });
    expect(release.spec).not.toHaveProperty('values');
  });
});

describe('helmInstallCommand', () => {
  it('adds the repository and installs the chart with each value as a quoted --set', () => {
    const command = helmInstallCommand(input);
    expect(command).toContain('helm repo add flanksource https://charts.example/flanksource');
    expect(command).toContain('helm install mission-control-flux flanksource/mission-control-flux');
    expect(command).toContain('-n mission-control');
    expect(command).toContain(`--set 'clusterName=prod eu'`);
    expect(command).toContain('--set labels.team=ops');
    expect(command).toContain("--set 'scrapers[0]=a'");
  });
});

describe('another chart', () => {
  const own: ReleaseInput = {
    integration: { chart: 'ops-console' },
    repositoryName: 'ops-console',
    name: 'ops-console-agent',
    namespace: 'ops-console-agent',
    interval: '30m',
    repositoryUrl: 'https://charts.example/ops-console',
    values: { upstream: { agentName: 'eu-west' } },
  };

  it('names its own Flux source', () => {
    const [repository, release] = fluxObjects(own);
    expect(repository).toMatchObject({ metadata: { name: 'ops-console' } });
    expect(release).toMatchObject({
      metadata: { name: 'ops-console-agent' },
      spec: { chart: { spec: { chart: 'ops-console', sourceRef: { name: 'ops-console' } } } },
    });
  });

  it('adds its own repository to Helm and installs from it', () => {
    const command = helmInstallCommand(own);
    expect(command).toContain('helm repo add ops-console https://charts.example/ops-console');
    expect(command).toContain('helm install ops-console-agent ops-console/ops-console');
    expect(command).toContain('--set upstream.agentName=eu-west');
  });
});
