import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInShell, fakeApiPerTest, whoamiAs } from '../../../shell/test-support.js';
import { TeamsPage } from './TeamsPage.js';

const teams = [
  { id: 't1', name: 'Platform', icon: null, spec: {}, created_at: '2024-01-01T00:00:00Z', deleted_at: null },
  { id: 't2', name: 'Databases', icon: null, spec: {}, created_at: '2024-02-01T00:00:00Z', deleted_at: null },
];

const page = fakeApiPerTest((api) => api.reply('GET api/db/teams', { status: 200, body: teams }));

/** Mounted under `parent`: the row link must lead below wherever the list is. */
function renderTeams(parent = 'settings/teams') {
  return renderInShell(
    [
      { path: parent, element: <TeamsPage /> },
      { path: `${parent}/:id`, element: <p>team page</p> },
    ],
    `/${parent}`,
  );
}

describe('TeamsPage', () => {
  it('asks for the teams not deleted, by name, and shows Name and Created At', async () => {
    renderTeams();
    const table = await screen.findByRole('grid', { name: 'Teams' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Created At']);
    expect(await within(table).findByText('Platform')).toBeInTheDocument();
    expect(within(table).getByText('Databases')).toBeInTheDocument();
    const query = page.sent.find((r) => r.path === 'api/db/teams')!.query;
    expect(query.get('deleted_at')).toBe('is.null');
    expect(query.get('order')).toBe('name.asc');
  });

  it('opens a team from its row, relative to the list', async () => {
    const user = userEvent.setup();
    const { router } = renderTeams('console/settings/teams');
    await user.click(await screen.findByText('Databases'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/settings/teams/t2'));
    expect(await screen.findByText('team page')).toBeInTheDocument();
  });

  it('opens a team with the keyboard', async () => {
    const user = userEvent.setup();
    const { router } = renderTeams();
    (await screen.findByText('Platform')).closest('tr')!.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/teams/t1'));
  });

  it("shows 'No data available' without teams", async () => {
    page.api.reply('GET api/db/teams', { status: 200, body: [] });
    renderTeams();
    expect(await screen.findByText('No data available')).toBeInTheDocument();
  });

  it("shows the server's message when the list fails", async () => {
    page.api.reply('GET api/db/teams', { status: 500, body: { code: 'XX000', message: 'database is down' } });
    renderTeams();
    expect(await screen.findByText('database is down')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
  });

  describe('Add Team', () => {
    const added = {
      id: 't3',
      name: 'Payments',
      icon: null,
      spec: {},
      source: 'UI',
      created_at: '2024-03-01T00:00:00Z',
      deleted_at: null,
    };

    it('creates a team with source UI and its creator, then opens it', async () => {
      page.api.reply('POST api/db/teams', { status: 201, body: added });
      const user = userEvent.setup();
      const { router } = renderTeams();
      await user.click(await screen.findByRole('button', { name: 'Add Team' }));
      const dialog = screen.getByRole('dialog', { name: 'Add Team' });
      const save = within(dialog).getByRole('button', { name: 'Save' });
      expect(save).toBeDisabled();
      await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Payments');
      expect(within(dialog).getByRole('img', { name: 'Icon preview' })).toHaveTextContent('no picture');
      await user.click(save);
      expect(await screen.findByText('Payments created successfully')).toBeInTheDocument();
      const [post] = page.sent.filter((r) => r.method === 'POST');
      expect(post).toMatchObject({
        path: 'api/db/teams',
        body: { name: 'Payments', icon: null, source: 'UI', created_by: expect.any(String) },
      });
      await waitFor(() => expect(router.state.location.pathname).toBe('/settings/teams/t3'));
    });

    it("keeps the dialog with the server's message when the name is taken", async () => {
      page.api.reply('POST api/db/teams', {
        status: 409,
        body: { code: 'PGRST409', message: 'A team named Platform already exists: choose another name' },
      });
      const user = userEvent.setup();
      renderTeams();
      await user.click(await screen.findByRole('button', { name: 'Add Team' }));
      const dialog = screen.getByRole('dialog', { name: 'Add Team' });
      await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Platform');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(
        await screen.findByText('A team named Platform already exists: choose another name'),
      ).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Add Team' })).toBeInTheDocument();
    });

    it('is not offered without write on identities', async () => {
      page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs('editor') });
      renderTeams();
      expect(await screen.findByText('Platform')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Add Team' })).not.toBeInTheDocument();
    });
  });
});
