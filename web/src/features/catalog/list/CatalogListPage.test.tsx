import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApiPerTest, renderInShell } from '../../../shell/test-support.js';
import { CatalogListPage } from './CatalogListPage.js';
import { HIDE_DELETED_STORAGE_KEY } from './use-hide-deleted.js';

const POD = '11111111-1111-4111-8111-111111111111';
const DELETED_POD = '22222222-2222-4222-8222-222222222222';
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

const summaryRows = [
  {
    type: 'Kubernetes::Pod',
    count: 1500,
    health: { healthy: 1200, unhealthy: 250, warning: 50 },
    analysis: { security: 3 },
    changes: 12000,
    cost_total_30d: 42.5,
  },
  { type: 'Kubernetes::Node', count: 3, health: { healthy: 3 }, analysis: {}, changes: 0 },
  { type: 'AWS::EC2::Instance', count: 7, health: { unknown: 7 }, analysis: {}, changes: 4 },
];

const itemRows = [
  {
    id: POD,
    name: 'web-1',
    type: 'Kubernetes::Pod',
    config_class: 'Pod',
    status: 'CrashLoopBackOff',
    health: 'unhealthy',
    labels: { app: 'web' },
    tags: { cluster: 'prod' },
    created_at: hoursAgo(48),
    updated_at: hoursAgo(1),
    deleted_at: null,
    cost_total_1d: 1,
    cost_total_7d: 7,
    cost_total_30d: 30,
    agent_id: '00000000-0000-0000-0000-000000000000',
    agent: { id: '00000000-0000-0000-0000-000000000000', name: 'local' },
  },
  {
    id: DELETED_POD,
    name: 'web-0',
    type: 'Kubernetes::Pod',
    config_class: 'Pod',
    status: 'Running',
    health: 'healthy',
    labels: {},
    tags: {},
    created_at: hoursAgo(96),
    updated_at: hoursAgo(50),
    deleted_at: hoursAgo(2),
    agent_id: '00000000-0000-0000-0000-000000000000',
    agent: null,
  },
];

const page = fakeApiPerTest((api) => {
  api.reply('POST api/catalog/summary', { status: 200, body: summaryRows });
  api.reply('GET api/db/configs', { status: 200, body: itemRows, headers: { 'Content-Range': '0-1/2' } });
  api.reply('GET api/db/config_detail', {
    status: 200,
    body: [{ id: POD, changes: 2500, analysis: { security: 2, cost: 0 } }],
  });
  api.reply('GET api/db/config_types', {
    status: 200,
    body: [{ type: 'AWS::EC2::Instance' }, { type: 'Kubernetes::Node' }, { type: 'Kubernetes::Pod' }],
  });
  api.reply('GET api/db/config_statuses', { status: 200, body: [{ status: 'Running' }] });
  api.reply('GET api/db/config_tags', { status: 200, body: [{ key: 'cluster', value: 'prod' }] });
});

beforeEach(() => localStorage.clear());

function renderList(path = '/catalog') {
  const user = userEvent.setup();
  const result = renderInShell(
    [
      { path: 'catalog', element: <CatalogListPage /> },
      { path: 'catalog/:id', element: <p>config page</p> },
    ],
    path,
  );
  const url = () => new URLSearchParams(result.router.state.location.search);
  return { ...result, user, url };
}

const summaryCalls = () => page.sent.filter((r) => r.method === 'POST' && r.path === 'api/catalog/summary');
const itemCalls = () => page.sent.filter((r) => r.method === 'GET' && r.path === 'api/db/configs');

