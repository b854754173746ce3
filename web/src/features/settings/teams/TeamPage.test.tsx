import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { load } from 'js-yaml';
import { stubTextLayout } from '../../../components/YamlEditor/test-support.js';
import { fakeApiPerTest, renderInShell, whoamiAs } from '../../../shell/test-support.js';
import { editorNamed, replaceEditorText } from '../../spec-editor/cluster/test-support.js';
import { TeamPage } from './TeamPage.js';

const team = {
  id: 't1',
  name: 'Platform',
  icon: 'https://icons.example.com/platform.svg',
  spec: { responder_clients: { jira: { defaults: { project: 'OPS' } } } },
  source: 'UI',
  created_at: '2024-01-01T00:00:00Z',
  updated_at: '2024-01-01T00:00:00Z',
  deleted_at: null,
};
const run = {
  id: 'j1',
  name: 'TeamSync',
  status: 'SUCCESS',
  time_start: '2026-01-02T00:00:00Z',
  duration_millis: 42,
  success_count: 1,
  error_count: 0,
  details: {},
  resource_id: 't1',
  resource_type: 'team',
  created_at: '2026-01-02T00:00:00Z',
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
  api.reply('GET api/db/job_histories', { status: 200, body: [run] });
  api.reply('POST api/specs/teams/validate', { status: 200, body: { valid: true, errors: [] } });
});
beforeAll(stubTextLayout);

const writes = () => page.sent.filter((r) => r.method !== 'GET' && !r.path.startsWith('api/specs/'));
const sentTo = (method: string, path: string) =>
  page.sent.filter((request) => request.method === method && request.path === path);

function renderTeam(tab?: 'members' | 'jobs') {
  const user = userEvent.setup();
  const path = `/settings/teams/t1${tab ? `?tab=${tab}` : ''}`;
  const result = renderInShell(
    [
      { path: 'settings/teams', element: <p>team list</p> },
      { path: 'settings/teams/:id', element: <TeamPage /> },
    ],
    path,
  );
  return { ...result, user };
}

