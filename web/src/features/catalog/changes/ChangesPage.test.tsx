import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApiPerTest, renderInShell } from '../../../shell/test-support.js';
import type { ChangesRequest } from './changes-api.js';
import { ChangesPage } from './ChangesPage.js';
import { CONFIG_ID, DIFF_CHANGE_ID, PERSON_ID, giveTablesAViewport, replyChanges } from './test-support.js';

const page = fakeApiPerTest((api) => replyChanges(api));
giveTablesAViewport();

function renderChanges(path = '/catalog/changes') {
  const user = userEvent.setup();
  const result = renderInShell(
    [
      { path: 'catalog/changes', element: <ChangesPage /> },
      { path: 'catalog/:id', element: <p>config page</p> },
      { path: 'catalog', element: <p>catalog list</p> },
    ],
    path,
  );
  const url = () => new URLSearchParams(result.router.state.location.search);
  return { ...result, user, url };
}

const changeRequests = () =>
  page.sent
    .filter((r) => r.method === 'POST' && r.path === 'api/catalog/changes')
    .map((r) => r.body as ChangesRequest);
const lastRequest = () => changeRequests().at(-1)!;
const HOUR = 3_600_000;

/** The table once its rows are in (the skeleton shown while loading is another table). */
async function findTable() {
  await screen.findByText('spec.replicas changed');
  return screen.getByRole('grid', { name: 'Config changes' });
}

