/**
 * The console with a Kubernetes cluster: custom resources applied in the cluster run and show
 * read-only, editors save to the cluster (dry run, diff, conflict), and the console survives the
 * API server going away. `npm run test:e2e` runs it against the Kubernetes API test server
 * (tests/e2e/test-cluster.ts); hack/kind-e2e.sh runs it against a kind cluster.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CoreV1Api, CustomObjectsApi, KubeConfig } from '@kubernetes/client-node';
import { dump } from 'js-yaml';
import type { APIRequestContext, Page } from '@playwright/test';
import type { KubeObject } from '../../server/src/kube/types.js';
import { KINDS, apiVersionOf, type KindTable } from '../../server/src/kube/kinds.js';
import { expect, test } from './fixtures.js';
import { HealthDashboard } from './pages/health-page.js';
import { ensureKubeTools } from '../../hack/helm.js';

const kubeconfig = process.env.E2E_KUBECONFIG;
/** Only the test cluster can be taken down and brought back (POST /down, /up). */
const control = process.env.E2E_KUBE_CONTROL;
const NAMESPACE = 'e2e-cluster';

test.skip(!kubeconfig, 'no cluster: E2E_KUBECONFIG is not set');

let objects: CustomObjectsApi;

test.beforeAll(async () => {
  const config = new KubeConfig();
  config.loadFromFile(kubeconfig!);
  objects = config.makeApiClient(CustomObjectsApi);
  // A real cluster needs the namespace; the test server has no Namespace objects to create.
  await config
    .makeApiClient(CoreV1Api)
    .createNamespace({ body: { metadata: { name: NAMESPACE } } })
    .catch(() => {});
});

const kindOf = (table: KindTable) => KINDS.find((info) => info.table === table)!;

function resourceCall(table: KindTable, name: string) {
  const info = kindOf(table);
  return { group: info.group, version: info.version, namespace: NAMESPACE, plural: info.plural, name };
}

/** `kubectl apply` of one resource, as an operator or a GitOps tool would; kubectl's own cache apart. */
function kubectlApply(resource: object): string {
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-kubectl-'));
  try {
    return execFileSync(
      ensureKubeTools().kubectl,
      ['--kubeconfig', kubeconfig!, '--cache-dir', cacheDir, 'apply', '-f', '-'],
      { input: dump(resource), encoding: 'utf8' },
    );
  } finally {
    fs.rmSync(cacheDir, { recursive: true, force: true });
  }
}

/** Creates the resource as another cluster client (kubectl, Flux) would. */
async function applyInCluster(table: KindTable, name: string, spec: Record<string, unknown>) {
  const info = kindOf(table);
  const { name: _, ...where } = resourceCall(table, name);
  const body = {
    apiVersion: apiVersionOf(info),
    kind: info.kind,
    metadata: { name, namespace: NAMESPACE },
    spec,
  };
  return (await objects.createNamespacedCustomObject({ ...where, body })) as KubeObject;
}

const readInCluster = async (table: KindTable, name: string) =>
  (await objects.getNamespacedCustomObject(resourceCall(table, name))) as KubeObject;

/** Waits until the console has mirrored the resource; returns its row id. */
async function mirrored(api: APIRequestContext, table: KindTable, name: string): Promise<string> {
  let id = '';
  await expect
    .poll(
      async () => {
        const response = await api.get(
          `api/db/${table}?name=eq.${name}&namespace=eq.${NAMESPACE}&source=eq.KubernetesCRD&deleted_at=is.null&select=id`,
        );
        id = ((await response.json()) as { id: string }[])[0]?.id ?? '';
        return id;
      },
      { timeout: 60_000 },
    )
    .not.toBe('');
  return id;
}

/** Replaces the Code tab's YAML of the spec editor. */
const readiness = async (api: APIRequestContext) => (await api.get('readyz')).json();

async function typeSpec(page: Page, yaml: string) {
  const editor = page.getByRole('textbox', { name: 'Spec' });
  await editor.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(yaml);
}

async function openInClusterEditor(page: Page, table: KindTable, id: string, managed: string) {
  await page.goto(`settings/${table}/${id}`);
  await expect(page.getByText(managed)).toBeVisible();
  await page.getByRole('button', { name: 'Edit in cluster' }).click();
}