describe('CatalogListPage', () => {
  it('shows the summary grouped by provider, with counts as k+ and health counts, from the 30-day summary', async () => {
    const { user } = renderList();
    const table = await screen.findByRole('grid', { name: 'Catalog summary' });
    // One group row per provider, collapsed.
    await within(table).findByText('Kubernetes');
    expect(within(table).getByText('AWS')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Toggle group Kubernetes' }));
    const pods = within(table).getByText('Kubernetes::Pod').closest('tr')!;
    expect(pods).toHaveTextContent('1k+');
    expect(pods).toHaveTextContent('12k+');
    expect(within(pods).getByText('unhealthy:').parentElement).toHaveTextContent('250');
    expect(pods).toHaveTextContent('$43');
    expect(pods).toHaveTextContent('security 3');
    // No item is fetched while the summary is shown.
    expect(itemCalls()).toHaveLength(0);
    expect(summaryCalls().at(-1)!.body).toEqual({
      groupBy: ['type'],
      deleted: false,
      changes: { since: '30d' },
      analysis: { since: '30d' },
      cost: '30d',
    });
  });

  it('opens the items of a type when its summary row is clicked, clearing groupBy', async () => {
    const { user, url } = renderList('/catalog?groupBy=type&labels=stale__:__x');
    const table = await screen.findByRole('grid', { name: 'Catalog summary' });
    await user.click(await within(table).findByText('Kubernetes::Pod'));

    const items = await screen.findByRole('grid', { name: 'Catalog items' });
    await within(items).findByText('web-1');
    expect(url().get('configType')).toBe('Kubernetes::Pod');
    expect(url().has('groupBy')).toBe(false);
    expect(url().has('labels')).toBe(false);

    const query = itemCalls().at(-1)!.query;
    expect(query.get('select')).toBe(
      'id,name,type,config_class,status,health,labels,tags,created_at,updated_at,deleted_at,' +
        'cost_total_1d,cost_total_7d,cost_total_30d,agent_id,agent:agent_id(id,name)',
    );
    expect(query.get('type')).toBe('eq.Kubernetes::Pod');
    expect(query.get('deleted_at')).toBe('is.null');
    expect(query.get('order')).toBe('type.asc.nullslast,name.asc,id.asc');
    expect(query.get('offset')).toBe('0');
    expect(query.get('limit')).toBe('50');
  });

  it('lists items with their health, a deleted one flagged, and opens one on click', async () => {
    const { user, router } = renderList('/catalog?configType=Kubernetes::Pod');
    const items = await screen.findByRole('grid', { name: 'Catalog items' });
    const crashing = (await within(items).findByText('web-1')).closest('tr')!;
    expect(within(crashing).getByText('CrashLoopBackOff').closest('.pf-v6-c-label')).toHaveClass('pf-m-red');
    expect(crashing.querySelector('[data-row-state="unhealthy"]')).not.toBeNull();
    expect(crashing).toHaveTextContent('cluster: prod');
    // Changes and insights counted for the page's items only.
    expect(await within(crashing).findByText('2k+')).toBeInTheDocument();
    expect(crashing).toHaveTextContent('security 2');
    expect(crashing).not.toHaveTextContent('cost 0');
    const counts = page.sent.find((r) => r.path === 'api/db/config_detail')!.query;
    expect(counts.get('select')).toBe('id,changes,analysis');
    expect(counts.get('id')).toBe(`in.(${POD},${DELETED_POD})`);
    const deleted = within(items).getByText('web-0').closest('tr')!;
    expect(deleted).toHaveTextContent(/Deleted\s*2 hours ago/);

    await user.click(crashing);
    await screen.findByText('config page');
    expect(router.state.location.pathname).toBe(`/catalog/${POD}`);
  });

  it('searches name, type, description and namespace, with the health, label and tag filters', async () => {
    const { user, url } = renderList('/catalog?health=unknown&labels=app__:__web&tags=cluster__:__prod');
    await user.type(await screen.findByRole('textbox', { name: 'Search catalog' }), 'we(b');
    await screen.findByRole('grid', { name: 'Catalog items' });
    await waitFor(() => expect(url().get('search')).toBe('we(b'));
    await waitFor(() => expect(itemCalls().length).toBeGreaterThan(0));
    const query = itemCalls().at(-1)!.query;
    expect(query.getAll('or')).toEqual([
      '(name.ilike."*we(b*",type.ilike."*we(b*",description.ilike."*we(b*",namespace.ilike."*we(b*")',
      '(labels->>app.eq."web",tags->>app.eq."web")',
      '(health.in.("unknown"),health.is.null)',
    ]);
    expect(query.get('tags->>cluster')).toBe('eq.prod');
  });

  it('orders by health as healthy, unhealthy, warning, unknown, reading only the buckets of the page', async () => {
    page.api.reply('HEAD api/db/configs', { status: 200, headers: { 'Content-Range': '*/30' } });
    page.api.reply('GET api/db/configs', { status: 200, body: [] });
    renderList('/catalog?configType=Kubernetes::Pod&sortBy=health&sortOrder=asc&pageSize=50');
    await screen.findByRole('grid', { name: 'Catalog items' });
    await waitFor(() => expect(itemCalls()).toHaveLength(2));
    const counts = page.sent.filter((r) => r.method === 'HEAD' && r.path === 'api/db/configs');
    expect(counts.map((r) => r.query.get('health') ?? r.query.get('or'))).toEqual([
      'eq.healthy',
      'eq.unhealthy',
      'eq.warning',
      '(health.eq.unknown,health.is.null)',
    ]);
    // 30 healthy fill rows 0-29, unhealthy 30-49: the first two buckets only.
    const [healthy, unhealthy] = itemCalls().map((r) => r.query);
    expect(healthy!.get('health')).toBe('eq.healthy');
    expect([healthy!.get('offset'), healthy!.get('limit')]).toEqual(['0', '30']);
    expect(unhealthy!.get('health')).toBe('eq.unhealthy');
    expect([unhealthy!.get('offset'), unhealthy!.get('limit')]).toEqual(['0', '20']);
  });

  it('shows deleted items once "Hide Deleted Catalog" is turned off, and remembers it', async () => {
    const { user } = renderList('/catalog?configType=Kubernetes::Pod');
    await screen.findByRole('grid', { name: 'Catalog items' });
    await waitFor(() => expect(itemCalls().at(-1)!.query.get('deleted_at')).toBe('is.null'));
    await user.click(screen.getByRole('button', { name: 'Preferences' }));
    const hide = await screen.findByRole('switch', { name: 'Hide Deleted Catalog' });
    expect(hide).toBeChecked();
    await user.click(hide);
    await waitFor(() => expect(itemCalls().at(-1)!.query.has('deleted_at')).toBe(false));
    expect(localStorage.getItem(HIDE_DELETED_STORAGE_KEY)).toBe('no');
  });

  it('says so when nothing matches, and shows the server message when the list fails', async () => {
    page.api.reply('GET api/db/configs', { status: 200, body: [], headers: { 'Content-Range': '*/0' } });
    renderList('/catalog?search=nothing');
    expect(await screen.findByText('No resources found')).toBeInTheDocument();
  });

  it('shows the error of a failed summary', async () => {
    page.api.reply('POST api/catalog/summary', {
      status: 422,
      body: { message: 'groupBy takes at most 6 names' },
    });
    renderList();
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('groupBy takes at most 6 names')).toBeInTheDocument();
  });
});