describe('ChangesPage', () => {
  it('lists every config’s changes of the last 2 days, newest first, 200 a page', async () => {
    renderChanges();
    const table = await findTable();
    const [diff, backOff] = within(table).getAllByRole('row').slice(1);
    expect(diff).toHaveTextContent('diff');
    expect(within(diff!).getByRole('link', { name: 'checkout' })).toHaveAttribute(
      'href',
      `/catalog/${CONFIG_ID}`,
    );
    expect(diff).toHaveTextContent('Kubernetes::Deployment');
    expect(diff).toHaveTextContent('Medium');
    // The person behind the change, looked up by name.
    expect(await within(diff!).findByText('Jane Doe')).toBeInTheDocument();
    expect(backOff).toHaveTextContent('system:serviceaccount:kube-system:kubelet');
    expect(within(backOff!).getByText('612').closest('[data-high-count]')).not.toBeNull();
    expect(within(diff!).getByText('1').closest('[data-high-count]')).toBeNull();

    const heading = screen.getByRole('heading', { level: 1 });
    expect(within(heading).getByRole('link', { name: 'Catalog' })).toHaveAttribute('href', '/catalog');
    expect(heading).toHaveTextContent('Catalog›Changes');
    // 1,234 changes in pages of 200.
    expect(screen.getByText('Page 1 of 7')).toBeInTheDocument();

    const request = lastRequest();
    expect(request).toMatchObject({
      page: 1,
      page_size: 200,
      sort_by: '-created_at',
      recursive: 'none',
      include_deleted_configs: false,
    });
    expect(request.id).toBeUndefined();
    const span = Date.parse(request.to!) - Date.parse(request.from!);
    expect(span).toBeGreaterThan(48 * HOUR - 60_000);
    expect(span).toBeLessThan(48 * HOUR + 60_000);
  });

  it('shows "Something went wrong" when the changes cannot be loaded', async () => {
    page.api.reply('POST api/catalog/changes', { status: 500, body: { message: 'database is down' } });
    renderChanges();
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('database is down')).toBeInTheDocument();
  });

  it('shows the failure of new filters rather than the rows of the previous ones', async () => {
    const { user } = renderChanges();
    await findTable();
    page.api.reply('POST api/catalog/changes', { status: 422, body: { message: 'severity is not valid' } });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Severity' }), 'critical');
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('severity is not valid')).toBeInTheDocument();
    expect(screen.queryByText('spec.replicas changed')).not.toBeInTheDocument();
  });

  it('sends each filter to the server and keeps it in the URL', async () => {
    const { user, url } = renderChanges();
    await findTable();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Severity' }), 'high');
    await waitFor(() => expect(lastRequest().severity).toBe('high'));
    expect(url().get('severity')).toBe('high');

    await user.click(screen.getByRole('switch', { name: 'Show changes of deleted configs' }));
    await waitFor(() => expect(lastRequest().include_deleted_configs).toBe(true));
    expect(url().get('showDeletedConfigs')).toBe('true');

    await user.type(screen.getByRole('textbox', { name: 'Summary' }), 'replicas');
    await waitFor(() => expect(lastRequest().summary).toBe('replicas'));
    expect(url().get('summary')).toBe('replicas');

    await user.click(screen.getByRole('button', { name: 'Change type' }));
    await user.click(await screen.findByRole('button', { name: 'Include diff' }));
    await user.click(screen.getByRole('button', { name: 'Exclude Pulled' }));
    await waitFor(() => expect(lastRequest().type).toBe('diff,!Pulled'));
    expect(url().get('changeType')).toBe('diff,!Pulled');

    await user.type(screen.getByRole('textbox', { name: 'Tag filter (key=value)' }), 'cluster!=dev{Enter}');
    await waitFor(() => expect(lastRequest().tags).toBe('cluster!=dev'));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(url().toString()).toBe(''));
    await waitFor(() => expect(lastRequest()).not.toHaveProperty('severity'));
    expect(lastRequest()).not.toHaveProperty('type');
    expect(lastRequest().include_deleted_configs).toBe(false);
  });

  it('carries the catalog’s configType into the request', async () => {
    renderChanges('/catalog/changes?configType=Kubernetes::Pod');
    await findTable();
    expect(lastRequest().config_type).toBe('Kubernetes::Pod');
  });

  it('sorts on the server by the chosen column', async () => {
    const { user, url } = renderChanges();
    const table = await findTable();
    await user.click(within(table).getByRole('button', { name: 'Count' }));
    await waitFor(() => expect(url().get('sortBy')).toBe('count'));
    await waitFor(() => expect(lastRequest().sort_by).toMatch(/^-?count$/));
  });

  it('opens a change with its diff from a row, at an address that can be shared', async () => {
    const { user, url } = renderChanges();
    const table = await findTable();
    await user.click(within(table).getByText('spec.replicas changed'));
    await waitFor(() => expect(url().get('changeId')).toBe(DIFF_CHANGE_ID));

    const dialog = await screen.findByRole('dialog', { name: 'spec.replicas changed' });
    const diff = await within(dialog).findByRole('region', { name: 'Diff' });
    expect(within(diff).getByText('removed:').closest('tr')).toHaveTextContent('replicas: 2');
    expect(within(diff).getByText('added:').closest('tr')).toHaveTextContent('replicas: 5');
    expect(within(dialog).getByText('Patches')).toBeInTheDocument();
    expect(within(dialog).getByText('Jane Doe')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(url().get('changeId')).toBeNull();
  });

  it('opens the change a link names, and filters the list by one of its tags', async () => {
    const { user, url } = renderChanges(`/catalog/changes?changeId=${DIFF_CHANGE_ID}`);
    const dialog = await screen.findByRole('dialog', { name: 'spec.replicas changed' });
    await user.click(await within(dialog).findByRole('button', { name: 'Filter by tag cluster=prod' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(url().get('tags')).toBe('cluster=prod');
    await waitFor(() => expect(lastRequest().tags).toBe('cluster=prod'));
  });

  it('filters the list by the person who made a change', async () => {
    const { user, url } = renderChanges(
      `/catalog/changes?changeId=${DIFF_CHANGE_ID}&external_created_by=renovate`,
    );
    const dialog = await screen.findByRole('dialog', { name: 'spec.replicas changed' });
    await user.click(await within(dialog).findByRole('button', { name: 'Show the changes of this creator' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(url().get('created_by')).toBe(PERSON_ID);
    expect(url().get('external_created_by')).toBeNull();
    await waitFor(() => expect(lastRequest().created_by).toBe(PERSON_ID));
  });

  it('says so when the linked change does not exist', async () => {
    page.api.reply('GET api/db/config_changes', { status: 200, body: [] });
    renderChanges('/catalog/changes?changeId=cccccccc-0000-4000-8000-000000000009');
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Details not found')).toBeInTheDocument();
  });
});
