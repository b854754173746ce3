import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApiPerTest, renderInShell, whoamiAs } from '../../shell/test-support.js';
import { IncidentListPage } from './IncidentListPage.js';
import { responders, summaryRow } from './test-support.js';

const rows = [
  summaryRow({ responders: responders(7) }),
  summaryRow({ id: 'i2', incident_id: 'INC0000043', title: 'Slow search', severity: 'low', status: 'open' }),
];

const PERSON_1 = { id: 'p1', name: 'Person 1', avatar: null };

const page = fakeApiPerTest((api) => {
  api.reply('GET api/db/incident_summary', {
    status: 200,
    body: rows,
    headers: { 'Content-Range': '0-1/2' },
  });
  api.reply('GET api/incidents/people', {
    status: 200,
    body: [PERSON_1, { id: 'p2', name: 'Person 2', avatar: null }],
  });
  // The owner lookup: nobody opened an incident unless a test says so.
  api.reply('GET api/db/incidents', { status: 200, body: [] });
  api.reply('GET api/db/components', { status: 200, body: [{ id: 'cmp1', name: 'payments-api' }] });
});

function renderList(path = '/incidents', role: Parameters<typeof whoamiAs>[0] = 'responder') {
  page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs(role) });
  const user = userEvent.setup();
  const result = renderInShell(
    [
      { path: 'incidents', element: <IncidentListPage /> },
      { path: 'incidents/:id', element: <p>incident page</p> },
    ],
    path,
  );
  return { ...result, user };
}

const listRequests = () =>
  page.sent.filter((r) => r.method === 'GET' && r.path === 'api/db/incident_summary');
const lastList = () => listRequests().at(-1)!.query;
const peopleSearches = () => page.sent.filter((r) => r.path === 'api/incidents/people');
const search = (router: ReturnType<typeof renderList>['router']) =>
  new URLSearchParams(router.state.location.search);

