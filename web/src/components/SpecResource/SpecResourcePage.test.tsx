import { jest } from '@jest/globals';
import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApiPerTest, renderInShell } from '../../shell/test-support.js';
import { SpecResourcePage, type SpecResourceQuery, type SpecResourceTab } from './SpecResourcePage.js';

interface Disk {
  id: string;
  name: string;
  updated_at: string | null;
  deleted_at: string | null;
}

const disk: Disk = { id: 'd1', name: 'scratch', updated_at: '2026-01-01T00:00:00Z', deleted_at: null };
const loaded = (data: Disk | null): SpecResourceQuery<Disk> => ({
  data,
  isLoading: false,
  mutate: async () => {},
});

const TABS: SpecResourceTab<Disk>[] = [
  { key: 'usage', title: 'Usage', content: (row) => <p>{row.name} is 40% full</p> },
  { key: 'owners', title: 'Owners', content: () => <p>No owners</p>, flush: true },
];

/** An editor with a draft of its own: what a user typed stays until the page starts it again. */
function DraftEditor({ row, onSave }: { row: Disk; onSave: (name: string) => void }) {
  const [draft, setDraft] = useState(row.name);
  return (
    <>
      <input aria-label="Draft" value={draft} onChange={(event) => setDraft(event.target.value)} />
      <button type="button" onClick={() => onSave(draft)}>
        Save
      </button>
    </>
  );
}

/** The page over a row that a save changes, as the row's query would bring it back. */
function DiskPage({ query }: { query: SpecResourceQuery<Disk> }) {
  const [saved, setSaved] = useState<Disk>();
  const shown = saved ? loaded(saved) : query;
  return (
    <SpecResourcePage
      query={shown}
      title={shown.data ? `Disks › ${shown.data.name}` : 'Disks'}
      actions={<button type="button">Resize</button>}
      label="Disk"
      spec={(row) => (
        <DraftEditor
          row={row}
          onSave={(name) => setSaved({ ...row, name: `${name}!`, updated_at: '2026-01-02T00:00:00Z' })}
        />
      )}
      tabs={TABS}
    >
      <p>a dialog of the page</p>
    </SpecResourcePage>
  );
}

fakeApiPerTest();

function renderDisk(query: SpecResourceQuery<Disk>, search = '') {
  const user = userEvent.setup({ delay: null });
  const result = renderInShell(
    [{ path: 'disks/:id', element: <DiskPage query={query} /> }],
    `/disks/d1${search}`,
  );
  return { ...result, user };
}

describe('SpecResourcePage', () => {
  it('shows the Spec tab first, then the given tabs, with the header and the dialogs', async () => {
    renderDisk(loaded(disk));
    expect(await screen.findByLabelText('Disk')).toContainElement(screen.getByRole('tablist'));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Spec', 'Usage', 'Owners']);
    expect(screen.getByRole('tab', { name: 'Spec' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('textbox', { name: 'Draft' })).toHaveValue('scratch');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Disks › scratch');
    expect(screen.getByRole('button', { name: 'Resize' })).toBeInTheDocument();
    expect(screen.getByText('a dialog of the page')).toBeInTheDocument();
  });

  it('keeps the tab in the URL and opens the tab the URL names', async () => {
    const { user, router } = renderDisk(loaded(disk), '?tab=owners');
    expect(await screen.findByText('No owners')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Usage' }));
    expect(await screen.findByText('scratch is 40% full')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=usage');
  });

  it('refreshes the row from the header', async () => {
    const mutate = jest.fn(async () => {});
    const { user } = renderDisk({ ...loaded(disk), mutate });
    await user.click(await screen.findByRole('button', { name: 'Refresh' }));
    expect(mutate).toHaveBeenCalledTimes(1);
  });

  it('starts the editor again when the saved row comes back changed', async () => {
    const { user } = renderDisk(loaded(disk));
    const draft = await screen.findByRole('textbox', { name: 'Draft' });
    await user.type(draft, '-2');
    expect(draft).toHaveValue('scratch-2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Draft' })).toHaveValue('scratch-2!'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Disks › scratch-2!');
  });

  it("says 'No resources found' for a missing or a deleted row", async () => {
    const { unmount } = renderDisk(loaded(null));
    expect(await screen.findByText('No resources found')).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    unmount();

    renderDisk(loaded({ ...disk, deleted_at: '2026-01-02T00:00:00Z' }));
    expect(await screen.findByText('No resources found')).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('shows a spinner while loading', async () => {
    renderDisk({ isLoading: true, mutate: async () => {} });
    expect(await screen.findByText('a dialog of the page')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it("shows the server's message when the row cannot be loaded", async () => {
    renderDisk({ error: new Error('disks unavailable'), isLoading: false, mutate: async () => {} });
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('disks unavailable')).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });
});