test('a Canary applied with kubectl runs, reports its status and is read-only in the console', async ({
  page,
  adminApi,
}) => {
  const output = kubectlApply({
    apiVersion: 'canaries.flanksource.com/v1',
    kind: 'Canary',
    metadata: { name: 'e2e-cluster-canary', namespace: NAMESPACE },
    spec: { schedule: '@every 30s', http: [{ name: 'e2e-cluster-http', url: '$(CONSOLE_URL)/healthz' }] },
  });
  expect(output).toContain('canary.canaries.flanksource.com/e2e-cluster-canary created');
  const id = await mirrored(adminApi, 'canaries', 'e2e-cluster-canary');
  expect(id).toBe((await readInCluster('canaries', 'e2e-cluster-canary')).metadata.uid);

  await page.goto(`settings/canaries/${id}`);
  await expect(
    page.getByText(
      `This health check is managed by Canary ${NAMESPACE}/e2e-cluster-canary in the cluster and is read-only here.`,
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit in cluster' })).toBeVisible();

  // The check runner picked it up, and the console wrote what it saw to the resource's status.
  await expect
    .poll(async () => (await readInCluster('canaries', 'e2e-cluster-canary')).status?.status, {
      timeout: 60_000,
    })
    .toBe('Passed');
  const health = new HealthDashboard(page);
  await health.open('?hidePassing=false&query=e2e-cluster-http');
  await expect(health.row('e2e-cluster-http').first()).toContainText('Healthy');
});

test('a Topology edited in the console is saved to the cluster after a dry run and a diff', async ({
  page,
  adminApi,
}) => {
  await applyInCluster('topologies', 'e2e-cluster-topology', {
    type: 'Cluster',
    components: [{ name: 'api', type: 'Service' }],
  });
  const id = await mirrored(adminApi, 'topologies', 'e2e-cluster-topology');
  await openInClusterEditor(
    page,
    'topologies',
    id,
    `This topology is managed by Topology ${NAMESPACE}/e2e-cluster-topology in the cluster and is read-only here.`,
  );
  await expect(
    page.getByText(`Editing Topology ${NAMESPACE}/e2e-cluster-topology in the cluster`),
  ).toBeVisible();

  await typeSpec(
    page,
    'type: Cluster\ncomponents:\n  - name: api\n    type: Service\n  - name: e2e-added\n    type: Database\n',
  );
  await page.getByRole('button', { name: 'Update' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save to the cluster' });
  const changes = dialog.getByRole('region', { name: 'Changes' });
  await expect(changes).toContainText('+ ');
  await expect(changes).toContainText('e2e-added');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(
    page.getByText('Saved to the cluster. The console shows it here within a few seconds.'),
  ).toBeVisible();

  const components = async () =>
    ((await readInCluster('topologies', 'e2e-cluster-topology')).spec?.components as { name: string }[]).map(
      (component) => component.name,
    );
  expect(await components()).toEqual(['api', 'e2e-added']);
  // The mirrored row follows, still read-only.
  await expect
    .poll(async () =>
      JSON.stringify(await (await adminApi.get(`api/db/topologies?id=eq.${id}&select=spec`)).json()),
    )
    .toContain('e2e-added');
});

test('a conflict offers overwrite, and the cluster refuses what it finds invalid', async ({
  page,
  adminApi,
}) => {
  await applyInCluster('topologies', 'e2e-cluster-conflict', { type: 'Cluster', icon: 'server' });
  const id = await mirrored(adminApi, 'topologies', 'e2e-cluster-conflict');
  await openInClusterEditor(
    page,
    'topologies',
    id,
    `This topology is managed by Topology ${NAMESPACE}/e2e-cluster-conflict in the cluster and is read-only here.`,
  );
  await typeSpec(page, 'type: Cluster\nicon: e2e-mine\n');
  await page.getByRole('button', { name: 'Update' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save to the cluster' });
  await expect(dialog.getByRole('region', { name: 'Changes' })).toContainText('e2e-mine');

  // Someone changes the resource in the cluster between the dry run and the apply.
  const live = await readInCluster('topologies', 'e2e-cluster-conflict');
  await objects.replaceNamespacedCustomObject({
    ...resourceCall('topologies', 'e2e-cluster-conflict'),
    body: { ...live, spec: { type: 'Cluster', icon: 'e2e-theirs' } },
  });
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(
    dialog
      .getByText(`Topology ${NAMESPACE}/e2e-cluster-conflict changed in the cluster since you opened it`)
      .first(),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Reload' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Overwrite' }).click();
  await expect(
    page.getByText('Saved to the cluster. The console shows it here within a few seconds.'),
  ).toBeVisible();
  expect((await readInCluster('topologies', 'e2e-cluster-conflict')).spec?.icon).toBe('e2e-mine');

  // A name Kubernetes does not accept: the dry run says so and nothing is created.
  await page.goto('settings/topologies');
  await page.getByRole('button', { name: 'Add Topology' }).click();
  const add = page.getByRole('dialog', { name: 'Add Topology' });
  await add.getByRole('textbox', { name: 'Name', exact: true }).fill('E2E_Not_A_DNS_Name');
  await add.getByRole('textbox', { name: 'Namespace' }).fill(NAMESPACE);
  await add.getByRole('radio', { name: 'Cluster (custom resource)' }).check();
  await typeSpec(page, 'type: Cluster\n');
  await add.getByRole('button', { name: 'Save' }).click();
  const refused = page.getByRole('dialog', { name: 'Save to the cluster' });
  await expect(
    refused.getByText(`The cluster did not accept Topology ${NAMESPACE}/E2E_Not_A_DNS_Name`),
  ).toBeVisible();
  await expect(refused.getByRole('list', { name: 'Errors' })).toContainText('metadata.name');
  await refused.getByRole('button', { name: 'Back to the editor' }).click();
  await expect(add.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('E2E_Not_A_DNS_Name');
});

test('a Catalog Scraper created in the cluster from the console shows read-only, and is deleted there', async ({
  page,
  adminApi,
}) => {
  const name = 'e2e-cluster-scraper';
  await page.goto('settings/config_scrapers');
  await page.getByRole('button', { name: 'Add Catalog Scraper' }).click();
  const picker = page.getByRole('dialog', { name: 'Add Catalog Scraper' });
  await picker.getByRole('button', { name: 'Kubernetes', exact: true }).click();
  const add = page.getByRole('dialog', { name: 'Add Kubernetes Catalog Scraper' });
  await add.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await add.getByRole('textbox', { name: 'Namespace', exact: true }).fill(NAMESPACE);
  await add.getByRole('radio', { name: 'Cluster (custom resource)' }).check();
  await add.getByRole('tab', { name: 'Code' }).click();
  await typeSpec(page, "schedule: '@every 1h'\nkubernetes:\n  - clusterName: e2e\n");
  await add.getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save to the cluster' });
  await expect(dialog).toContainText(`ScrapeConfig ${NAMESPACE}/${name} is not in the cluster yet`);
  // Empty labels are no labels: the object shown is what the cluster stores.
  await expect(dialog.getByRole('region', { name: 'Changes' })).not.toContainText('labels');
  await dialog.getByRole('button', { name: 'Create' }).click();

  // The page of the new resource waits for the mirror, then shows it read-only.
  await expect(page.getByText(`${name} created successfully`)).toBeVisible();
  const uid = (await readInCluster('config_scrapers', name)).metadata.uid;
  await expect(page).toHaveURL(new RegExp(`settings/config_scrapers/${uid}$`));
  await expect(
    page.getByText(
      `This catalog scraper is managed by ScrapeConfig ${NAMESPACE}/${name} in the cluster and is read-only here.`,
    ),
  ).toBeVisible({ timeout: 60_000 });
  expect(await mirrored(adminApi, 'config_scrapers', name)).toBe(uid);

  await page.getByRole('button', { name: 'Edit in cluster' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Catalog Scraper' });
  await expect(confirm).toContainText(
    `Are you sure you want to delete ScrapeConfig ${NAMESPACE}/${name} from the cluster?`,
  );
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`${name} deleted successfully`)).toBeVisible();
  await expect(readInCluster('config_scrapers', name)).rejects.toMatchObject({ code: 404 });
  // The mirror soft-deletes its row.
  await expect
    .poll(
      async () =>
        (await (await adminApi.get(`api/db/config_scrapers?id=eq.${uid}&select=deleted_at`)).json()) as {
          deleted_at: string | null;
        }[],
      { timeout: 60_000 },
    )
    .toEqual([{ deleted_at: expect.any(String) }]);
});

test('the console keeps serving while the cluster is away, and resumes when it is back', async ({
  page,
  adminApi,
}) => {
  test.skip(!control, 'only the test cluster can be taken down');
  // Two round trips of the cluster status on top of the page work: a safety net for a busy machine.
  test.setTimeout(240_000);
  await applyInCluster('topologies', 'e2e-cluster-outage', { type: 'Cluster' });
  const id = await mirrored(adminApi, 'topologies', 'e2e-cluster-outage');
  await page.goto(`settings/topologies/${id}`);
  await expect(page.getByRole('button', { name: 'Edit in cluster' })).toBeVisible();

  await fetch(`${control}/down`, { method: 'POST' });
  try {
    // The server notices on its next status pass; then a fresh page tells the operator.
    await expect
      .poll(() => readiness(adminApi), { timeout: 60_000 })
      .toMatchObject({
        status: 'ok',
        kubernetes: 'disconnected',
      });
    await page.reload();
    await expect(page.getByText('The Kubernetes cluster is disconnected')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit in cluster' })).toHaveCount(0);
  } finally {
    await fetch(`${control}/up`, { method: 'POST' });
  }

  await expect
    .poll(() => readiness(adminApi), { timeout: 60_000 })
    .toMatchObject({
      kubernetes: 'connected',
    });
  await page.reload();
  await expect(page.getByRole('button', { name: 'Edit in cluster' })).toBeVisible();
  await expect(page.getByText('The Kubernetes cluster is disconnected')).toHaveCount(0);
  // Watching resumed: a resource applied after the return is mirrored.
  await applyInCluster('topologies', 'e2e-cluster-after', { type: 'Cluster' });
  await mirrored(adminApi, 'topologies', 'e2e-cluster-after');
});
