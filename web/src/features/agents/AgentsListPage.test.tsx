import { jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOCAL_AGENT } from '../../../../common/agents.js';
import { keepTopmostModalReachable } from '../../lib/modal-stack.js';
import { fakeApiPerTest, renderInShell, whoamiAs } from '../../shell/test-support.js';
import { AgentsListPage } from './AgentsListPage.js';
import { agentRow, generated } from './test-support.js';

const rows = [
  agentRow(),
  agentRow({
    id: 'a2',
    name: 'us-east',
    description: null,
    last_seen: new Date(Date.now() - 5 * 60_000).toISOString(),
    created_by: null,
  }),
  agentRow({ id: 'a3', name: 'lab', last_seen: null }),
];

const page = fakeApiPerTest((api) =>
  api.reply('GET api/db/agents_summary', {
    status: 200,
    body: rows,
    headers: { 'Content-Range': '0-2/3' },
  }),
);
const writes = () => page.sent.filter((request) => request.method !== 'GET');
const lists = () => page.sent.filter((request) => request.path === 'api/db/agents_summary');

// As main.tsx does: the dialog on top stays reachable while the one behind it re-renders.
let stopModalStack = () => {};
beforeEach(() => {
  stopModalStack = keepTopmostModalReachable();
});
afterEach(() => stopModalStack());

const writeText = jest.fn((_text: string) => Promise.resolve());

