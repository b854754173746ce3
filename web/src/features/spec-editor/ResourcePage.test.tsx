import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { load } from 'js-yaml';
import { fakeApiPerTest, renderInShell, whoamiAs } from '../../shell/test-support.js';
import { stubTextLayout } from '../../components/YamlEditor/test-support.js';
import { savedRow } from './test-support.js';
import { clusterStatus, editorNamed, kubeObject, replaceEditorText } from './cluster/test-support.js';
import { TopologyPage } from './ResourcePage.js';

const topology = savedRow({
  id: 't1',
  name: 'web',
  namespace: 'shop',
  icon: 'kubernetes',
  labels: { team: 'web' },
  schedule: '@every 5m',
  spec: { icon: 'kubernetes', schedule: '@every 5m', type: 'Website' },
});
// The mirror keys a custom resource's row by the resource's uid.
const mirrored = { ...topology, id: 'uid-web', source: 'KubernetesCRD' };
const live = kubeObject(
  'topologies',
  { name: 'web', namespace: 'shop', labels: { team: 'web' } },
  mirrored.spec,
);

const KUBE = 'api/kube/topologies/shop/web';
const page = fakeApiPerTest((api) => {
  api.reply('GET api/db/topologies', { status: 200, body: [topology] });
  api.reply('GET api/db/job_histories', { status: 200, body: [] });
  api.reply('POST api/specs/topologies/validate', { status: 200, body: { valid: true, errors: [] } });
  api.reply('GET api/kube/status', { status: 200, body: clusterStatus() });
  api.reply(`GET ${KUBE}`, { status: 200, body: { object: live } });
});
beforeAll(stubTextLayout);

const sentTo = (method: string, path: string) =>
  page.sent.filter((request) => request.method === method && request.path === path);

function renderTopology(id = 't1') {
  const user = userEvent.setup({ delay: null });
  const result = renderInShell(
    [
      { path: 'settings/topologies', element: <p>topology list</p> },
      { path: 'settings/topologies/:id', element: <TopologyPage /> },
    ],
    `/settings/topologies/${id}`,
  );
  return { user, ...result };
}

/** Opens the live resource of the mirrored row in a cluster editor. */
async function editInCluster() {
  page.api.reply('GET api/db/topologies', { status: 200, body: [mirrored] });
  const rendered = renderTopology('uid-web');
  await rendered.user.click(await screen.findByRole('button', { name: 'Edit in cluster' }));
  expect(await screen.findByText('Editing Topology shop/web in the cluster')).toBeInTheDocument();
  return rendered;
}

async function saveToCluster(user: ReturnType<typeof userEvent.setup>, spec: string) {
  await replaceEditorText('Spec', spec);
  await user.click(screen.getByRole('button', { name: 'Update' }));
  return screen.findByRole('dialog', { name: 'Save to the cluster' });
}

