import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInShell, fakeApiPerTest, whoamiAs } from '../../../shell/test-support.js';
import type { FeatureFlag } from './flags-api.js';
import { FeatureFlagsPage } from './FeatureFlagsPage.js';

const flag = (name: string, fields: Partial<FeatureFlag> = {}): FeatureFlag => ({
  name,
  value: 'true',
  description: null,
  source: 'UI',
  created_by: 'u1',
  created_at: '2024-01-01T00:00:00Z',
  updated_at: '2024-01-02T00:00:00Z',
  ...fields,
});
const flags = [
  flag('incidents.disable', { value: 'false', description: 'Switches incidents off' }),
  flag('logs.disable', { source: 'local' }),
];

const page = fakeApiPerTest((api) => api.reply('GET api/db/properties', { status: 200, body: flags }));

const writes = () => page.sent.filter((r) => r.method !== 'GET');

function renderFlags() {
  const user = userEvent.setup();
  renderInShell(
    [{ path: 'settings/feature-flags', element: <FeatureFlagsPage /> }],
    '/settings/feature-flags',
  );
  return user;
}

async function rowOf(name: string) {
  return (await screen.findByText(name)).closest('tr')!;
}

describe('FeatureFlagsPage', () => {
  it('lists the flags by name and marks the local ones', async () => {
    renderFlags();
    const table = await screen.findByRole('grid', { name: 'Feature flags' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Value', 'Description', 'Source', 'Updated At', 'Created At', 'Actions']);
    const incidents = await rowOf('incidents.disable');
    expect(incidents).toHaveTextContent('false');
    expect(incidents).toHaveTextContent('Switches incidents off');
    expect(incidents).toHaveTextContent('UI');
    expect(within(await rowOf('logs.disable')).getByText('local')).toBeInTheDocument();
    expect(page.sent.find((r) => r.path === 'api/db/properties')!.query.get('order')).toBe('name.asc');
  });

  it("shows 'No data available' without flags", async () => {
    page.api.reply('GET api/db/properties', { status: 200, body: [] });
    renderFlags();
    expect(await screen.findByText('No data available')).toBeInTheDocument();
  });

  it("shows the server's message when the list fails", async () => {
    page.api.reply('GET api/db/properties', { status: 500, body: { message: 'properties unavailable' } });
    renderFlags();
    expect(await screen.findByText('properties unavailable')).toBeInTheDocument();
  });

  it('offers no changes without write on feature_flags', async () => {
    page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs('viewer') });
    renderFlags();
    await rowOf('incidents.disable');
    expect(screen.queryByRole('button', { name: 'Add Feature Flag' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect((await rowOf('incidents.disable')).hasAttribute('tabindex')).toBe(false);
  });

  describe('add', () => {
    it("says 'please provide all details' and sends nothing without a name or value", async () => {
      const user = renderFlags();
      await user.click(await screen.findByRole('button', { name: 'Add Feature Flag' }));
      const dialog = screen.getByRole('dialog', { name: 'Add Feature Flag' });
      await user.type(within(dialog).getByLabelText(/Name/), 'playbooks.disable');
      await user.type(within(dialog).getByLabelText(/Value/), '   ');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(within(dialog).getByText('please provide all details')).toBeInTheDocument();
      expect(writes()).toEqual([]);
    });

    it('adds a flag with its creator', async () => {
      page.api.reply('POST api/db/properties', { status: 201 });
      const user = renderFlags();
      await user.click(await screen.findByRole('button', { name: 'Add Feature Flag' }));
      const dialog = screen.getByRole('dialog', { name: 'Add Feature Flag' });
      await user.type(within(dialog).getByLabelText(/Name/), 'playbooks.disable');
      await user.type(within(dialog).getByLabelText(/Value/), 'true');
      await user.type(within(dialog).getByLabelText(/Description/), 'No playbooks here');
      page.api.reply('GET api/db/properties', { status: 200, body: [...flags, flag('playbooks.disable')] });
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      expect(await screen.findByText('Feature flag added successfully')).toBeInTheDocument();
      expect(writes()).toEqual([
        expect.objectContaining({
          method: 'POST',
          path: 'api/db/properties',
          body: {
            name: 'playbooks.disable',
            value: 'true',
            description: 'No playbooks here',
            created_by: 'u1',
          },
        }),
      ]);
      expect(await screen.findByText('playbooks.disable')).toBeInTheDocument();
      expect(screen.queryByRole('dialog', { name: 'Add Feature Flag' })).not.toBeInTheDocument();
    });

    it("keeps the form and shows the server's message when adding fails", async () => {
      page.api.reply('POST api/db/properties', {
        status: 409,
        body: { code: '23505', message: 'duplicate key value violates unique constraint "properties_pkey"' },
      });
      const user = renderFlags();
      await user.click(await screen.findByRole('button', { name: 'Add Feature Flag' }));
      const dialog = screen.getByRole('dialog', { name: 'Add Feature Flag' });
      await user.type(within(dialog).getByLabelText(/Name/), 'incidents.disable');
      await user.type(within(dialog).getByLabelText(/Value/), 'true');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(
        await screen.findByText('duplicate key value violates unique constraint "properties_pkey"'),
      ).toBeInTheDocument();
      expect(within(dialog).getByLabelText(/Name/)).toHaveValue('incidents.disable');
    });
  });

  describe('edit', () => {
    it('opens from the row, keeps the name read-only and updates by name', async () => {
      page.api.reply('PATCH api/db/properties', { status: 204 });
      const user = renderFlags();
      await user.click(await screen.findByText('Switches incidents off'));
      const dialog = screen.getByRole('dialog', { name: 'Edit Feature Flag' });
      expect(within(dialog).getByLabelText(/Name/)).toHaveAttribute('readonly');
      expect(within(dialog).getByLabelText(/Value/)).toHaveValue('false');
      await user.clear(within(dialog).getByLabelText(/Value/));
      await user.type(within(dialog).getByLabelText(/Value/), 'true');
      await user.click(within(dialog).getByRole('button', { name: 'Update' }));

      expect(await screen.findByText('Feature flag updated successfully')).toBeInTheDocument();
      const [update] = writes();
      expect(update).toMatchObject({
        method: 'PATCH',
        path: 'api/db/properties',
        body: { value: 'true', description: 'Switches incidents off' },
      });
      expect(update!.query.get('name')).toBe('eq.incidents.disable');
    });

    it('opens with the Edit button and the keyboard', async () => {
      const user = renderFlags();
      await user.click(within(await rowOf('incidents.disable')).getByRole('button', { name: /Edit/ }));
      expect(screen.getByRole('dialog', { name: 'Edit Feature Flag' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      (await rowOf('incidents.disable')).focus();
      await user.keyboard('{Enter}');
      expect(screen.getByRole('dialog', { name: 'Edit Feature Flag' })).toBeInTheDocument();
    });

    it('refuses to edit or delete a local flag without asking the server', async () => {
      const user = renderFlags();
      await user.click(await screen.findByText('logs.disable'));
      expect(await screen.findByText('Cannot edit local feature flags')).toBeInTheDocument();
      await user.click(within(await rowOf('logs.disable')).getByRole('button', { name: /Delete/ }));
      await waitFor(() => expect(screen.getAllByText('Cannot edit local feature flags')).toHaveLength(2));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(writes()).toEqual([]);
    });
  });

  describe('delete', () => {
    it('confirms, deletes by name and says so', async () => {
      page.api.reply('DELETE api/db/properties', { status: 204 });
      const user = renderFlags();
      await user.click(within(await rowOf('incidents.disable')).getByRole('button', { name: /Delete/ }));
      const dialog = screen.getByRole('dialog', { name: 'Delete Feature Flag' });
      expect(writes()).toEqual([]);
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('Feature flag removed successfully')).toBeInTheDocument();
      const [removal] = writes();
      expect(removal).toMatchObject({ method: 'DELETE', path: 'api/db/properties' });
      expect(removal!.query.get('name')).toBe('eq.incidents.disable');
    });

    it("shows the server's message when deleting fails", async () => {
      page.api.reply('DELETE api/db/properties', {
        status: 403,
        body: { message: 'Cannot edit local feature flags' },
      });
      const user = renderFlags();
      await user.click(within(await rowOf('incidents.disable')).getByRole('button', { name: /Delete/ }));
      await user.click(
        within(screen.getByRole('dialog', { name: 'Delete Feature Flag' })).getByRole('button', {
          name: 'Delete',
        }),
      );
      expect(await screen.findByText('Cannot edit local feature flags')).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Delete Feature Flag' })).toBeInTheDocument();
    });
  });
});
