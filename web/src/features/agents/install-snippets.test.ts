import { loadAll } from 'js-yaml';
import { agentFluxManifests, agentHelmCommand, consoleUrl, TOKEN_SECRET } from './install-snippets.js';

const install = {
  agentName: 'eu-west',
  accessToken: 'token-abc123',
  upstreamUrl: 'https://ops.example.com/tools/console',
};

describe('consoleUrl', () => {
  it('is the console as the browser reaches it, with its sub-path and without a trailing slash', () => {
    expect(consoleUrl('https://ops.example.com/tools/console/')).toBe(
      'https://ops.example.com/tools/console',
    );
    expect(consoleUrl('https://ops.example.com/')).toBe('https://ops.example.com');
    expect(consoleUrl('http://127.0.0.1:8080/console/')).toBe('http://127.0.0.1:8080/console');
  });
});

describe('the Flux manifests', () => {
  it("are a Namespace, the token's Secret, the chart's HelmRepository and the agent's HelmRelease", () => {
    const objects = loadAll(agentFluxManifests(install)) as Array<{ kind: string; metadata: object }>;
    expect(objects.map((object) => object.kind)).toEqual([
      'Namespace',
      'Secret',
      'HelmRepository',
      'HelmRelease',
    ]);
    const [namespace, secret, repository, release] = objects;
    expect(namespace!.metadata).toEqual({ name: 'ops-console-agent' });
    expect(secret).toMatchObject({
      metadata: { name: TOKEN_SECRET.name, namespace: 'ops-console-agent' },
      stringData: { [TOKEN_SECRET.key]: 'token-abc123' },
    });
    expect(repository!.metadata).toEqual({ name: 'ops-console', namespace: 'ops-console-agent' });
    expect(release).toMatchObject({
      metadata: { name: 'ops-console-agent', namespace: 'ops-console-agent' },
      spec: {
        chart: { spec: { chart: 'ops-console', sourceRef: { kind: 'HelmRepository', name: 'ops-console' } } },
        values: {
          upstream: {
            url: 'https://ops.example.com/tools/console',
            agentName: 'eu-west',
            tokenSecret: { name: TOKEN_SECRET.name, key: TOKEN_SECRET.key },
          },
        },
      },
    });
    // The token is in the Secret only.
    expect(JSON.stringify(release)).not.toContain('token-abc123');
  });
});

describe('the Helm command', () => {
  it("adds the chart's repository and installs the agent with its upstream values", () => {
    const command = agentHelmCommand(install);
    expect(command).toContain('helm repo add ops-console https://ops-console.github.io/charts');
    expect(command).toContain('helm install ops-console-agent ops-console/ops-console');
    expect(command).toContain('-n ops-console-agent');
    expect(command).toContain('--create-namespace');
    expect(command).toContain('--set upstream.url=https://ops.example.com/tools/console');
    expect(command).toContain('--set upstream.agentName=eu-west');
    expect(command).toContain('--set upstream.createSecret=true');
    expect(command).toContain('--set upstream.token=token-abc123');
  });

  it('quotes what the shell would split', () => {
    const command = agentHelmCommand({ ...install, agentName: 'eu west' });
    expect(command).toContain("--set 'upstream.agentName=eu west'");
  });
});