describe('the topology page', () => {
  it('updates what changed through /api/db, with the columns the spec sets', async () => {
    page.api.reply('PATCH api/db/topologies', {
      status: 200,
      body: { ...topology, updated_at: '2024-01-02T00:00:00Z' },
    });
    const { user } = renderTopology();
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Namespace' })).toHaveValue('shop');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Topology › web');
    expect(load((await editorNamed('Spec')).state.doc.toString())).toEqual(topology.spec);
    expect(screen.getByRole('radio', { name: 'Console database' })).toBeChecked();

    const spec = "icon: kubernetes\nschedule: '@every 1m'\ntype: Website\n";
    await replaceEditorText('Spec', spec);
    await waitFor(() =>
      expect(sentTo('POST', 'api/specs/topologies/validate').at(-1)?.body).toEqual({ yaml: spec }),
    );
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('web updated successfully')).toBeInTheDocument();
    const [patch] = sentTo('PATCH', 'api/db/topologies');
    expect(patch!.query.get('id')).toBe('eq.t1');
    expect(patch!.body).toEqual({
      spec: { icon: 'kubernetes', schedule: '@every 1m', type: 'Website' },
      schedule: '@every 1m',
      source: 'UI',
    });
  });

  it('shows the schema problems the server finds at their lines and blocks Update', async () => {
    page.api.reply('POST api/specs/topologies/validate', {
      status: 200,
      body: { valid: false, errors: [{ line: 3, column: 7, path: '/type', message: 'must be string' }] },
    });
    renderTopology();
    expect(await screen.findByRole('button', { name: 'Line 3: must be string' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
  });

  it('deletes softly after confirming, then returns to the list', async () => {
    page.api.reply('PATCH api/db/topologies', { status: 204 });
    const { user, router } = renderTopology();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Topology' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('web deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/topologies'));
    expect(Object.keys(sentTo('PATCH', 'api/db/topologies')[0]!.body as object)).toEqual(['deleted_at']);
  });
});

describe("an agent's topology in the hub", () => {
  const agent = { id: 'a1', name: 'eu-1' };
  const pushed = { ...topology, agent_id: agent.id, created_by: null, agent };

  it('says it is linked to the agent and offers neither Update nor Delete', async () => {
    page.api.reply('GET api/db/topologies', { status: 200, body: [pushed] });
    renderTopology();
    expect(await screen.findByText('Linked to eu-1')).toBeInTheDocument();
    expect(
      screen.getByText('This topology is linked to the agent eu-1 and is read-only here: change it there'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(page.sent.find((request) => request.path === 'api/db/topologies')!.query.get('select')).toBe(
      '*,agent:agent_id(id,name)',
    );
  });

  it("is the hub's to change when the hub made it for the agent", async () => {
    page.api.reply('GET api/db/topologies', { status: 200, body: [{ ...pushed, created_by: 'p1' }] });
    renderTopology();
    expect(await screen.findByRole('button', { name: 'Update' })).toBeInTheDocument();
    expect(screen.queryByText('Linked to eu-1')).not.toBeInTheDocument();
  });
});

describe('a topology from the cluster', () => {
  it('is read-only with the note and Edit in cluster for writers', async () => {
    page.api.reply('GET api/db/topologies', { status: 200, body: [mirrored] });
    renderTopology('uid-web');
    expect(
      await screen.findByText(
        'This topology is managed by Topology shop/web in the cluster and is read-only here.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Edit in cluster' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Console database' })).not.toBeInTheDocument();
  });

  it('offers no Edit in cluster to those who may not write topologies', async () => {
    page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs('viewer') });
    page.api.reply('GET api/db/topologies', { status: 200, body: [mirrored] });
    renderTopology('uid-web');
    expect(await screen.findByText(/is read-only here/)).toBeInTheDocument();
    await waitFor(() => expect(sentTo('GET', 'api/kube/status')).not.toHaveLength(0));
    // The answer arrives: nothing is offered even then.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('button', { name: 'Edit in cluster' })).not.toBeInTheDocument();
  });

  it('says the cluster is disconnected instead of offering Edit in cluster', async () => {
    page.api.reply('GET api/kube/status', {
      status: 200,
      body: clusterStatus({
        connected: false,
        state: 'disconnected',
        message: 'dial tcp 10.0.0.1:443: connection refused',
      }),
    });
    page.api.reply('GET api/db/topologies', { status: 200, body: [mirrored] });
    renderTopology('uid-web');
    expect(await screen.findByText('The Kubernetes cluster is disconnected')).toBeInTheDocument();
    expect(screen.getByText(/dial tcp 10.0.0.1:443: connection refused/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit in cluster' })).not.toBeInTheDocument();
  });

  it('saves to the cluster: dry run, the diff, then Apply with the version and generation read at open', async () => {
    const result = kubeObject(
      'topologies',
      { name: 'web', namespace: 'shop', resourceVersion: '42' },
      {
        ...mirrored.spec,
        type: 'Shop',
      },
    );
    page.api.reply(`POST ${KUBE}/dry-run`, { status: 200, body: { live, result } });
    page.api.reply(`PUT ${KUBE}`, { status: 200, body: { object: result } });
    const { user } = await editInCluster();
    expect(screen.getByRole('radio', { name: 'Cluster (custom resource)' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Console database' })).toBeDisabled();

    const spec = "icon: kubernetes\nschedule: '@every 5m'\ntype: Shop\n";
    const dialog = await saveToCluster(user, spec);
    const changes = await within(dialog).findByRole('region', { name: 'Changes' });
    expect(within(changes).getByText('- type: Website')).toBeInTheDocument();
    expect(within(changes).getByText('+ type: Shop')).toBeInTheDocument();
    expect(sentTo('POST', `${KUBE}/dry-run`)[0]!.body).toEqual({
      metadata: { labels: { team: 'web' } },
      spec: { icon: 'kubernetes', schedule: '@every 5m', type: 'Shop' },
      specYaml: spec,
      resourceVersion: '41',
      generation: 3,
    });
    const apply = within(dialog).getByRole('button', { name: 'Apply' });
    await waitFor(() => expect(apply).toHaveFocus());

    const rowReads = sentTo('GET', 'api/db/topologies').length;
    await user.click(apply);
    expect(await screen.findByText('web updated successfully')).toBeInTheDocument();
    expect(
      await screen.findByText('Saved to the cluster. The console shows it here within a few seconds.'),
    ).toBeInTheDocument();
    expect(sentTo('PUT', KUBE)[0]!.body).toEqual(sentTo('POST', `${KUBE}/dry-run`)[0]!.body);
    await waitFor(() => expect(sentTo('GET', 'api/db/topologies').length).toBeGreaterThan(rowReads));
    expect(screen.queryByRole('dialog', { name: 'Save to the cluster' })).not.toBeInTheDocument();
  });

  it('says when it changed in the cluster meanwhile, and Overwrite sends force', async () => {
    const conflict = {
      status: 409,
      body: {
        code: 'KUBE409',
        message: 'Topology shop/web was changed in the cluster after you opened it',
        details: null,
        hint: null,
        reason: 'Conflict',
      },
    };
    page.api.reply(`POST ${KUBE}/dry-run`, { status: 200, body: { live, result: live } });
    page.api.reply(`PUT ${KUBE}`, conflict);
    const { user } = await editInCluster();
    const dialog = await saveToCluster(user, 'type: Shop\n');
    await user.click(await within(dialog).findByRole('button', { name: 'Apply' }));
    expect(
      await within(dialog).findByText('Topology shop/web was changed in the cluster after you opened it'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Reload' })).toBeInTheDocument();

    page.api.reply(`PUT ${KUBE}`, { status: 200, body: { object: live } });
    await user.click(within(dialog).getByRole('button', { name: 'Overwrite' }));
    expect(await screen.findByText('web updated successfully')).toBeInTheDocument();
    const puts = sentTo('PUT', KUBE);
    expect(puts).toHaveLength(2);
    expect(puts[1]!.body).toMatchObject({ force: true, resourceVersion: '41', spec: { type: 'Shop' } });
  });

  it('reloads the resource into the editor after a conflict, once the loss of the edits is confirmed', async () => {
    page.api.reply(`POST ${KUBE}/dry-run`, {
      status: 409,
      body: { code: 'KUBE409', message: 'changed meanwhile', details: null, hint: null, reason: 'Conflict' },
    });
    const { user } = await editInCluster();
    const dialog = await saveToCluster(user, 'type: Mine\n');
    await user.click(await within(dialog).findByRole('button', { name: 'Reload' }));
    expect(within(dialog).getByText(/Your edits here will be lost/)).toBeInTheDocument();
    expect(sentTo('GET', KUBE)).toHaveLength(1);

    const newer = kubeObject(
      'topologies',
      { name: 'web', namespace: 'shop', resourceVersion: '50' },
      { type: 'Theirs' },
    );
    page.api.reply(`GET ${KUBE}`, { status: 200, body: { object: newer } });
    await user.click(within(dialog).getByRole('button', { name: 'Reload and lose my edits' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Save to the cluster' })).not.toBeInTheDocument(),
    );
    await waitFor(async () =>
      expect((await editorNamed('Spec')).state.doc.toString()).toBe('type: Theirs\n'),
    );
    expect(sentTo('GET', KUBE)).toHaveLength(2);
  });

  it('deletes the resource from the cluster after confirming, then returns to the list', async () => {
    page.api.reply(`DELETE ${KUBE}`, { status: 200, body: { deleted: true } });
    const { user, router } = await editInCluster();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Topology' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete Topology shop/web from the cluster?');
    expect(sentTo('DELETE', KUBE)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('web deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/topologies'));
    expect(sentTo('DELETE', KUBE)).toHaveLength(1);
    expect(sentTo('PATCH', 'api/db/topologies')).toEqual([]);
  });

  it("shows the cluster's field errors at their lines, the others in the dialog, and keeps the text", async () => {
    page.api.reply(`POST ${KUBE}/dry-run`, {
      status: 422,
      body: {
        code: 'KUBE422',
        message: 'Topology.canaries.flanksource.com "web" is invalid',
        details: null,
        hint: null,
        reason: 'Invalid',
        fieldErrors: [
          { field: 'spec.type', message: 'Unsupported value: 7', line: 2, column: 7 },
          { field: 'metadata.labels', message: 'name part must be 63 characters or less' },
        ],
      },
    });
    const { user } = await editInCluster();
    const spec = 'icon: kubernetes\ntype: 7\n';
    const dialog = await saveToCluster(user, spec);
    expect(
      await within(dialog).findByText('metadata.labels: name part must be 63 characters or less'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Line 2: spec.type: Unsupported value: 7')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Back to the editor' }));
    expect(
      await screen.findByRole('button', { name: 'Line 2: spec.type: Unsupported value: 7' }),
    ).toBeInTheDocument();
    expect((await editorNamed('Spec')).state.doc.toString()).toBe(spec);
    expect(sentTo('PUT', KUBE)).toEqual([]);
  });
});
