import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApiPerTest, renderInShell, whoamiAs } from '../../../shell/test-support.js';
import { TeamPage } from './TeamPage.js';

const team = {
  id: 't1',
  name: 'Platform',
  icon: 'https://icons.example.com/platform.svg',
  spec: { responder_clients: { jira: { defaults: { project: 'OPS' } } } },
  created_at: '2024-01-01T00:00:00Z',
  deleted_at: null,
};
const ada = { id: 'p1', name: 'Ada Lovelace', email: 'ada@example.com' };
const grace = { id: 'p2', name: 'Grace Hopper', email: 'grace@example.com' };
const alan = { id: 'p3', name: 'Alan Turing', email: 'alan@example.com' };
const member = (person: typeof ada) => ({
  team_id: 't1',
  person_id: person,
  created_at: '2024-01-02T00:00:00Z',
});

const page = fakeApiPerTest((api) => {
  api.reply('GET api/db/teams', { status: 200, body: [team] });
  api.reply('GET api/db/team_members', { status: 200, body: [member(grace)] });
  api.reply('GET api/db/people', { status: 200, body: [ada, alan, grace] });
});

const writes = () => page.sent.filter((r) => r.method !== 'GET');

function renderTeam(tab?: 'members') {
  const user = userEvent.setup();
  const path = `/settings/teams/t1${tab ? `?tab=${tab}` : ''}`;
  const result = renderInShell([{ path: 'settings/teams/:id', element: <TeamPage /> }], path);
  return { ...result, user };
}

