import { screen, waitFor, within } from '@testing-library/react';
import { fakeApiPerTest } from '../../shell/test-support.js';
import { stubTextLayout } from '../../components/YamlEditor/test-support.js';
import { openAddDialog, savedRow } from './test-support.js';
import { clusterStatus, kubeObject, NO_CLUSTER, replaceEditorText } from './cluster/test-support.js';
import { TopologyPage } from './ResourcePage.js';

const saved = savedRow({
  id: 't9',
  name: 'shop',
  namespace: 'default',
  icon: null,
  labels: {},
  schedule: '@every 5m',
  spec: { schedule: '@every 5m', type: 'Website' },
});
const SPEC = "schedule: '@every 5m'\ntype: Website\n";

const page = fakeApiPerTest((api) => {
  api.reply('GET api/db/topologies_with_status', { status: 200, body: [] });
  api.reply('GET api/db/topologies', { status: 200, body: [saved] });
  api.reply('GET api/db/job_histories', { status: 200, body: [] });
  api.reply('POST api/specs/topologies/validate', { status: 200, body: { valid: true, errors: [] } });
  api.reply('GET api/kube/status', { status: 200, body: clusterStatus() });
});
beforeAll(stubTextLayout);

const sentTo = (method: string, path: string) =>
  page.sent.filter((request) => request.method === method && request.path === path);

/** 'Add Topology' from the list, with a name and a spec typed in. */
async function addTopology() {
  const opened = await openAddDialog('settings/topologies', 'Topology', <TopologyPage />);
  const dialog = within(opened.dialog);
  await opened.user.click(dialog.getByRole('textbox', { name: 'Name' }));
  await opened.user.paste('shop');
  await replaceEditorText('Spec', SPEC);
  return { ...opened, dialog };
}

describe('Add Topology', () => {
  it('creates the row through /api/db with source UI, then opens it', async () => {
    page.api.reply('POST api/db/topologies', { status: 201, body: saved });
    const { user, dialog, router } = await addTopology();
    expect(dialog.getByRole('textbox', { name: 'Namespace' })).toHaveValue('default');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/topologies/t9'));
    expect(await screen.findByText('shop created successfully')).toBeInTheDocument();
    expect(sentTo('POST', 'api/db/topologies')[0]!.body).toEqual({
      name: 'shop',
      namespace: 'default',
      labels: {},
      spec: { schedule: '@every 5m', type: 'Website' },
      icon: null,
      schedule: '@every 5m',
      source: 'UI',
      created_by: 'u1',
    });
  });

  it('offers the cluster only when one is configured, saying why not', async () => {
    page.api.reply('GET api/kube/status', { status: 200, body: NO_CLUSTER });
    const { dialog } = await addTopology();
    const cluster = dialog.getByRole('radio', { name: 'Cluster (custom resource)' });
    await waitFor(() => expect(cluster).toBeDisabled());
    expect(cluster).toHaveAccessibleDescription('No Kubernetes cluster is configured.');
    expect(dialog.getByRole('radio', { name: 'Console database' })).toBeChecked();
  });

  it('creates the custom resource after its dry run, then waits on its page for the mirror', async () => {
    const created = kubeObject(
      'topologies',
      { name: 'shop', uid: 'uid-shop' },
      { schedule: '@every 5m', type: 'Website' },
    );
    page.api.reply('POST api/kube/topologies/default/shop/dry-run', {
      status: 200,
      body: { live: null, result: created },
    });
    page.api.reply('PUT api/kube/topologies/default/shop', { status: 201, body: { object: created } });
    page.api.reply('GET api/db/topologies', { status: 200, body: [] });
    const { user, dialog, router } = await addTopology();
    const cluster = dialog.getByRole('radio', { name: 'Cluster (custom resource)' });
    await waitFor(() => expect(cluster).toBeEnabled());
    await user.click(cluster);
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    const review = within(await screen.findByRole('dialog', { name: 'Save to the cluster' }));
    expect(await review.findByText(/is not in the cluster yet: it will be created/)).toBeInTheDocument();
    expect(review.getByText('+ type: Website')).toBeInTheDocument();
    await user.click(review.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/topologies/uid-shop'));
    expect(await screen.findByText('shop created successfully')).toBeInTheDocument();
    expect(
      await screen.findByText('Saved to the cluster. The console shows it here within a few seconds.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/Waiting for the cluster’s resource to appear/)).toBeInTheDocument();
    const [put] = sentTo('PUT', 'api/kube/topologies/default/shop');
    expect(put!.body).toEqual({
      metadata: { labels: {} },
      spec: { schedule: '@every 5m', type: 'Website' },
      specYaml: SPEC,
    });
    expect(sentTo('POST', 'api/db/topologies')).toEqual([]);

    // The mirror brings the row: the page shows it, read-only.
    page.api.reply('GET api/db/topologies', {
      status: 200,
      body: [{ ...saved, id: 'uid-shop', source: 'KubernetesCRD' }],
    });
    expect(
      await screen.findByText(
        'This topology is managed by Topology default/shop in the cluster and is read-only here.',
      ),
    ).toBeInTheDocument();
  });
});
