import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApiPerTest, renderInShell, whoamiAs } from '../../shell/test-support.js';
import { stubTextLayout } from '../../components/YamlEditor/test-support.js';
import { PlaybooksPage } from './PlaybooksPage.js';
import { playbookRow } from './test-support.js';

const restart = playbookRow({
  id: 'pb-restart',
  name: 'restart',
  title: 'Restart deployment',
  description: 'Rolls the pods of a deployment',
  category: 'Kubernetes',
});
const scale = playbookRow({ id: 'pb-scale', name: 'scale', title: 'Scale', category: 'Kubernetes' });
const cleanup = playbookRow({ id: 'pb-cleanup', name: 'cleanup', title: null, category: null });
const backup = playbookRow({ id: 'pb-backup', name: 'backup', title: 'Backup', category: 'Databases' });

const page = fakeApiPerTest((api) => {
  api.reply('GET api/db/playbooks', { status: 200, body: [restart, scale, cleanup, backup] });
  api.reply('GET api/kube/status', { status: 200, body: { configured: false, connected: false, kinds: [] } });
});
beforeAll(stubTextLayout);

type Who = ReturnType<typeof whoamiAs>;
function renderPlaybooks(whoami: Who = whoamiAs('editor')) {
  page.api.reply('GET api/auth/whoami', { status: 200, body: whoami });
  const user = userEvent.setup();
  const result = renderInShell(
    [
      { path: 'playbooks', element: <PlaybooksPage /> },
      { path: 'playbooks/runs', element: <p>runs list</p> },
      { path: 'playbooks/:id', element: <p>playbook spec page</p> },
    ],
    '/playbooks',
  );
  return { ...result, user };
}

const card = (title: string) => screen.getByRole('article', { name: title });

describe('PlaybooksPage', () => {
  it("shows the playbooks as cards by category, 'Other' for those without one", async () => {
    renderPlaybooks();
    await screen.findByRole('article', { name: 'Backup' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Databases',
      'Kubernetes',
      'Other',
    ]);
    const kubernetes = screen.getByRole('region', { name: 'Kubernetes' });
    expect(
      within(kubernetes)
        .getAllByRole('article')
        .map((article) => article.textContent),
    ).toEqual([expect.stringContaining('Restart deployment'), expect.stringContaining('Scale')]);
    expect(card('Restart deployment')).toHaveTextContent('Rolls the pods of a deployment');
    // Without a title the card shows the playbook's name.
    expect(
      within(screen.getByRole('region', { name: 'Other' })).getByRole('article', { name: 'cleanup' }),
    ).toBeInTheDocument();
    expect(page.sent.find((r) => r.path === 'api/db/playbooks')!.query.get('deleted_at')).toBe('is.null');
  });

  it('offers Run, Edit and Add to those who write playbooks and may run them', async () => {
    const { user, router } = renderPlaybooks();
    await screen.findByRole('article', { name: 'Backup' });
    expect(within(card('Backup')).getByRole('button', { name: 'Run Backup' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Playbook' })).toBeInTheDocument();
    expect(within(card('Backup')).getByRole('link', { name: 'Edit Backup' })).toHaveAttribute(
      'href',
      '/playbooks/pb-backup',
    );
    await user.click(within(card('Backup')).getByRole('link', { name: 'Edit Backup' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/playbooks/pb-backup'));
  });

  it('opens the run dialog on a playbook', async () => {
    const { user } = renderPlaybooks();
    await user.click(
      await within(await screen.findByRole('article', { name: 'Backup' })).findByRole('button', {
        name: 'Run Backup',
      }),
    );
    expect(await screen.findByRole('dialog', { name: /Backup/ })).toBeInTheDocument();
  });

  it("opens 'Add Playbook' with the spec form", async () => {
    const { user } = renderPlaybooks();
    await user.click(await screen.findByRole('button', { name: 'Add Playbook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Playbook' });
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it.each([
    ['a viewer', whoamiAs('viewer'), { run: false, edit: false }],
    [
      'one who may run but not write playbooks',
      whoamiAs('viewer', { writable: ['playbook_runs'] }),
      { run: false, edit: false },
    ],
    [
      'one who writes playbooks but may not run them',
      whoamiAs('viewer', { writable: ['playbooks'] }),
      { run: false, edit: true },
    ],
  ])('offers %s only what they may do', async (_who, whoami, may) => {
    renderPlaybooks(whoami);
    await screen.findByRole('article', { name: 'Backup' });
    expect(within(card('Backup')).queryByRole('button', { name: 'Run Backup' }) !== null).toBe(may.run);
    expect(within(card('Backup')).queryByRole('link', { name: 'Edit Backup' }) !== null).toBe(may.edit);
    expect(screen.queryByRole('button', { name: 'Add Playbook' }) !== null).toBe(may.edit);
  });

  it('links to the runs list', async () => {
    const { user, router } = renderPlaybooks(whoamiAs('viewer'));
    await user.click(await screen.findByRole('link', { name: 'Runs' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/playbooks/runs'));
  });

  it('says when there are no playbooks, and shows the error when they cannot be read', async () => {
    page.api.reply('GET api/db/playbooks', { status: 200, body: [] });
    const first = renderPlaybooks();
    expect(await screen.findByText('No playbooks found')).toBeInTheDocument();
    first.unmount();

    page.api.reply('GET api/db/playbooks', { status: 500, body: { message: 'database unavailable' } });
    renderPlaybooks();
    expect(await screen.findByText('database unavailable')).toBeInTheDocument();
  });
});
