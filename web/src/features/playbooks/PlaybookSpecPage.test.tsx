import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApiPerTest, renderInShell, whoamiAs } from '../../shell/test-support.js';
import { stubTextLayout } from '../../components/YamlEditor/test-support.js';
// Test-only: typing into the spec editor's CodeMirror, as the spec editor's own tests do.
import { clusterStatus, editorNamed, replaceEditorText } from '../spec-editor/cluster/test-support.js';
import { PlaybookSpecPage } from './PlaybookSpecPage.js';
import { playbookRow } from './test-support.js';

const playbook = playbookRow({
  id: 'p1',
  name: 'restart',
  title: 'Restart',
  category: 'Kubernetes',
  spec: {
    title: 'Restart',
    category: 'Kubernetes',
    actions: [{ name: 'restart', exec: { script: 'echo' } }],
  },
});

const VALID = { status: 200, body: { valid: true, errors: [] } };
const page = fakeApiPerTest((api) => {
  api.reply('GET api/db/playbooks', { status: 200, body: [playbook] });
  api.reply('GET api/db/job_histories', { status: 200, body: [] });
  api.reply('POST api/specs/playbooks/validate', VALID);
  api.reply('GET api/kube/status', { status: 200, body: clusterStatus() });
});
beforeAll(stubTextLayout);

const sentTo = (method: string, path: string) =>
  page.sent.filter((request) => request.method === method && request.path === path);

function renderSpecPage() {
  const user = userEvent.setup({ delay: null });
  const result = renderInShell(
    [
      { path: 'playbooks', element: <p>playbook list</p> },
      { path: 'playbooks/:id', element: <PlaybookSpecPage /> },
    ],
    '/playbooks/p1',
  );
  return { user, ...result };
}

describe('the playbook spec page', () => {
  it("shows the spec's title and no labels, and saves the title and category columns from the spec", async () => {
    page.api.reply('PATCH api/db/playbooks', {
      status: 200,
      body: { ...playbook, updated_at: '2024-01-02T00:00:00Z' },
    });
    const { user } = renderSpecPage();
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('Restart');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Playbooks › Restart');
    expect(screen.queryByRole('textbox', { name: 'Labels' })).not.toBeInTheDocument();

    await replaceEditorText('Spec', 'title: Restart now\ncategory: Ops\nactions:\n  - name: restart\n');
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Restart now');
    // The editor asks for the form's rules too: the title the platform may do without.
    await waitFor(() =>
      expect(sentTo('POST', 'api/specs/playbooks/validate').at(-1)?.query.get('form')).toBe('true'),
    );
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Playbook Spec updated successfully')).toBeInTheDocument();
    expect(sentTo('PATCH', 'api/db/playbooks')[0]!.body).toEqual({
      spec: { title: 'Restart now', category: 'Ops', actions: [{ name: 'restart' }] },
      title: 'Restart now',
      category: 'Ops',
      source: 'UI',
    });
  });

  it('says why an update failed in the words of spec 3 §8', async () => {
    page.api.reply('PATCH api/db/playbooks', { status: 500, body: { message: 'the database is read-only' } });
    const { user } = renderSpecPage();
    await replaceEditorText('Spec', 'title: Other\n');
    await user.click(await screen.findByRole('button', { name: 'Update' }));
    expect(
      await screen.findByText('Unable to update playbook spec: the database is read-only'),
    ).toBeInTheDocument();
    expect((await editorNamed('Spec')).state.doc.toString()).toBe('title: Other\n');
  });

  it('requires a title and a spec before Update', async () => {
    renderSpecPage();
    await screen.findByRole('textbox', { name: 'Title' });
    await replaceEditorText('Spec', 'category: Ops\n');
    expect(await screen.findByText("This field is required: set the spec's title.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();

    await replaceEditorText('Spec', '');
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
    expect(sentTo('PATCH', 'api/db/playbooks')).toEqual([]);
  });

  it('says why a delete failed in the words of spec 3 §8', async () => {
    page.api.reply('PATCH api/db/playbooks', { status: 403, body: { message: 'not allowed' } });
    const { user } = renderSpecPage();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Playbook' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Unable to delete playbook spec: not allowed')).toBeInTheDocument();
  });

  it('is read-only without write on playbooks', async () => {
    page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs('viewer') });
    renderSpecPage();
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('Restart');
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});
