import { jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { linkedReadOnly } from '../../../../../common/managed.js';
import { fakeApiPerTest } from '../../../shell/test-support.js';
import {
  COMPONENT_ID,
  CONFIG_ID,
  componentRow,
  renderPanel,
  replyEmptyLists,
  replyWhoami,
  TOPOLOGY_ID,
  whoamiAs,
} from './test-support.js';

const page = fakeApiPerTest(replyEmptyLists);

// Under load (four copies of this file at once on two cores) a section's first page sometimes
// never leaves its skeleton, and the test waits out its 60 s: one in four or five runs, on the
// code before the on-demand menus too. Not yet understood (useSWRInfinite remounted while its
// first page is in flight is the suspect); retried once, with the failure logged, until it is.
jest.retryTimes(1, { logErrorsBeforeRetry: true });

const requests = (view: string) => page.sent.filter((r) => r.method === 'GET' && r.path === `api/db/${view}`);
const section = (name: string) => screen.findByRole('button', { name });

async function openSection(name: string) {
  const user = userEvent.setup();
  await user.click(await section(name));
  return user;
}

describe('TopologyDetailPanel', () => {
  // jsdom has no layout: the virtualized lists need a viewport height to render rows.
  beforeEach(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 450 });
  });
  afterEach(() => {
    delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
  });

  it('shows the sections in order, Details open, and opens one at a time', async () => {
    renderPanel();
    const titles = ['Details', 'Catalog', 'Incidents', 'Changes', 'Checks', 'Playbooks', 'Teams', 'Insights'];
    for (const title of titles) expect(await section(title)).toBeInTheDocument();
    expect(await section('Details')).toHaveAttribute('aria-expanded', 'true');

    const user = await openSection('Checks');
    expect(await section('Checks')).toHaveAttribute('aria-expanded', 'true');
    expect(await section('Details')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByLabelText('Component details')).not.toBeInTheDocument();

    await user.click(await section('Teams'));
    expect(await section('Teams')).toHaveAttribute('aria-expanded', 'true');
    expect(await section('Checks')).toHaveAttribute('aria-expanded', 'false');
    const sections = screen.getByLabelText('Component sections');
    expect(
      within(sections)
        .getAllByRole('button', { expanded: true })
        .map((b) => b.textContent),
    ).toEqual(['Teams']);

    // A closed section reads nothing: the checks were read when opened, the insights never.
    expect(requests('checks_by_component')).toHaveLength(1);
    expect(requests('analysis_by_component')).toHaveLength(0);

    await user.click(await section('Teams'));
    expect(within(sections).queryAllByRole('button', { expanded: true })).toHaveLength(0);
  });

  it('leaves Incidents out while the incidents feature is off', async () => {
    replyWhoami(page.api, whoamiAs('admin', { disabled: ['incidents'] }));
    renderPanel();
    expect(await section('Insights')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Incidents' })).not.toBeInTheDocument();
  });

  it("shows the component's fields in Details", async () => {
    renderPanel();
    const details = await screen.findByLabelText('Component details');
    const field = (term: string) =>
      within(details).getByText(term).closest('.pf-v6-c-description-list__group');
    expect(field('Name')).toHaveTextContent('orders-api');
    expect(field('Type')).toHaveTextContent('Service');
    expect(field('Health')).toHaveTextContent('Warning');
    expect(field('Status reason')).toHaveTextContent('High latency on /orders');
    expect(field('Labels')).toHaveTextContent('team: payments');
    expect(field('Labels')).toHaveTextContent('tier: backend');
    expect(field('version')).toHaveTextContent('1.4.2');
    expect(within(details).getByRole('link', { name: 'Release notes' })).toHaveAttribute(
      'href',
      'https://example.com/orders/1.4.2',
    );
    expect(field('memory')).toHaveTextContent('512 MB');
    expect(within(details).queryByText('secret')).not.toBeInTheDocument();
    expect(field('Owner')).toHaveTextContent('payments-team');
    expect(field('Namespace')).toHaveTextContent('shop');
    expect(field('External ID')).toHaveTextContent('shop/orders-api');
    expect(field('Agent')).toHaveTextContent('local');
    expect(field('Updated')).toHaveTextContent('2 hours ago');
    expect(field('Created')).toHaveTextContent('2 days ago');
    expect(within(details).getByRole('link', { name: 'Topology settings' })).toHaveAttribute(
      'href',
      `/settings/topologies/${TOPOLOGY_ID}`,
    );
  });

  it('lists the linked catalog items, and unlinks one linked by hand', async () => {
    page.api.reply('GET api/db/config_component_relationships', {
      status: 200,
      body: [
        {
          component_id: COMPONENT_ID,
          config_id: CONFIG_ID,
          selector_id: 'manual',
          configs: { id: CONFIG_ID, name: 'orders-db', type: 'AWS::RDS::DBInstance', health: 'healthy' },
        },
        {
          component_id: COMPONENT_ID,
          config_id: 'c2',
          selector_id: 'kubernetes-selector',
          configs: { id: 'c2', name: 'orders-7c9', type: 'Kubernetes::Pod', health: 'unhealthy' },
        },
      ],
    });
    page.api.reply('DELETE api/db/config_component_relationships', { status: 204 });
    renderPanel();
    const user = await openSection('Catalog');
    const table = await screen.findByRole('grid', { name: 'Catalog' });
    const manual = await within(table).findByRole('link', { name: 'orders-db' });
    expect(manual).toHaveAttribute('href', `/catalog/${CONFIG_ID}`);
    expect(within(table).getByRole('link', { name: 'orders-7c9' })).toHaveAttribute('href', '/catalog/c2');
    expect(manual.closest('tr')).toHaveTextContent('Healthy');
    // Only the link made by hand can be removed here.
    expect(within(table).getAllByRole('button', { name: 'Unlink' })).toHaveLength(1);
    const query = requests('config_component_relationships')[0]!.query;
    expect(query.get('component_id')).toBe(`eq.${COMPONENT_ID}`);
    expect(query.get('deleted_at')).toBe('is.null');
    expect(query.get('select')).toBe('*,configs:config_id(id,name,type,config_class,health,status)');
    expect(query.get('limit')).toBe('50');

    await user.click(within(manual.closest('tr')!).getByRole('button', { name: 'Unlink' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlink catalog item' });
    await user.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByText('Deleted config link successfully')).toBeInTheDocument();
    const removal = page.sent.find((r) => r.method === 'DELETE')!;
    expect(removal.query.get('config_id')).toBe(`eq.${CONFIG_ID}`);
    expect(removal.query.get('selector_id')).toBe('eq.manual');
    // The list is read again.
    await waitFor(() => expect(requests('config_component_relationships')).toHaveLength(2));
  });

  it('lists the incidents, each linking to itself and its type to the incident list', async () => {
    page.api.reply('GET api/db/incidents_by_component', {
      status: 200,
      body: [
        {
          id: 'i1',
          incident_id: 'INC-1',
          title: 'Orders failing',
          type: 'availability',
          status: 'open',
          severity: 'high',
          created_at: new Date(Date.now() - 3_600_000).toISOString(),
        },
      ],
    });
    renderPanel();
    await openSection('Incidents');
    const table = await screen.findByRole('grid', { name: 'Incidents' });
    expect(await within(table).findByRole('link', { name: 'Orders failing' })).toHaveAttribute(
      'href',
      '/incidents/i1',
    );
    expect(within(table).getByRole('link', { name: 'availability incidents of orders-api' })).toHaveAttribute(
      'href',
      `/incidents?type=availability&component=${COMPONENT_ID}`,
    );
    const row = within(table).getByRole('link', { name: 'Orders failing' }).closest('tr')!;
    expect(row).toHaveTextContent('Open');
    expect(row).toHaveTextContent('High');
    expect(row).toHaveTextContent('1 hour ago');
    expect(requests('incidents_by_component')[0]!.query.get('component_id')).toBe(`eq.${COMPONENT_ID}`);
    expect(screen.getByRole('link', { name: 'All incidents of this component' })).toHaveAttribute(
      'href',
      `/incidents?component=${COMPONENT_ID}`,
    );
  });

  it('lists the changes of the linked items, newest first, 50 at a time', async () => {
    page.api.reply('GET api/db/changes_by_component', {
      status: 200,
      body: [
        {
          id: 'ch1',
          config_id: CONFIG_ID,
          change_type: 'diff',
          severity: 'medium',
          summary: 'replicas 2 → 3',
          created_at: new Date(Date.now() - 600_000).toISOString(),
          name: 'orders-db',
        },
      ],
    });
    renderPanel();
    await openSection('Changes');
    const table = await screen.findByRole('grid', { name: 'Changes' });
    const link = await within(table).findByRole('link', { name: 'orders-db' });
    expect(link).toHaveAttribute('href', `/catalog/${CONFIG_ID}/changes`);
    const row = link.closest('tr')!;
    expect(row).toHaveTextContent('diff');
    expect(row).toHaveTextContent('Medium');
    expect(row).toHaveTextContent('replicas 2 → 3');
    expect(row).toHaveTextContent('10 minutes ago');
    const query = requests('changes_by_component')[0]!.query;
    expect(query.get('component_id')).toBe(`eq.${COMPONENT_ID}`);
    expect(query.get('order')).toBe('created_at.desc,id.asc');
    expect(query.get('limit')).toBe('50');
  });

  it('reads the next 50 changes when the reader scrolls near the end', async () => {
    page.api.reply('GET api/db/changes_by_component', {
      status: 200,
      body: Array.from({ length: 50 }, (_, i) => ({
        id: `ch${i}`,
        config_id: CONFIG_ID,
        change_type: 'diff',
        created_at: new Date(Date.now() - i * 60_000).toISOString(),
        name: 'orders-db',
      })),
    });
    renderPanel();
    await openSection('Changes');
    const table = await screen.findByRole('grid', { name: 'Changes' });
    await within(table).findAllByRole('link', { name: 'orders-db' });
    expect(requests('changes_by_component')).toHaveLength(1);
    await act(async () => {
      table.parentElement!.scrollTop = 50 * 45;
      fireEvent.scroll(table.parentElement!);
    });
    await waitFor(() => expect(requests('changes_by_component')).toHaveLength(2));
    expect(requests('changes_by_component')[1]!.query.get('offset')).toBe('50');
  });

  it('lists the checks with their health, each opening on the health page', async () => {
    page.api.reply('GET api/db/checks_by_component', {
      status: 200,
      body: [{ check_id: 'k1', name: 'orders-http', type: 'http', status: 'unhealthy' }],
    });
    renderPanel();
    await openSection('Checks');
    const table = await screen.findByRole('grid', { name: 'Checks' });
    const link = await within(table).findByRole('link', { name: 'orders-http' });
    expect(link).toHaveAttribute('href', '/health?checkId=k1');
    expect(link.closest('tr')).toHaveTextContent('Unhealthy');
  });

  it('lists the owning teams', async () => {
    page.api.reply('GET api/db/team_components', {
      status: 200,
      body: [{ team_id: 't1', component_id: COMPONENT_ID, team: { id: 't1', name: 'Payments', icon: null } }],
    });
    renderPanel();
    await openSection('Teams');
    const table = await screen.findByRole('grid', { name: 'Teams' });
    expect(await within(table).findByRole('link', { name: 'Payments' })).toHaveAttribute(
      'href',
      '/settings/teams/t1',
    );
    expect(requests('team_components')[0]!.query.get('select')).toBe('*,team:team_id(id,name,icon)');
  });

  it('lists the insights with their severity, each opening the insights list', async () => {
    page.api.reply('GET api/db/analysis_by_component', {
      status: 200,
      body: [
        {
          id: 'a1',
          config_id: CONFIG_ID,
          analyzer: 'public-access',
          analysis_type: 'security',
          severity: 'critical',
          message: 'The database is reachable from anywhere',
          name: 'orders-db',
        },
      ],
    });
    renderPanel();
    await openSection('Insights');
    const table = await screen.findByRole('grid', { name: 'Insights' });
    const link = await within(table).findByRole('link', { name: 'public-access' });
    expect(link).toHaveAttribute(
      'href',
      `/catalog/insights?component=${COMPONENT_ID}&type=security&severity=critical`,
    );
    expect(link.closest('tr')).toHaveTextContent('Critical');
    expect(within(table).getByRole('link', { name: 'orders-db' })).toHaveAttribute(
      'href',
      `/catalog/${CONFIG_ID}`,
    );
  });

  it("lists the component's playbook runs and offers to run one", async () => {
    renderPanel();
    await openSection('Playbooks');
    expect(await screen.findByRole('button', { name: 'Run Playbook' })).toBeInTheDocument();
    await waitFor(() => expect(requests('playbook_runs')).toHaveLength(1));
    expect(requests('playbook_runs')[0]!.query.get('component_id')).toBe(`eq.${COMPONENT_ID}`);
  });

  it('says when a section has nothing', async () => {
    renderPanel();
    const user = await openSection('Catalog');
    expect(await screen.findByText('No catalog items are linked to this component')).toBeInTheDocument();
    for (const [title, text] of [
      ['Incidents', 'No incidents are linked to this component'],
      ['Changes', 'No changes of the linked catalog items'],
      ['Checks', 'No health checks are linked to this component'],
      ['Teams', 'No teams own this component'],
      ['Insights', 'No insights on the linked catalog items'],
    ] as const) {
      await user.click(await section(title));
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
  });

  it("shows a section's failure", async () => {
    page.api.reply('GET api/db/checks_by_component', {
      status: 500,
      body: { message: 'checks unavailable' },
    });
    renderPanel();
    await openSection('Checks');
    expect(await screen.findByText('checks unavailable')).toBeInTheDocument();
  });

  it('collapses to a bar and expands again', async () => {
    renderPanel(componentRow());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Collapse panel' }));
    expect(screen.queryByRole('button', { name: 'Details' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions of orders-api' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Expand panel' }));
    expect(await section('Details')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actions of orders-api' })).toBeInTheDocument();
  });

  describe("an agent's component in the hub", () => {
    const AGENT_ID = '55555555-5555-4555-8555-555555555555';
    const pushed = componentRow({ agent_id: AGENT_ID });
    const details = async () => {
      const list = await screen.findByLabelText('Component details');
      return (term: string) => within(list).getByText(term).closest('.pf-v6-c-description-list__group');
    };

    it('says it is linked to the agent by name, once for the note and the Details', async () => {
      page.api.reply('GET api/db/agents', { status: 200, body: [{ id: AGENT_ID, name: 'eu-1' }] });
      renderPanel(pushed);
      const panel = await screen.findByRole('complementary', { name: 'orders-api details' });
      expect(await within(panel).findByText('Linked to eu-1')).toBeInTheDocument();
      expect(within(panel).getByText(linkedReadOnly('This component', 'eu-1'))).toBeInTheDocument();
      expect((await details())('Agent')).toHaveTextContent('eu-1');
      expect(requests('agents')).toHaveLength(1);
      expect(requests('agents')[0]!.query.get('id')).toBe(`eq.${AGENT_ID}`);
    });

    it('names the agent by its id when its name cannot be read', async () => {
      page.api.reply('GET api/db/agents', { status: 403, body: { message: 'Agents is disabled' } });
      renderPanel(pushed);
      expect(await screen.findByText(`Linked to ${AGENT_ID}`)).toBeInTheDocument();
      expect((await details())('Agent')).toHaveTextContent(AGENT_ID);
    });

    it('keeps Link to catalog and the Unlink of links made by hand, which the hub allows', async () => {
      page.api.reply('GET api/db/agents', { status: 200, body: [{ id: AGENT_ID, name: 'eu-1' }] });
      page.api.reply('GET api/db/config_component_relationships', {
        status: 200,
        body: [
          {
            component_id: COMPONENT_ID,
            config_id: CONFIG_ID,
            selector_id: 'manual',
            configs: { id: CONFIG_ID, name: 'orders-db', type: 'AWS::RDS::DBInstance', health: 'healthy' },
          },
        ],
      });
      renderPanel(pushed);
      expect(await screen.findByText('Linked to eu-1')).toBeInTheDocument();
      const user = await openSection('Catalog');
      const table = await screen.findByRole('grid', { name: 'Catalog' });
      expect(await within(table).findByRole('button', { name: 'Unlink' })).toBeEnabled();
      await user.click(screen.getByRole('button', { name: 'Actions of orders-api' }));
      expect(await screen.findByRole('menuitem', { name: 'Link to catalog' })).toBeInTheDocument();
    });

    it("says nothing of agents for the console's own component", async () => {
      renderPanel();
      expect((await details())('Agent')).toHaveTextContent('local');
      expect(screen.queryByText(/^Linked to/)).not.toBeInTheDocument();
      expect(requests('agents')).toHaveLength(0);
    });
  });
});