describe('IncidentListPage', () => {
  it('lists the open incidents, newest first, a page at a time', async () => {
    renderList();
    const table = await screen.findByRole('grid', { name: 'Incidents' });
    expect(await within(table).findByText('Payments down')).toBeInTheDocument();
    expect(within(table).getByText('Slow search')).toBeInTheDocument();
    const query = lastList();
    expect(query.get('status')).toBe('eq.open');
    expect(query.get('order')).toBe('created_at.desc,id.asc');
    expect(query.get('offset')).toBe('0');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('open');
  });

  it('shows the severities in their colours', async () => {
    renderList();
    const table = await screen.findByRole('grid', { name: 'Incidents' });
    expect((await within(table).findByText('High')).closest('[data-severity]')).toHaveClass('pf-m-orange');
    expect(within(table).getByText('Low').closest('[data-severity]')).toHaveClass('pf-m-green');
  });

  it("shows 'There are no incidents matching this criteria' without incidents", async () => {
    page.api.reply('GET api/db/incident_summary', {
      status: 200,
      body: [],
      headers: { 'Content-Range': '*/0' },
    });
    renderList();
    expect(await screen.findByText('There are no incidents matching this criteria')).toBeInTheDocument();
  });

  it('shows up to 5 responder avatars per row and how many more there are', async () => {
    renderList();
    const row = (await screen.findByText('Payments down')).closest('tr')!;
    expect(within(row).getAllByRole('img')).toHaveLength(5);
    expect(within(row).getByRole('img', { name: 'Person 5' })).toBeInTheDocument();
    expect(within(row).queryByRole('img', { name: 'Person 6' })).not.toBeInTheDocument();
    expect(within(row).getByText('+2')).toBeInTheDocument();
  });

  it('opens an incident from its row', async () => {
    const { user, router } = renderList();
    await user.click(await screen.findByText('Slow search'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/incidents/i2'));
  });

  it('keeps the search in the URL and asks for incidents whose title or ID holds it', async () => {
    const { user, router } = renderList('/incidents?pageIndex=2');
    await screen.findByText('Payments down');
    await user.type(screen.getByRole('textbox', { name: 'Search incidents' }), 'pay');
    await waitFor(() => expect(search(router).get('search')).toBe('pay'));
    expect(search(router).get('pageIndex')).toBeNull();
    await waitFor(() => expect(lastList().get('or')).toBe('(title.ilike."*pay*",incident_id.ilike."*pay*")'));
  });

  it('keeps the filters in the URL, applied after a pause', async () => {
    const { user, router } = renderList();
    await screen.findByText('Payments down');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Severity' }), 'critical');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'all');
    await user.click(screen.getByRole('combobox', { name: 'Owner' }));
    await user.click(await screen.findByRole('option', { name: 'Person 1' }));
    expect(screen.getByRole('combobox', { name: 'Severity' })).toHaveValue('critical');
    await waitFor(() => expect(search(router).get('owner')).toBe('p1'));
    expect(search(router).get('severity')).toBe('critical');
    expect(search(router).get('status')).toBe('all');
    // The choices stay as they were picked while the URL takes them.
    expect(screen.getByRole('combobox', { name: 'Severity' })).toHaveValue('critical');
    expect(screen.getByRole('combobox', { name: 'Owner' })).toHaveDisplayValue('Person 1');
    await waitFor(() => expect(lastList().get('created_by')).toBe('eq.p1'));
    expect(lastList().get('severity')).toBe('eq.critical');
    expect(lastList().has('status')).toBe(false);
  });

  it.each(['viewer', 'responder'] as const)(
    'offers a %s the owners the server finds as they type, and keeps the choice in the URL',
    async (role) => {
      const { user, router } = renderList('/incidents', role);
      await screen.findByText('Payments down');
      await user.type(screen.getByRole('combobox', { name: 'Owner' }), 'Pers');
      await waitFor(() => expect(peopleSearches().at(-1)?.query.get('q')).toBe('Pers'));
      // One search for the text as it stands, not one per key.
      expect(peopleSearches().filter((r) => r.query.get('q') !== '').length).toBe(1);
      await user.click(await screen.findByRole('option', { name: 'Person 2' }));
      await waitFor(() => expect(search(router).get('owner')).toBe('p2'));
      expect(screen.getByRole('combobox', { name: 'Owner' })).toHaveDisplayValue('Person 2');
      await waitFor(() => expect(lastList().get('created_by')).toBe('eq.p2'));
      expect(page.sent.some((r) => r.path === 'api/db/people')).toBe(false);
    },
  );

  it("names the owner a link names and goes back to 'All owners'", async () => {
    page.api.reply('GET api/db/incidents', { status: 200, body: [{ owner: PERSON_1 }] });
    const { user, router } = renderList('/incidents?owner=p1', 'viewer');
    const owner = await screen.findByRole('combobox', { name: 'Owner' });
    await waitFor(() => expect(owner).toHaveDisplayValue('Person 1'));
    expect(lastList().get('created_by')).toBe('eq.p1');
    const lookup = page.sent.find((r) => r.path === 'api/db/incidents')!.query;
    expect(lookup.get('created_by')).toBe('eq.p1');
    await user.click(owner);
    await user.click(await screen.findByRole('option', { name: 'All owners' }));
    await waitFor(() => expect(search(router).has('owner')).toBe(false));
    expect(owner).toHaveDisplayValue('');
    expect(owner).toHaveAttribute('placeholder', 'All owners');
    expect(page.sent.some((r) => r.path === 'api/db/people')).toBe(false);
  });

  it.each([
    ['/incidents?type=availability&component=cmp1', { type: 'eq.availability' }],
    ['/incidents?severity=high&component=cmp1&type=security', { severity: 'eq.high', type: 'eq.security' }],
  ])('opens from %s with those filters', async (path, expected) => {
    renderList(path);
    await screen.findByText('Payments down');
    const query = lastList();
    expect(query.get('hypotheses.evidences.component_id')).toBe('eq.cmp1');
    expect(query.get('select')).toContain('hypotheses!inner(evidences!inner())');
    for (const [name, value] of Object.entries(expected)) expect(query.get(name)).toBe(value);
    expect(screen.getByRole('combobox', { name: 'Component' })).toHaveValue('cmp1');
  });

  it('hides the plus button from those who may not write incidents', async () => {
    renderList('/incidents', 'viewer');
    await screen.findByText('Payments down');
    expect(screen.queryByRole('button', { name: 'New Incident' })).not.toBeInTheDocument();
  });

  it('opens Create New Incident from the plus button', async () => {
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'New Incident' }));
    expect(await screen.findByRole('dialog', { name: 'Create New Incident' })).toBeInTheDocument();
  });

  it('creates an incident with a topology component as evidence when the URL names one', async () => {
    page.api.reply('POST api/incidents', {
      status: 201,
      body: { id: 'new1', incident_id: 'INC0000050', hypothesis_id: 'h1', evidence_id: 'e1' },
    });
    const { user, router } = renderList('/incidents?topology=cmp1');
    const dialog = await screen.findByRole('dialog', { name: 'Create New Incident' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Payments API down');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/incidents/new1'));
    const post = page.sent.find((r) => r.method === 'POST' && r.path === 'api/incidents')!;
    expect(post.body).toEqual({
      title: 'Payments API down',
      type: 'availability',
      severity: 'low',
      status: 'open',
      evidence: { type: 'topology', component_id: 'cmp1' },
    });
  });
});
