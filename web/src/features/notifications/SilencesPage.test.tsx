import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApiPerTest, renderInShell, whoamiAs } from '../../shell/test-support.js';
import { SilencesPage } from './SilencesPage.js';
import { silenceRow } from './test-support.js';

const page = fakeApiPerTest((api) => {
  api.reply('GET api/db/notification_silences', { status: 200, body: [silenceRow()] });
  api.reply('GET api/db/configs', {
    status: 200,
    body: [{ id: 'cfg1', name: 'orders-db', type: 'AWS::RDS::DBInstance' }],
  });
});

function renderSilences(role: Parameters<typeof whoamiAs>[0] = 'admin') {
  page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs(role) });
  const user = userEvent.setup();
  const result = renderInShell(
    [
      { path: 'notifications/silences', element: <SilencesPage /> },
      { path: 'notifications/silences/add', element: <p>silence form</p> },
    ],
    '/notifications/silences',
  );
  return { ...result, user };
}

const patches = () =>
  page.sent.filter((r) => r.method === 'PATCH' && r.path === 'api/db/notification_silences');

describe('SilencesPage', () => {
  it('lists the silences in force with their resource, duration, source, reason and author', async () => {
    renderSilences();
    const table = await screen.findByRole('grid', { name: 'Notification silences' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Resource', 'Duration', 'Source', 'Reason', 'Created By', 'Actions']);
    const row = (await within(table).findByText('Planned maintenance')).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'api-health' })).toHaveAttribute(
      'href',
      '/health?checkId=c1',
    );
    expect(row).toHaveTextContent('UI');
    expect(row).toHaveTextContent('Jane Doe');
    expect(row).toHaveTextContent('–');
    const list = page.sent.find((r) => r.path === 'api/db/notification_silences')!;
    expect(list.query.get('deleted_at')).toBe('is.null');
  });

  it("deletes a silence after 'Are you sure you want to delete this notification silence?', by setting deleted_at", async () => {
    page.api.reply('PATCH api/db/notification_silences', { status: 204 });
    const { user } = renderSilences();
    await user.click(await screen.findByRole('button', { name: 'Delete the silence of api-health' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Silence' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this notification silence?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]!.query.get('id')).toBe('eq.s1');
    expect(Object.keys(patches()[0]!.body as object)).toEqual(['deleted_at']);
    expect(Date.parse((patches()[0]!.body as { deleted_at: string }).deleted_at)).toBeGreaterThan(
      Date.now() - 60_000,
    );
  });

  it('offers Delete only to those who may also write identities, and adding to those who may write notifications', async () => {
    const { unmount } = renderSilences('editor');
    await screen.findByText('Planned maintenance');
    expect(screen.getByRole('button', { name: 'Add Silence' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    unmount();
    renderSilences('viewer');
    await screen.findByText('Planned maintenance');
    expect(screen.queryByRole('button', { name: 'Add Silence' })).not.toBeInTheDocument();
  });

  it('opens the Silence Notification form from the add button', async () => {
    const { user, router } = renderSilences();
    await user.click(await screen.findByRole('button', { name: 'Add Silence' }));
    expect(await screen.findByText('silence form')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notifications/silences/add');
  });

  it('edits a silence from its row, sending it whole; another resource kind clears the ids of the first', async () => {
    page.api.reply('PATCH api/db/notification_silences', { status: 204 });
    const { user } = renderSilences();
    await user.click(await screen.findByText('Planned maintenance'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Silence' });
    expect(within(dialog).getByRole('combobox', { name: 'Resource Type' })).toHaveValue('check');
    expect(within(dialog).getByRole('combobox', { name: 'Resource' })).toHaveValue('api-health');

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Resource Type' }), 'Catalog');
    expect(within(dialog).getByRole('combobox', { name: 'Resource' })).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // A resource is required.
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    expect(patches()).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox', { name: 'Resource' }));
    await user.click(await screen.findByRole('option', { name: /orders-db/ }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Reason' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Database upgrade');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(patches()).toHaveLength(1));
    const sent = patches()[0]!;
    expect(sent.query.get('id')).toBe('eq.s1');
    expect(sent.body).toEqual({
      id: 's1',
      updated_at: expect.any(String),
      source: 'UI',
      canary_id: null,
      check_id: null,
      component_id: null,
      config_id: 'cfg1',
      from: expect.any(String),
      until: expect.any(String),
      description: 'Database upgrade',
      recursive: false,
      namespace: null,
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Edit Silence' })).not.toBeInTheDocument(),
    );
  });
});