describe('TeamPage', () => {
  it("shows the team's name and icon in the header and its spec as YAML", async () => {
    renderTeam();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Platform' });
    expect(within(heading).getByRole('presentation')).toHaveAttribute('src', team.icon);
    expect(screen.getByRole('tab', { name: 'Spec' })).toHaveAttribute('aria-selected', 'true');
    const spec = screen.getByRole('region', { name: 'Team spec' });
    expect(spec).toHaveTextContent('responder_clients:');
    expect(spec).toHaveTextContent('project: OPS');
    const query = page.sent.find((r) => r.path === 'api/db/teams')!.query;
    expect(query.get('id')).toBe('eq.t1');
  });

  it('titles the browser tab after a team without a picture', async () => {
    page.api.reply('GET api/db/teams', { status: 200, body: [{ ...team, icon: 'users' }] });
    renderTeam();
    expect(await screen.findByRole('heading', { level: 1, name: 'Platform' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Platform · Ops Console'));
  });

  it("says 'No resources found' for an unknown team", async () => {
    page.api.reply('GET api/db/teams', { status: 200, body: [] });
    renderTeam();
    expect(await screen.findByText('No resources found')).toBeInTheDocument();
  });

  it('switches to Members and keeps the tab in the URL', async () => {
    const { user, router } = renderTeam();
    await user.click(await screen.findByRole('tab', { name: 'Members' }));
    expect(await screen.findByText('Grace Hopper')).toBeInTheDocument();
    expect(screen.getByText('grace@example.com')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=members');
    const query = page.sent.find((r) => r.path === 'api/db/team_members')!.query;
    expect(query.get('team_id')).toBe('eq.t1');
    expect(query.get('select')).toBe('*,person_id(*)');
  });

  describe('Members', () => {
    it('shows the empty state without members', async () => {
      page.api.reply('GET api/db/team_members', { status: 200, body: [] });
      renderTeam('members');
      expect(
        await screen.findByText("You haven't added any team members to the team yet."),
      ).toBeInTheDocument();
    });

    it("shows the server's message when the members cannot be loaded", async () => {
      page.api.reply('GET api/db/team_members', { status: 500, body: { message: 'members unavailable' } });
      renderTeam('members');
      await waitFor(() =>
        expect(screen.getAllByText('members unavailable').length).toBeGreaterThanOrEqual(2),
      );
    });

    it('removes a member after confirming', async () => {
      page.api.reply('DELETE api/db/team_members', { status: 204 });
      const { user } = renderTeam('members');
      await user.click(await screen.findByRole('button', { name: 'Actions for Grace Hopper' }));
      await user.click(screen.getByRole('menuitem', { name: 'Remove user' }));
      const dialog = screen.getByRole('dialog', { name: 'Remove user' });
      expect(writes()).toEqual([]);

      page.api.reply('GET api/db/team_members', { status: 200, body: [] });
      await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
      expect(await screen.findByText('Grace Hopper removed from team successfully')).toBeInTheDocument();
      const [removal] = writes();
      expect(removal).toMatchObject({ method: 'DELETE', path: 'api/db/team_members' });
      expect(removal!.query.get('team_id')).toBe('eq.t1');
      expect(removal!.query.get('person_id')).toBe('eq.p2');
      expect(
        await screen.findByText("You haven't added any team members to the team yet."),
      ).toBeInTheDocument();
    });

    it("shows the server's message when removing fails and keeps the member", async () => {
      page.api.reply('DELETE api/db/team_members', {
        status: 403,
        body: { message: 'not allowed to change teams' },
      });
      const { user } = renderTeam('members');
      await user.click(await screen.findByRole('button', { name: 'Actions for Grace Hopper' }));
      await user.click(screen.getByRole('menuitem', { name: 'Remove user' }));
      await user.click(
        within(screen.getByRole('dialog', { name: 'Remove user' })).getByRole('button', { name: 'Remove' }),
      );
      expect(await screen.findByText('not allowed to change teams')).toBeInTheDocument();
      expect(screen.getByText('Grace Hopper')).toBeInTheDocument();
    });

    it('adds the people picked among those not yet in the team', async () => {
      page.api.reply('POST api/db/team_members', { status: 201 });
      const { user } = renderTeam('members');
      await user.click(await screen.findByRole('button', { name: 'Add Members' }));
      const dialog = screen.getByRole('dialog', { name: 'Add Members' });
      const add = within(dialog).getByRole('button', { name: 'Add' });
      expect(add).toBeDisabled();

      const search = await within(dialog).findByRole('combobox', { name: 'Users to add' });
      await user.click(search);
      const options = screen.getAllByRole('option').map((option) => option.textContent);
      expect(options).toEqual(['Ada Lovelaceada@example.com', 'Alan Turingalan@example.com']);

      await user.type(search, 'ada');
      expect(screen.getAllByRole('option')).toHaveLength(1);
      await user.click(screen.getByRole('option', { name: /Ada Lovelace/ }));
      await user.clear(search);
      // The keyboard picks too: down to the second person, Enter.
      await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
      expect(within(dialog).getByText('Ada Lovelace')).toBeInTheDocument();
      expect(within(dialog).getByText('Alan Turing')).toBeInTheDocument();

      page.api.reply('GET api/db/team_members', {
        status: 200,
        body: [member(ada), member(alan), member(grace)],
      });
      await user.click(add);
      expect(await screen.findByText('2 users added to the team successfully')).toBeInTheDocument();
      expect(writes()).toEqual([
        expect.objectContaining({
          method: 'POST',
          path: 'api/db/team_members',
          body: [
            { team_id: 't1', person_id: 'p1' },
            { team_id: 't1', person_id: 'p3' },
          ],
        }),
      ]);
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Add Members' })).not.toBeInTheDocument(),
      );
      expect(await screen.findByText('Alan Turing')).toBeInTheDocument();
    });

    it("keeps the dialog and the picks when adding fails, with the server's message", async () => {
      page.api.reply('POST api/db/team_members', {
        status: 409,
        body: { code: '23505', message: 'duplicate key value violates unique constraint' },
      });
      const { user } = renderTeam('members');
      await user.click(await screen.findByRole('button', { name: 'Add Members' }));
      const dialog = screen.getByRole('dialog', { name: 'Add Members' });
      await user.click(await within(dialog).findByRole('combobox', { name: 'Users to add' }));
      await user.click(screen.getByRole('option', { name: /Alan Turing/ }));
      await user.click(within(dialog).getByRole('button', { name: 'Add' }));
      expect(await screen.findByText('duplicate key value violates unique constraint')).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Add Members' })).toBeInTheDocument();
      expect(within(dialog).getByText('Alan Turing')).toBeInTheDocument();
    });

    it('offers neither add nor remove without write on identities', async () => {
      page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs('editor') });
      renderTeam('members');
      expect(await screen.findByText('Grace Hopper')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Add Members' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
    });
  });
});
