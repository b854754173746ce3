import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApiPerTest } from '../../../shell/test-support.js';
import {
  COMPONENT_ID,
  componentRow,
  PARENT_ID,
  renderCardMenu,
  replyEmptyLists,
  replyWhoami,
  whoamiAs,
} from '../panel/test-support.js';

const page = fakeApiPerTest(replyEmptyLists);

async function openMenu() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Actions of orders-api' }));
  await screen.findByRole('menuitem', { name: 'Snapshot' });
  return user;
}

const items = () => screen.getAllByRole('menuitem').map((item) => item.textContent);

describe('ComponentActionsMenu', () => {
  it("offers a card's five actions in order", async () => {
    renderCardMenu();
    await openMenu();
    expect(items()).toEqual(['View Logs', 'Zoom In', 'Link to Incident', 'Snapshot', 'Link to catalog']);
  });

  it('offers no Zoom In in the panel', async () => {
    renderCardMenu(componentRow(), `/topology/${COMPONENT_ID}`, false);
    await openMenu();
    expect(items()).toEqual(['View Logs', 'Link to Incident', 'Snapshot', 'Link to catalog']);
  });

  it('offers View Logs only for a component with an external id while logs are on', async () => {
    const { unmount } = renderCardMenu(componentRow({ external_id: null }));
    await openMenu();
    expect(items()).not.toContain('View Logs');
    unmount();

    replyWhoami(page.api, whoamiAs('admin', { disabled: ['logs'] }));
    renderCardMenu();
    await openMenu();
    expect(items()).not.toContain('View Logs');
  });

  it('opens the logs of the component', async () => {
    const { router } = renderCardMenu();
    const user = await openMenu();
    await user.click(screen.getByRole('menuitem', { name: 'View Logs' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/logs'));
    expect(router.state.location.search).toBe(`?topologyId=${COMPONENT_ID}`);
  });

  it('offers Link to Incident only with incidents on, to those who may attach', async () => {
    replyWhoami(page.api, whoamiAs('admin', { disabled: ['incidents'] }));
    const { unmount } = renderCardMenu();
    await openMenu();
    expect(items()).not.toContain('Link to Incident');
    unmount();

    replyWhoami(page.api, whoamiAs('viewer'));
    renderCardMenu();
    await openMenu();
    expect(items()).not.toContain('Link to Incident');
    // A viewer writes no links either; Snapshot stays.
    expect(items()).toEqual(['View Logs', 'Zoom In', 'Snapshot']);
  });

  it('links the component to an incident as topology evidence', async () => {
    renderCardMenu();
    const user = await openMenu();
    await user.click(screen.getByRole('menuitem', { name: 'Link to Incident' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link to Incident' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("zooms into the component keeping the page's query and naming the parent", async () => {
    const { router } = renderCardMenu(componentRow(), `/topology/${PARENT_ID}?status=warning&sortBy=name`);
    const user = await openMenu();
    await user.click(screen.getByRole('menuitem', { name: 'Zoom In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/topology/${COMPONENT_ID}`));
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('status')).toBe('warning');
    expect(query.get('sortBy')).toBe('name');
    expect(query.get('refererId')).toBe(PARENT_ID);
  });

  it('zooms in from the roots without a referer', async () => {
    const { router } = renderCardMenu(componentRow(), '/topology?team=payments');
    const user = await openMenu();
    await user.click(screen.getByRole('menuitem', { name: 'Zoom In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/topology/${COMPONENT_ID}`));
    expect(router.state.location.search).toBe('?team=payments');
  });
});
