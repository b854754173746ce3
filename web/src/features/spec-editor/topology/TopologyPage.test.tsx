import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApiPerTest, renderInShell, whoamiAs } from '../../../shell/test-support.js';
import { stubTextLayout } from '../../../components/YamlEditor/test-support.js';
import { savedRow } from '../test-support.js';
import { TopologyPage } from '../ResourcePage.js';

const topology = savedRow({
  id: 't1',
  name: 'web',
  namespace: 'shop',
  icon: 'kubernetes',
  labels: { team: 'web' },
  schedule: '@every 5m',
  spec: {
    icon: 'kubernetes',
    schedule: '@every 5m',
    type: 'Website',
    components: [{ name: 'frontend', type: 'Service' }],
  },
});

const RUN = 'api/canary/run/topology/t1';
const page = fakeApiPerTest((api) => {
  api.reply('GET api/db/topologies', { status: 200, body: [topology] });
  api.reply('GET api/db/job_histories', { status: 200, body: [] });
  api.reply('POST api/specs/topologies/validate', { status: 200, body: { valid: true, errors: [] } });
  api.reply('GET api/kube/status', { status: 200, body: { connected: false } });
});
beforeAll(stubTextLayout);

const sentTo = (method: string, path: string) =>
  page.sent.filter((request) => request.method === method && request.path === path);

function renderTopology() {
  const user = userEvent.setup({ delay: null });
  renderInShell([{ path: 'settings/topologies/:id', element: <TopologyPage /> }], '/settings/topologies/t1');
  return { user };
}

describe('Run now on the topology page', () => {
  it('builds the topology and says what the build did', async () => {
    page.api.reply(`POST ${RUN}`, {
      status: 200,
      body: {
        status: 'ok',
        count: '3',
        job_status: 'SUCCESS',
        added: 1,
        updated: 0,
        unchanged: 2,
        deleted: 0,
        errors: [],
      },
    });
    const { user } = renderTopology();
    await user.click(await screen.findByRole('button', { name: 'Run now' }));
    expect(await screen.findByText('Built 3 components: 1 added, 2 unchanged')).toBeInTheDocument();
    expect(sentTo('POST', RUN)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Run now' })).toBeEnabled();
  });

  it('says why a build failed, and what the server refused', async () => {
    page.api.reply(`POST ${RUN}`, {
      status: 200,
      body: {
        status: 'ok',
        count: '0',
        job_status: 'FAILED',
        errors: ['lookup of services: http: connection refused'],
      },
    });
    const { user } = renderTopology();
    await user.click(await screen.findByRole('button', { name: 'Run now' }));
    expect(
      await screen.findByText('Build failed: lookup of services: http: connection refused'),
    ).toBeInTheDocument();

    page.api.reply(`POST ${RUN}`, {
      status: 422,
      body: {
        code: 'HTTP422',
        message: 'The topology shop/web belongs to the agent edge: it is built there',
      },
    });
    await user.click(screen.getByRole('button', { name: 'Run now' }));
    expect(await screen.findByText(/belongs to the agent edge/)).toBeInTheDocument();
  });

  it('is not offered to those who may not write topologies', async () => {
    page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs('viewer') });
    renderTopology();
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Topology › web'),
    );
    expect(screen.queryByRole('button', { name: 'Run now' })).not.toBeInTheDocument();
  });
});

describe('the topology Form', () => {
  it("edits the spec's common fields beside the Code and keeps its components", async () => {
    page.api.reply('PATCH api/db/topologies', {
      status: 200,
      body: { ...topology, updated_at: '2024-01-02T00:00:00Z' },
    });
    const { user } = renderTopology();
    await user.click(await screen.findByRole('tab', { name: 'Form' }));
    expect(
      screen.getByText('Components, properties, lookups, checks and configs are edited in Code.'),
    ).toBeInTheDocument();
    const type = screen.getByRole('textbox', { name: 'Type' });
    expect(type).toHaveValue('Website');
    await user.clear(type);
    await user.type(type, 'Shop');
    await user.type(screen.getByRole('textbox', { name: 'Owner' }), 'team-web');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('web updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(sentTo('PATCH', 'api/db/topologies')).toHaveLength(1));
    expect(sentTo('PATCH', 'api/db/topologies')[0]!.body).toMatchObject({
      spec: {
        icon: 'kubernetes',
        schedule: '@every 5m',
        type: 'Shop',
        owner: 'team-web',
        components: [{ name: 'frontend', type: 'Service' }],
      },
    });
  });
});