function renderAgents(path = '/agents') {
  const user = userEvent.setup();
  // After setup(), which installs its own clipboard stub.
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  const { router } = renderInShell(
    [
      { path: 'agents', element: <AgentsListPage /> },
      { path: 'settings/agents', element: <AgentsListPage /> },
    ],
    path,
  );
  const params = () => new URLSearchParams(router.state.location.search);
  return { user, router, params };
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;
const dialog = (name: string | RegExp) => screen.findByRole('dialog', { name });

describe('AgentsListPage', () => {
  afterEach(() => writeText.mockReset());

  it('lists the live agents but the local one, a page of 50 by name, with their counts and creator', async () => {
    renderAgents();
    const table = await screen.findByRole('grid', { name: 'Agents' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Name',
      'Description',
      'Configs',
      'Checks',
      'Scrapers',
      'Playbook Runs',
      'Status',
      'Last Seen',
      'Created By',
      'Created At',
    ]);
    const cells = within(await rowOf('eu-west'))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 7)).toEqual(['eu-west', 'The EU cluster', '12', '3', '2', '5', 'Online']);
    expect(cells[8]).toBe('Jane Doe');
    const query = lists()[0]!.query;
    expect(query.get('select')).toBe('*,created_by(id,name,avatar)');
    expect(query.get('deleted_at')).toBe('is.null');
    expect(query.get('id')).toBe(`neq.${LOCAL_AGENT}`);
    expect(query.get('order')).toBe('name.asc,id.asc');
    expect(query.get('limit')).toBe('50');
    expect(query.get('offset')).toBe('0');
  });

  it('shows Online within 61 s of the last ping, Offline after, and no status for an agent never seen', async () => {
    renderAgents();
    expect(within(await rowOf('eu-west')).getByText('Online')).toBeInTheDocument();
    const usEast = await rowOf('us-east');
    expect(within(usEast).getByText('Offline')).toBeInTheDocument();
    expect(usEast).toHaveTextContent('5 minutes ago');
    const lab = await rowOf('lab');
    expect(within(lab).queryByText('Online')).not.toBeInTheDocument();
    expect(within(lab).queryByText('Offline')).not.toBeInTheDocument();
  });

  it('pages and sorts on the server with the state in the URL, 50, 100 or 200 a page', async () => {
    page.api.reply('GET api/db/agents_summary', {
      status: 200,
      body: rows,
      headers: { 'Content-Range': '100-102/450' },
    });
    const { user, params } = renderAgents(
      '/settings/agents?pageIndex=1&pageSize=100&sortBy=last_seen&sortOrder=desc',
    );
    await rowOf('eu-west');
    const first = lists()[0]!.query;
    expect(first.get('order')).toBe('last_seen.desc,id.asc');
    expect(first.get('limit')).toBe('100');
    expect(first.get('offset')).toBe('100');
    expect(screen.getByText(/Page 2 of 5/)).toBeInTheDocument();
    const sizes = screen.getByRole('combobox', { name: 'Page size' });
    expect(
      within(sizes)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['50 per page', '100 per page', '200 per page']);

    await user.click(screen.getByRole('button', { name: 'Checks' }));
    await waitFor(() => expect(params().get('sortBy')).toBe('checks_count'));
    expect(params().get('sortOrder')).toBe('asc');
    expect(params().has('pageIndex')).toBe(false);
    await waitFor(() => expect(lists().at(-1)!.query.get('order')).toBe('checks_count.asc,id.asc'));
    expect(lists().at(-1)!.query.get('offset')).toBe('0');
  });

  it("shows 'No data available' without agents", async () => {
    page.api.reply('GET api/db/agents_summary', {
      status: 200,
      body: [],
      headers: { 'Content-Range': '*/0' },
    });
    renderAgents();
    expect(await screen.findByText('No data available')).toBeInTheDocument();
  });

  describe('add', () => {
    it('opens from Add Agent with addAgent=true, requires the name and sends nothing without it', async () => {
      const { user, params } = renderAgents();
      await user.click(await screen.findByRole('button', { name: 'Add Agent' }));
      expect(params().get('addAgent')).toBe('true');
      const form = await dialog('Add Agent');
      await user.click(within(form).getByRole('button', { name: 'Next' }));
      expect(await within(form).findByText('This field is required')).toBeInTheDocument();
      expect(writes()).toEqual([]);
      await user.click(within(form).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(params().has('addAgent')).toBe(false));
    });

    it('creates the agent, then shows its token once with the Flux and Helm CLI instructions', async () => {
      page.api.reply('POST api/agent/generate', { status: 201, body: generated() });
      const { user, params } = renderAgents('/agents?addAgent=true');
      const form = await dialog('Add Agent');
      await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'eu-west');
      await user.type(within(form).getByRole('textbox', { name: 'Description' }), 'The EU cluster');
      await user.click(within(form).getByRole('button', { name: 'Add property' }));
      await user.type(within(form).getByRole('textbox', { name: 'Property 1 key' }), 'region');
      await user.type(within(form).getByRole('textbox', { name: 'Property 1 value' }), 'eu-west-1');
      await user.click(within(form).getByRole('switch', { name: 'Kubernetes' }));
      const interval = within(form).getByRole('combobox', { name: 'Scrape Interval' });
      expect(interval).toHaveValue('30m');
      expect(
        within(interval)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['1m', '5m', '10m', '30m', '1h', '2h', '6h', '12h', '24h']);
      await user.selectOptions(interval, '1h');
      await user.click(within(form).getByRole('button', { name: 'Next' }));

      expect(await screen.findByText('Agent created')).toBeInTheDocument();
      expect(writes()).toEqual([
        expect.objectContaining({
          method: 'POST',
          path: 'api/agent/generate',
          body: {
            name: 'eu-west',
            description: 'The EU cluster',
            properties: { region: 'eu-west-1' },
            kubernetes: { enabled: true, interval: '1h' },
            pushTelemetry: { enabled: false },
          },
        }),
      ]);
      const install = await dialog('Installation Instructions');
      expect(screen.queryByRole('dialog', { name: 'Add Agent' })).not.toBeInTheDocument();
      expect(params().has('addAgent')).toBe(false);
      expect(
        within(install).getByText(
          'Access token will be shown only once. Please copy it and store it securely.',
        ),
      ).toBeInTheDocument();
      expect(within(install).getByRole('textbox', { name: 'Access token' })).toHaveValue('token-abc123');

      await user.click(within(install).getByRole('button', { name: 'Copy access token' }));
      expect(writeText).toHaveBeenCalledWith('token-abc123');
      expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();

      // The console's own address under its sub-path (the fake API's <base href>).
      const upstream = page.api.base.replace(/\/$/, '');
      const flux = within(install).getByRole('region', { name: 'Flux manifests' });
      expect(flux).toHaveTextContent('kind: Namespace');
      expect(flux).toHaveTextContent('kind: Secret');
      expect(flux).toHaveTextContent('token: token-abc123');
      expect(flux).toHaveTextContent('kind: HelmRelease');
      expect(flux).toHaveTextContent('chart: ops-console');
      expect(flux).toHaveTextContent(`url: ${upstream}`);
      expect(flux).toHaveTextContent('agentName: eu-west');
      expect(flux).toHaveTextContent('tokenSecret:');

      await user.click(within(install).getByRole('tab', { name: 'Helm CLI' }));
      const helm = within(install).getByRole('region', { name: 'Helm CLI command' });
      expect(helm).toHaveTextContent('helm install ops-console-agent ops-console/ops-console');
      expect(helm).toHaveTextContent(`--set upstream.url=${upstream}`);
      expect(helm).toHaveTextContent('--set upstream.agentName=eu-west');
      expect(helm).toHaveTextContent('--set upstream.token=token-abc123');
      await user.click(within(install).getByRole('button', { name: 'Copy Helm CLI command' }));
      expect(writeText).toHaveBeenLastCalledWith(expect.stringContaining('helm install ops-console-agent'));

      // The footer's Close, not the header's close icon.
      await user.click(
        within(within(install).getByRole('contentinfo')).getByRole('button', { name: 'Close' }),
      );
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.queryByText('token-abc123')).not.toBeInTheDocument();
    });

    it("keeps the form as typed with the server's message when the create fails", async () => {
      page.api.reply('POST api/agent/generate', {
        status: 409,
        body: { message: 'An agent named eu-west already exists' },
      });
      const { user } = renderAgents('/agents?addAgent=true');
      const form = await dialog('Add Agent');
      await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'eu-west');
      await user.type(within(form).getByRole('textbox', { name: 'Description' }), 'again');
      await user.click(within(form).getByRole('button', { name: 'Next' }));
      expect(await screen.findByText('An agent named eu-west already exists')).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Add Agent' })).toBeInTheDocument();
      expect(within(form).getByRole('textbox', { name: /^Name/ })).toHaveValue('eu-west');
      expect(within(form).getByRole('textbox', { name: 'Description' })).toHaveValue('again');
      expect(screen.queryByRole('dialog', { name: 'Installation Instructions' })).not.toBeInTheDocument();
    });

    it('is not offered to those who may not manage agents, nor opened by the URL', async () => {
      page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs('viewer') });
      renderAgents('/agents?addAgent=true');
      expect(await screen.findByText('eu-west')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Add Agent' })).not.toBeInTheDocument();
      expect(screen.queryByRole('dialog', { name: 'Add Agent' })).not.toBeInTheDocument();
    });
  });

  describe('edit', () => {
    it('opens from its row with id=, the name read-only, and saves the rest', async () => {
      page.api.reply('PATCH api/db/agents', { status: 204 });
      const { user, params } = renderAgents();
      await user.click(await screen.findByText('eu-west'));
      expect(params().get('id')).toBe('a1');
      const form = await dialog('eu-west');
      const name = within(form).getByRole('textbox', { name: /^Name/ });
      expect(name).toHaveValue('eu-west');
      expect(name).toHaveAttribute('readonly');
      expect(within(form).getByRole('textbox', { name: 'Property 1 value' })).toHaveValue('eu-west-1');
      expect(within(form).getByRole('combobox', { name: 'Scrape Interval' })).toHaveValue('1h');
      const description = within(form).getByRole('textbox', { name: 'Description' });
      await user.clear(description);
      await user.type(description, 'Frankfurt');
      await user.click(within(form).getByRole('button', { name: 'Save' }));

      expect(await screen.findByText('Agent updated')).toBeInTheDocument();
      const [patch] = writes();
      expect(patch).toMatchObject({ method: 'PATCH', path: 'api/db/agents' });
      expect(patch!.query.get('id')).toBe('eq.a1');
      expect(patch!.body).toEqual({
        description: 'Frankfurt',
        properties: { region: 'eu-west-1' },
        spec: { kubernetes: { enabled: true, interval: '1h' }, pushTelemetry: { enabled: false } },
      });
      await waitFor(() => expect(params().has('id')).toBe(false));
    });

    it("keeps what was typed with the server's message when the save fails", async () => {
      page.api.reply('PATCH api/db/agents', {
        status: 422,
        body: { message: 'properties must map names to strings' },
      });
      const { user } = renderAgents('/agents?id=a1');
      const form = await dialog('eu-west');
      const description = within(form).getByRole('textbox', { name: 'Description' });
      await user.clear(description);
      await user.type(description, 'Frankfurt');
      await user.click(within(form).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('properties must map names to strings')).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'eu-west' })).toBeInTheDocument();
      expect(within(form).getByRole('textbox', { name: 'Description' })).toHaveValue('Frankfurt');
      expect(screen.queryByText('Agent updated')).not.toBeInTheDocument();
    });

    it('is read-only for those who may not manage agents', async () => {
      page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs('viewer') });
      renderAgents('/agents?id=a1');
      const form = await dialog('eu-west');
      expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();
      expect(within(form).getByRole('textbox', { name: 'Description' })).toBeDisabled();
      expect(within(form).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
      expect(within(form).queryByRole('button', { name: 'Rotate token' })).not.toBeInTheDocument();
    });

    it('gives the agent a new token after a confirmation, shown in the installation instructions', async () => {
      page.api.reply('POST api/agent/a1/token', { status: 200, body: generated('token-new456') });
      const { user } = renderAgents('/agents?id=a1');
      const form = await dialog('eu-west');
      await user.click(within(form).getByRole('button', { name: 'Rotate token' }));
      const confirm = await dialog('Rotate Token');
      expect(writes()).toEqual([]);
      await user.click(within(confirm).getByRole('button', { name: 'Rotate token' }));
      const install = await dialog('Installation Instructions');
      expect(within(install).getByRole('textbox', { name: 'Access token' })).toHaveValue('token-new456');
      expect(writes()).toEqual([expect.objectContaining({ method: 'POST', path: 'api/agent/a1/token' })]);
      expect(within(install).getByRole('region', { name: 'Flux manifests' })).toHaveTextContent(
        'agentName: eu-west',
      );
    });
  });

  describe('delete', () => {
    async function deleteWith(answer: 'Yes' | 'No') {
      page.api.reply('PATCH api/db/agents', { status: 204 });
      const { user, params } = renderAgents('/agents?id=a1');
      const form = await dialog('eu-west');
      await user.click(within(form).getByRole('button', { name: 'Delete' }));
      const question = await dialog('Delete Agent Resources');
      expect(question).toHaveTextContent('Also delete the resources this agent created');
      await user.click(within(question).getByRole('button', { name: answer }));
      const confirm = await dialog('Delete Agent');
      expect(confirm).toHaveTextContent('Are you sure you want to delete the agent eu-west?');
      expect(writes()).toEqual([]);
      await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('Agent deleted')).toBeInTheDocument();
      await waitFor(() => expect(params().has('id')).toBe(false));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      const [patch] = writes();
      expect(patch).toMatchObject({ method: 'PATCH', path: 'api/db/agents' });
      expect(patch!.query.get('id')).toBe('eq.a1');
      return patch!.body;
    }

    it('deletes what the agent created too after Yes', async () => {
      expect(await deleteWith('Yes')).toEqual({ deleted_at: 'now()', cleanup: true });
    });

    it('keeps what the agent created after No', async () => {
      expect(await deleteWith('No')).toEqual({ deleted_at: 'now()', cleanup: false });
    });

    it('deletes nothing when the first question is closed', async () => {
      const { user } = renderAgents('/agents?id=a1');
      await user.click(within(await dialog('eu-west')).getByRole('button', { name: 'Delete' }));
      const question = await dialog('Delete Agent Resources');
      await user.click(within(question).getByRole('button', { name: 'Close' }));
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Delete Agent Resources' })).not.toBeInTheDocument(),
      );
      expect(screen.getByRole('dialog', { name: 'eu-west' })).toBeInTheDocument();
      expect(writes()).toEqual([]);
    });

    it("shows the server's message and keeps the confirmation when the delete fails", async () => {
      page.api.reply('PATCH api/db/agents', {
        status: 422,
        body: { message: 'The local agent cannot be deleted' },
      });
      const { user } = renderAgents('/agents?id=a1');
      await user.click(within(await dialog('eu-west')).getByRole('button', { name: 'Delete' }));
      await user.click(within(await dialog('Delete Agent Resources')).getByRole('button', { name: 'No' }));
      const confirm = await dialog('Delete Agent');
      await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('The local agent cannot be deleted')).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Delete Agent' })).toBeInTheDocument();
      expect(screen.queryByText('Agent deleted')).not.toBeInTheDocument();
    });
  });
});
