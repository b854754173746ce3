import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApiPerTest } from '../../../shell/test-support.js';
import {
  COMPONENT_ID,
  CONFIG_ID,
  holdRequests,
  renderCardMenu,
  replyEmptyLists,
} from '../panel/test-support.js';

const LINKS_PATH = 'api/db/config_component_relationships';

const page = fakeApiPerTest((api) => {
  replyEmptyLists(api);
  api.reply('GET api/db/config_names', {
    status: 200,
    body: [{ id: CONFIG_ID, name: 'orders-db', type: 'AWS::RDS::DBInstance', config_class: 'Database' }],
  });
  api.reply(`POST ${LINKS_PATH}`, { status: 201 });
});

const searches = () => page.sent.filter((r) => r.path === 'api/db/config_names');

async function openLinkDialog() {
  const user = userEvent.setup();
  renderCardMenu();
  await user.click(await screen.findByRole('button', { name: 'Actions of orders-api' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Link to catalog' }));
  const dialog = await screen.findByRole('dialog', { name: 'Link orders-api to a catalog item' });
  return { user, dialog };
}

/** Types a search and picks the item it finds. */
async function chooseOrdersDb(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.type(within(dialog).getByRole('combobox', { name: 'Catalog item' }), 'orders');
  await waitFor(() => expect(searches().at(-1)?.query.get('name')).toBe('ilike.*orders*'));
  await user.click(await screen.findByRole('option', { name: /orders-db/ }));
}

describe('LinkToCatalogModal', () => {
  it('keeps Link disabled until an item is chosen, searching at most 50 live items', async () => {
    const { user, dialog } = await openLinkDialog();
    expect(within(dialog).getByRole('button', { name: 'Link' })).toBeDisabled();
    await chooseOrdersDb(user, dialog);
    expect(within(dialog).getByRole('button', { name: 'Link' })).toBeEnabled();
    const query = searches().at(-1)!.query;
    expect(query.get('limit')).toBe('50');
    expect(query.get('deleted_at')).toBe('is.null');
    // The search waits for the typing to stop: no search for the first letters.
    expect(searches().some((r) => r.query.get('name') === 'ilike.*o*')).toBe(false);
  });

  it('links the item by hand, reading "Linking.." while it is sent', async () => {
    const hold = holdRequests(LINKS_PATH);
    const { user, dialog } = await openLinkDialog();
    await chooseOrdersDb(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(await within(dialog).findByRole('button', { name: /Linking\.\./ })).toBeDisabled();
    hold.release();
    expect(await screen.findByText('config link successful')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = page.sent.find((r) => r.method === 'POST' && r.path === LINKS_PATH)!;
    expect(post.body).toEqual({ component_id: COMPONENT_ID, config_id: CONFIG_ID, selector_id: 'manual' });
    hold.stop();
  });

  it("shows the server's message when the link is refused, and stays open", async () => {
    page.api.reply(`POST ${LINKS_PATH}`, {
      status: 409,
      body: { code: '23505', message: 'The component is already linked to this item' },
    });
    const { user, dialog } = await openLinkDialog();
    await chooseOrdersDb(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(await screen.findByText('The component is already linked to this item')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Link' })).toBeEnabled();
  });
});
