import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { loadAll } from 'js-yaml';
import { errorOutputOf, kubeTools, whenKubeTools } from '../support/kube-tools.js';

// The Helm chart: lint, golden files of `helm template` per case, values.schema.json refusing
// impossible settings, and every rendered object valid for the Kubernetes schema of its kind.
// UPDATE_CHART_GOLDEN=1 (npm run chart:update) rewrites the expected files.

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const chart = path.join(root, 'charts/ops-console');
const casesDir = path.join(chart, 'tests/cases');
const expectedDir = path.join(chart, 'tests/expected');
const KUBE_VERSION = '1.33.0';
const updateGolden = process.env.UPDATE_CHART_GOLDEN === '1';
const require = createRequire(import.meta.url);

const describeWithHelm = whenKubeTools(describe, 'the Helm chart tests');

async function helm(...args: string[]): Promise<string> {
  const { stdout } = await run(kubeTools!.helm, args, { cwd: root, maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

/** The error output of a helm command expected to fail. */
const helmError = (...args: string[]) => errorOutputOf(helm(...args), `helm ${args.join(' ')}`);

const template = (...args: string[]) =>
  helm('template', 'ops', chart, '--namespace', 'ops-console', '--kube-version', KUBE_VERSION, ...args);

interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
}

// kubernetes-models lays its classes out as <group>/<version>/<Kind> ('v1/Service',
// 'apps/v1/Deployment'), each validating against the OpenAPI schema of that kind.
function modelOf(object: KubeObject): { validate(): void } | undefined {
  let Model: new (data: unknown) => { validate(): void };
  try {
    Model = (
      require(`kubernetes-models/${object.apiVersion}/${object.kind}`) as Record<string, typeof Model>
    )[object.kind]!;
  } catch {
    return undefined;
  }
  return new Model(object);
}

const CUSTOM_KINDS = new Set(['monitoring.coreos.com/v1 ServiceMonitor']);

function validateObject(object: KubeObject): void {
  const label = `${object.kind} ${object.metadata?.name}`;
  const model = modelOf(object);
  if (model) {
    try {
      model.validate();
    } catch (error) {
      throw new Error(`${label}: ${(error as Error).message}`);
    }
    return;
  }
  // A custom resource kubernetes-models has no schema for: its type metadata only.
  if (!CUSTOM_KINDS.has(`${object.apiVersion} ${object.kind}`)) throw new Error(`${label}: unknown kind`);
  expect(object.metadata.name).toMatch(/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/);
}

const cases = fs
  .readdirSync(casesDir)
  .filter((file) => file.endsWith('.yaml'))
  .map((file) => file.replace(/\.yaml$/, ''));

describeWithHelm('the Helm chart', () => {
  it('passes helm lint, strict too', async () => {
    await helm('lint', chart);
    const strict = await helm('lint', chart, '--strict');
    expect(strict).toContain('0 chart(s) failed');
    for (const name of cases)
      await helm('lint', chart, '--strict', '--values', path.join(casesDir, `${name}.yaml`));
  });

  it.each(cases)('renders case %s as its expected output, every object valid for its kind', async (name) => {
    const rendered = await template('--values', path.join(casesDir, `${name}.yaml`));
    const expectedFile = path.join(expectedDir, `${name}.yaml`);
    if (updateGolden) fs.writeFileSync(expectedFile, rendered);
    expect(rendered).toBe(fs.readFileSync(expectedFile, 'utf8'));

    const objects = loadAll(rendered).filter(Boolean) as KubeObject[];
    expect(objects.length).toBeGreaterThan(0);
    for (const object of objects) validateObject(object);
  });

  it('catches an invalid object: the schema validation can fail', () => {
    const broken = {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'x' },
      spec: { ports: [{ port: 'http' }] },
    };
    expect(() => validateObject(broken as KubeObject)).toThrow(/Service x/);
  });

  it('refuses more than one replica on the embedded PGlite database', async () => {
    const error = await helmError('template', 'ops', chart, '--set', 'replicas=2');
    expect(error).toContain("values don't meet the specifications of the schema");
    expect(error).toMatch(/database\/url/);
    expect(error).toMatch(/database\/existingSecret/);
    await template('--set', 'replicas=2', '--set', 'database.existingSecret=console-db');
  });

  it('refuses a writeAs other than serviceaccount or impersonate', async () => {
    const error = await helmError('template', 'ops', chart, '--set', 'kube.writeAs=root');
    expect(error).toContain("at '/kube/writeAs': value must be one of 'serviceaccount', 'impersonate'");
  });

  it('maps agent mode onto the environment, the token read from its Secret and never written out', async () => {
    const rendered = await template(
      '--set',
      'upstream.url=https://hub.example.com/',
      '--set',
      'upstream.agentName=cluster-west',
      '--set',
      'upstream.createSecret=true',
      '--set',
      'upstream.token=ocp_token-for-the-chart-test',
    );
    const objects = loadAll(rendered).filter(Boolean) as (KubeObject & Record<string, never>)[];
    const secret = objects.find(
      (o) => o.kind === 'Secret' && o.metadata.name === 'ops-ops-console-upstream',
    ) as unknown as {
      data: Record<string, string>;
    };
    expect(Buffer.from(secret.data.UPSTREAM_TOKEN!, 'base64').toString()).toBe(
      'ocp_token-for-the-chart-test',
    );
    expect(rendered).not.toContain('ocp_token-for-the-chart-test');
    const deployment = objects.find((o) => o.kind === 'Deployment') as unknown as {
      spec: {
        template: {
          metadata: { annotations: Record<string, string> };
          spec: { containers: { env: { name: string; value?: string; valueFrom?: unknown }[] }[] };
        };
      };
    };
    const env = deployment.spec.template.spec.containers[0]!.env;
    expect(env.filter((e) => /^(UPSTREAM|AGENT)_/.test(e.name))).toEqual([
      { name: 'UPSTREAM_URL', value: 'https://hub.example.com/' },
      { name: 'AGENT_NAME', value: 'cluster-west' },
      {
        name: 'UPSTREAM_TOKEN',
        valueFrom: { secretKeyRef: { name: 'ops-ops-console-upstream', key: 'UPSTREAM_TOKEN' } },
      },
      { name: 'UPSTREAM_PING_INTERVAL', value: '30s' },
      { name: 'UPSTREAM_PULL_INTERVAL', value: '1m' },
      { name: 'UPSTREAM_ACTION_INTERVAL', value: '5s' },
    ]);
    // A new token restarts the pods.
    expect(deployment.spec.template.metadata.annotations['checksum/upstream-secret']).toMatch(
      /^[0-9a-f]{64}$/,
    );
    expect(await template()).not.toMatch(/UPSTREAM_|AGENT_NAME/);
  });

  it('refuses agent mode without its name or token, and a token in the values the chart does not use', async () => {
    const noName = await helmError(
      'template',
      'ops',
      chart,
      '--set',
      'upstream.url=https://hub.example.com/',
    );
    expect(noName).toContain("values don't meet the specifications of the schema");
    expect(noName).toMatch(/upstream/);
    expect(noName).toMatch(/agentName/);
    const noToken = await helmError(
      'template',
      'ops',
      chart,
      '--set',
      'upstream.url=https://hub.example.com/',
      '--set',
      'upstream.agentName=cluster-west',
    );
    expect(noToken).toMatch(/tokenSecret|createSecret/);
    const emptyToken = await helmError(
      'template',
      'ops',
      chart,
      '--set',
      'upstream.url=https://hub.example.com/',
      '--set',
      'upstream.agentName=cluster-west',
      '--set',
      'upstream.createSecret=true',
    );
    expect(emptyToken).toMatch(/upstream\/token/);
    const strayToken = await helmError('template', 'ops', chart, '--set', 'upstream.token=ocp_stray');
    expect(strayToken).toMatch(/upstream\/token/);
    expect(strayToken).not.toContain('ocp_stray');
    const withCredentials = await helmError(
      'template',
      'ops',
      chart,
      '--set',
      'upstream.url=https://agent:secret@hub.example.com/',
    );
    expect(withCredentials).toMatch(/upstream\/url/);
  });

  it('takes the platform token of upstream mode only from a Secret, and a platform URL without credentials', async () => {
    const inline = await helmError('template', 'ops', chart, '--set', 'platform.token=ocp_secret');
    expect(inline).toContain("values don't meet the specifications of the schema");
    expect(inline).toMatch(/additional properties 'token' not allowed/);
    const credentials = await helmError(
      'template',
      'ops',
      chart,
      '--set',
      'platform.url=http://u:p@platform',
    );
    expect(credentials).toMatch(/\/platform\/url/);
    // Without a URL the chart sets none of upstream mode's settings.
    expect(await template('--set', 'platform.tokenSecret.name=platform-token')).not.toContain('PLATFORM_');
  });

  it("forwards the person's own token only with OIDC sign-in and a platform", async () => {
    const withoutOidc = await helmError(
      'template',
      'ops',
      chart,
      '--set',
      'platform.url=http://platform',
      '--set',
      'platform.forwardOidcToken=true',
    );
    expect(withoutOidc).toContain("values don't meet the specifications of the schema");
    expect(withoutOidc).toMatch(/\/oidc\/issuerUrl/);
    const withoutPlatform = await helmError(
      'template',
      'ops',
      chart,
      '--set',
      'oidc.issuerUrl=https://sso.example.com',
      '--set',
      'oidc.clientId=ops-console',
      '--set',
      'platform.forwardOidcToken=true',
    );
    expect(withoutPlatform).toMatch(/\/platform\/url/);
  });

  it('sends the ingress path after BASE_PATH and probes to the root', async () => {
    const rendered = await template('--set', 'ingress.enabled=true', '--set', 'config.basePath=/ops/');
    const objects = loadAll(rendered) as Record<string, never>[];
    const ingress = objects.find((o) => o?.['kind'] === 'Ingress') as unknown as {
      spec: { rules: { http: { paths: { path: string }[] } }[] };
    };
    expect(ingress.spec.rules[0]!.http.paths[0]!.path).toBe('/ops');
    expect(rendered).toContain('path: /readyz');
    expect(rendered).toContain('value: "/ops/"');
  });
});