describe('TeamPage', () => {
  it("shows the team's name and icon in the header and its spec as YAML", async () => {
    renderTeam();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Platform' });
    expect(within(heading).getByRole('presentation')).toHaveAttribute('src', team.icon);
    expect(screen.getByRole('tab', { name: 'Spec' })).toHaveAttribute('aria-selected', 'true');
    expect(load((await editorNamed('Team spec')).state.doc.toString())).toEqual(team.spec);
    const query = page.sent.find((r) => r.path === 'api/db/teams')!.query;
    expect(query.get('id')).toBe('eq.t1');
  });

  describe('Spec', () => {
    it('saves responder clients and notification targets checked against the Team schema', async () => {
      page.api.reply('PATCH api/db/teams', {
        status: 200,
        body: { ...team, updated_at: '2024-01-03T00:00:00Z' },
      });
      const { user } = renderTeam();
      await editorNamed('Team spec');
      const spec =
        'responder_clients:\n  jira:\n    values: { project: OPS }\n    linkUrl: https://jira.example/browse/{{.external_id}}\nnotifications:\n  - connection: connection://default/slack\n';
      await replaceEditorText('Team spec', spec);
      await waitFor(() =>
        expect(sentTo('POST', 'api/specs/teams/validate').at(-1)?.body).toEqual({ yaml: spec }),
      );
      await user.click(screen.getByRole('button', { name: 'Update' }));
      expect(await screen.findByText('Platform updated successfully')).toBeInTheDocument();
      const [patch] = sentTo('PATCH', 'api/db/teams');
      expect(patch!.query.get('id')).toBe('eq.t1');
      expect(patch!.body).toEqual({
        spec: {
          responder_clients: {
            jira: { values: { project: 'OPS' }, linkUrl: 'https://jira.example/browse/{{.external_id}}' },
          },
          notifications: [{ connection: 'connection://default/slack' }],
        },
        source: 'UI',
      });
    });

    it('marks the problems the schema finds at their lines and blocks Update', async () => {
      page.api.reply('POST api/specs/teams/validate', {
        status: 200,
        body: {
          valid: false,
          errors: [
            {
              line: 3,
              column: 7,
              path: '/responder_clients/jira/defaults/projekt',
              message: "responder_clients.jira.defaults: must NOT have additional property 'projekt'",
            },
          ],
        },
      });
      renderTeam();
      expect(
        await screen.findByRole('button', {
          name: "Line 3: responder_clients.jira.defaults: must NOT have additional property 'projekt'",
        }),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
    });

    it("shows the server's message when it refuses the spec on save", async () => {
      page.api.reply('PATCH api/db/teams', {
        status: 422,
        body: {
          code: 'PGRST422',
          message: "spec: responder_clients: must NOT have additional property 'pagerduty'",
        },
      });
      const { user } = renderTeam();
      await editorNamed('Team spec');
      await replaceEditorText('Team spec', 'responder_clients:\n  pagerduty: {}\n');
      await user.click(screen.getByRole('button', { name: 'Update' }));
      expect(
        await screen.findByText("spec: responder_clients: must NOT have additional property 'pagerduty'"),
      ).toBeInTheDocument();
    });
  });

  describe('the team itself', () => {
    it('renames the team and changes its icon, with a preview', async () => {
      page.api.reply('PATCH api/db/teams', {
        status: 200,
        body: { ...team, name: 'Core Platform', icon: 'https://icons.example.com/core.svg' },
      });
      const { user } = renderTeam();
      await user.click(await screen.findByRole('button', { name: 'Edit' }));
      const dialog = screen.getByRole('dialog', { name: 'Edit Team' });
      const name = within(dialog).getByRole('textbox', { name: /Name/ });
      expect(name).toHaveValue('Platform');
      await user.clear(name);
      await user.type(name, 'Core Platform');
      const icon = within(dialog).getByRole('textbox', { name: 'Icon' });
      await user.clear(icon);
      await user.type(icon, 'https://icons.example.com/core.svg');
      expect(
        within(within(dialog).getByRole('img', { name: 'Icon preview' })).getByRole('presentation'),
      ).toHaveAttribute('src', 'https://icons.example.com/core.svg');
      await user.click(within(dialog).getByRole('button', { name: 'Update' }));
      expect(await screen.findByText('Core Platform updated successfully')).toBeInTheDocument();
      expect(writes()).toEqual([
        expect.objectContaining({
          method: 'PATCH',
          path: 'api/db/teams',
          body: { name: 'Core Platform', icon: 'https://icons.example.com/core.svg', source: 'UI' },
        }),
      ]);
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Edit Team' })).not.toBeInTheDocument(),
      );
    });

    it("keeps the dialog with the server's message when the name is taken", async () => {
      page.api.reply('PATCH api/db/teams', {
        status: 409,
        body: { code: 'PGRST409', message: 'A team named Databases already exists: choose another name' },
      });
      const { user } = renderTeam();
      await user.click(await screen.findByRole('button', { name: 'Edit' }));
      const dialog = screen.getByRole('dialog', { name: 'Edit Team' });
      const name = within(dialog).getByRole('textbox', { name: /Name/ });
      await user.clear(name);
      expect(within(dialog).getByRole('button', { name: 'Update' })).toBeDisabled();
      await user.type(name, 'Databases');
      await user.click(within(dialog).getByRole('button', { name: 'Update' }));
      expect(
        await screen.findByText('A team named Databases already exists: choose another name'),
      ).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Edit Team' })).toBeInTheDocument();
    });

    it('deletes after confirming, then returns to the list', async () => {
      page.api.reply('PATCH api/db/teams', { status: 204 });
      const { user, router } = renderTeam();
      await user.click(await screen.findByRole('button', { name: 'Delete' }));
      const dialog = screen.getByRole('dialog', { name: 'Delete Team' });
      expect(dialog).toHaveTextContent('Are you sure you want to delete team Platform?');
      expect(writes()).toEqual([]);
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('Platform deleted successfully')).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname).toBe('/settings/teams'));
      const [removal] = writes();
      expect(removal!.query.get('id')).toBe('eq.t1');
      expect(Object.keys(removal!.body as object)).toEqual(['deleted_at']);
    });

    it('is read-only without write on identities', async () => {
      page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs('editor') });
      renderTeam();
      expect(await editorNamed('Team spec')).toBeDefined();
      expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    });

    it('is read-only for a team from GitOps', async () => {
      page.api.reply('GET api/db/teams', { status: 200, body: [{ ...team, source: 'KubernetesCRD' }] });
      renderTeam();
      expect(await editorNamed('Team spec')).toBeDefined();
      expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    });
  });

  it("lists the team's jobs on Job History and keeps the tab in the URL", async () => {
    const { user, router } = renderTeam();
    await user.click(await screen.findByRole('tab', { name: 'Job History' }));
    const table = await screen.findByRole('grid', { name: 'Job history' });
    expect(await within(table).findByText('TeamSync')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=jobs');
    expect(sentTo('GET', 'api/db/job_histories')[0]!.query.get('resource_id')).toBe('eq.t1');
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
      // The list is inside the dialog, so screen readers reach it while the dialog is open.
      const options = within(dialog)
        .getAllByRole('option')
        .map((option) => option.textContent);
      expect(options).toEqual(['Ada Lovelaceada@example.com', 'Alan Turingalan@example.com']);

      await user.type(search, 'ada');
      expect(within(dialog).getAllByRole('option')).toHaveLength(1);
      await user.click(within(dialog).getByRole('option', { name: /Ada Lovelace/ }));
      await user.clear(search);
      // The keyboard picks too: down to the second person, Enter.
      await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
      const picked = within(dialog).getByRole('list', { name: 'Selected people' });
      expect(within(picked).getByText('Ada Lovelace')).toBeInTheDocument();
      expect(within(picked).getByText('Alan Turing')).toBeInTheDocument();

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
