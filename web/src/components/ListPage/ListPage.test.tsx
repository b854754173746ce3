import { jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApiPerTest, renderInShell, whoamiAs } from '../../shell/test-support.js';
import type { DataTableColumn } from '../DataTable/index.js';
import { ListPage, type CreateAction, type ListQuery, type RowAction } from './ListPage.js';

interface Disk {
  id: string;
  name: string;
}

const COLUMNS: DataTableColumn<Disk>[] = [{ id: 'name', header: 'Name', cell: (disk) => disk.name }];
const loaded = (data: Disk[]): ListQuery<Disk> => ({ data, isLoading: false, mutate: async () => {} });

const page = fakeApiPerTest();

function renderList(props: {
  query?: ListQuery<Disk>;
  create?: CreateAction;
  rowActions?: RowAction<Disk>[];
}) {
  renderInShell(
    [
      {
        path: 'disks',
        element: (
          <ListPage
            title="Disks"
            ariaLabel="Disks"
            columns={COLUMNS}
            rowKey={(disk) => disk.id}
            query={props.query ?? loaded([{ id: 'd1', name: 'root' }])}
            create={props.create}
            rowActions={props.rowActions}
          />
        ),
      },
    ],
    '/disks',
  );
  return userEvent.setup();
}

/** The top bar names the signed-in user once whoami has answered. */
const whoamiAnswered = () => screen.findByRole('button', { name: 'Jane Doe' });

describe('ListPage', () => {
  it('shows the create button to those who may write the resource it names', async () => {
    const onClick = jest.fn();
    const user = renderList({ create: { label: 'Add Disk', onClick, allowed: 'canaries' } });
    await user.click(await screen.findByRole('button', { name: 'Add Disk' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('hides the create button from those who may not', async () => {
    page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs('viewer') });
    renderList({ create: { label: 'Add Disk', onClick: () => {}, allowed: 'canaries' } });
    await whoamiAnswered();
    expect(screen.queryByRole('button', { name: 'Add Disk' })).not.toBeInTheDocument();
  });

  it("takes a permission check's result as it is", async () => {
    renderList({ create: { label: 'Add Disk', onClick: () => {}, allowed: false } });
    await whoamiAnswered();
    expect(screen.queryByRole('button', { name: 'Add Disk' })).not.toBeInTheDocument();
  });

  it('puts the row actions in an Actions column, named after their row', async () => {
    const onClick = jest.fn<(disk: Disk) => void>();
    const user = renderList({
      rowActions: [{ label: 'Delete', ariaLabel: (disk) => `Delete ${disk.name}`, isDanger: true, onClick }],
    });
    const table = await screen.findByRole('grid', { name: 'Disks' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Actions']);
    await user.click(within(table).getByRole('button', { name: 'Delete root' }));
    expect(onClick).toHaveBeenCalledWith({ id: 'd1', name: 'root' });
  });

  it('shows the load error only while there are no rows to show', async () => {
    renderList({
      query: { error: new Error('disks unavailable'), isLoading: false, mutate: async () => {} },
    });
    expect(await screen.findByText('disks unavailable')).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });
});
