import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApiPerTest, renderInShell, whoamiAs } from '../../../shell/test-support.js';
import { ConfigRelationshipsTab } from './ConfigRelationshipsTab.js';
import type { RelatedConfig } from './relationships-api.js';

const CONFIG_ID = '9d0d4d5e-0000-4000-8000-000000000001';
const POD_ID = '9d0d4d5e-0000-4000-8000-000000000002';
const NODE_ID = '9d0d4d5e-0000-4000-8000-000000000003';

function relatedRow(patch: Partial<RelatedConfig> & Pick<RelatedConfig, 'id' | 'name'>): RelatedConfig {
  return {
    type: 'Kubernetes::Pod',
    health: 'healthy',
    status: 'Running',
    created_at: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    depth: 1,
    direction: 'outgoing',
    relation: 'hard',
    related_ids: [CONFIG_ID],
    ...patch,
  };
}

const page = fakeApiPerTest((api) => {
  api.reply('GET api/db/rpc/related_configs_recursive', {
    status: 200,
    body: [
      relatedRow({ id: POD_ID, name: 'checkout-7f9' }),
      relatedRow({
        id: NODE_ID,
        name: 'node-a',
        type: 'Kubernetes::Node',
        health: 'unhealthy',
        status: 'NotReady',
      }),
    ],
  });
  api.reply('GET api/db/configs', {
    status: 200,
    body: [{ id: CONFIG_ID, name: 'checkout', type: 'Kubernetes::Deployment', health: 'healthy' }],
  });
  api.reply('GET api/db/config_relationships', {
    status: 200,
    body: [{ config_id: CONFIG_ID, related_id: NODE_ID, relation: 'hard' }],
  });
  api.reply('DELETE api/db/config_relationships', { status: 204 });
});

const relatedCalls = () =>
  page.sent.filter((r) => r.method === 'GET' && r.path === 'api/db/rpc/related_configs_recursive');

function renderTab(query = '') {
  const user = userEvent.setup();
  const result = renderInShell(
    [
      { path: 'catalog/:id/relationships', element: <ConfigRelationshipsTab /> },
      { path: 'catalog/:id', element: <p>config page</p> },
    ],
    `/catalog/${CONFIG_ID}/relationships${query}`,
  );
  return { ...result, user };
}

describe('ConfigRelationshipsTab', () => {
  it('lists the outgoing hard relationships by default, each linked to its config', async () => {
    renderTab();
    const table = await screen.findByRole('grid', { name: 'Relationships' });
    expect(await within(table).findByRole('link', { name: 'checkout-7f9' })).toHaveAttribute(
      'href',
      `/catalog/${POD_ID}`,
    );
    expect(within(table).getByText('NotReady')).toBeInTheDocument();
    const sent = relatedCalls().at(-1)!.query;
    expect(sent.get('config_id')).toBe(CONFIG_ID);
    expect(sent.get('type_filter')).toBe('outgoing');
    expect(sent.get('outgoing_relation')).toBe('hard');
    expect(sent.has('incoming_relation')).toBe(false);
    expect(sent.get('max_depth')).toBe('10');
    expect(sent.get('include_deleted_configs')).toBe('false');
  });

  it('keeps Outgoing on and disabled while Incoming is off; Incoming and Soft widen the query', async () => {
    const { user, router } = renderTab();
    await screen.findByRole('grid', { name: 'Relationships' });
    const outgoing = screen.getByRole('switch', { name: 'Outgoing' });
    expect(outgoing).toBeChecked();
    expect(outgoing).toBeDisabled();

    await user.click(screen.getByRole('switch', { name: 'Incoming' }));
    await waitFor(() => expect(relatedCalls().at(-1)!.query.get('type_filter')).toBe('all'));
    expect(screen.getByRole('switch', { name: 'Outgoing' })).toBeEnabled();

    await user.click(screen.getByRole('switch', { name: 'Outgoing' }));
    await waitFor(() => expect(relatedCalls().at(-1)!.query.get('type_filter')).toBe('incoming'));
    expect(relatedCalls().at(-1)!.query.has('outgoing_relation')).toBe(false);

    await user.click(screen.getByRole('switch', { name: 'Soft' }));
    await waitFor(() => expect(relatedCalls().at(-1)!.query.get('incoming_relation')).toBe('both'));
    expect(router.state.location.search).toContain('relation=soft');

    // Unticking Incoming turns Outgoing back on.
    await user.click(screen.getByRole('switch', { name: 'Incoming' }));
    await waitFor(() => expect(relatedCalls().at(-1)!.query.get('type_filter')).toBe('outgoing'));
    expect(screen.getByRole('switch', { name: 'Outgoing' })).toBeChecked();
  });

  it('reads the toggles from the URL', async () => {
    renderTab('?incoming=true&outgoing=false&relation=soft');
    await screen.findByRole('grid', { name: 'Relationships' });
    const sent = relatedCalls().at(-1)!.query;
    expect(sent.get('type_filter')).toBe('incoming');
    expect(sent.get('incoming_relation')).toBe('both');
    expect(screen.getByRole('switch', { name: 'Outgoing' })).not.toBeChecked();
  });

  it('unlinks a manual link after a confirmation', async () => {
    const { user } = renderTab();
    const table = await screen.findByRole('grid', { name: 'Relationships' });
    // Only the manual link offers Unlink.
    const unlink = await within(table).findByRole('button', { name: 'Unlink node-a' });
    expect(within(table).queryByRole('button', { name: 'Unlink checkout-7f9' })).not.toBeInTheDocument();

    await user.click(unlink);
    const dialog = await screen.findByRole('dialog', { name: 'Unlink config' });
    expect(page.sent.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Unlink' }));

    expect(await screen.findByText('Deleted config link successfully')).toBeInTheDocument();
    const deletion = page.sent.find((r) => r.method === 'DELETE')!;
    expect(deletion.path).toBe('api/db/config_relationships');
    expect(deletion.query.get('config_id')).toBe(`eq.${CONFIG_ID}`);
    expect(deletion.query.get('related_id')).toBe(`eq.${NODE_ID}`);
    expect(deletion.query.get('selector_id')).toBe('eq.manual');
  });

  it('offers no Unlink to a person who may not write the catalog', async () => {
    page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs('viewer') });
    renderTab();
    const table = await screen.findByRole('grid', { name: 'Relationships' });
    await within(table).findByRole('link', { name: 'node-a' });
    expect(within(table).queryByRole('button', { name: /Unlink/ })).not.toBeInTheDocument();
  });

  it('says what went wrong when the relationships cannot be loaded', async () => {
    page.api.reply('GET api/db/rpc/related_configs_recursive', {
      status: 500,
      body: { message: 'database is down' },
    });
    renderTab();
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('database is down')).toBeInTheDocument();
  });
});
