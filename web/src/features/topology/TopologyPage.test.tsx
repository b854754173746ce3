import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApiPerTest, renderConsole, renderInShell, whoamiAs } from '../../shell/test-support.js';
import { CARD_WIDTH_STORAGE_KEY } from './card-width.js';
import { SORT_BY_STORAGE_KEY, SORT_ORDER_STORAGE_KEY } from './sorting.js';
import { CARDS_PER_BATCH } from './ProgressiveCards.js';
import {
  CLUSTER_ID,
  component,
  DOCS_ID,
  LOCAL_AGENT,
  ORDERS,
  PAYMENTS,
  PAYMENTS_ID,
  PAYMENT_SERVICES,
  replyTopology,
  topologyAnswer,
} from './test-support.js';
import { MULTIPLE_COMPONENTS, NO_COMPONENTS, TopologyPage } from './TopologyPage.js';

const page = fakeApiPerTest((api) => replyTopology(api));

beforeEach(() => localStorage.clear());

function renderTopology(path = '/topology') {
  const user = userEvent.setup();
  const result = renderInShell(
    [
      { path: 'topology', element: <TopologyPage /> },
      { path: 'topology/:id', element: <TopologyPage /> },
    ],
    path,
  );
  const url = () => new URLSearchParams(result.router.state.location.search);
  return { ...result, user, url };
}

const topologyCalls = () => page.sent.filter((r) => r.path === 'api/canary/api/topology');
const lastQuery = () => Object.fromEntries(topologyCalls().at(-1)!.query);

async function cardNames() {
  const cards = await screen.findByRole('region', { name: 'Components' });
  return within(cards)
    .getAllByRole('article')
    .map((card) => card.querySelector('h3')!.textContent);
}

describe('TopologyPage', () => {
  it('shows the roots sorted by health, descending, info first', async () => {
    renderTopology();
    expect(await cardNames()).toEqual(['docs', 'payments', 'inventory', 'orders']);
    expect(lastQuery()).toEqual({ depth: '2' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Topology');
  });

  it('stores the sort chosen; health descending clears the sort parameters', async () => {
    const { user, url } = renderTopology();
    await cardNames();
    const sortBy = screen.getByRole('combobox', { name: 'Sort by:' });
    await user.selectOptions(sortBy, 'Name');
    expect(url().get('sortBy')).toBe('name');
    expect(url().get('sortOrder')).toBe('desc');
    await user.click(screen.getByRole('button', { name: /sort ascending/ }));
    expect(url().get('sortOrder')).toBe('asc');
    expect(await cardNames()).toEqual(['docs', 'inventory', 'orders', 'payments']);
    expect(localStorage.getItem(SORT_BY_STORAGE_KEY)).toBe('name');
    expect(localStorage.getItem(SORT_ORDER_STORAGE_KEY)).toBe('asc');

    await user.selectOptions(sortBy, 'Health');
    expect(url().get('sortBy')).toBe('status');
    await user.click(screen.getByRole('button', { name: /sort descending/ }));
    expect(url().has('sortBy')).toBe(false);
    expect(url().has('sortOrder')).toBe(false);
    expect(await cardNames()).toEqual(['docs', 'payments', 'inventory', 'orders']);
  });

  it('restores the stored sort', async () => {
    localStorage.setItem(SORT_BY_STORAGE_KEY, 'name');
    renderTopology();
    expect(await cardNames()).toEqual(['docs', 'inventory', 'orders', 'payments']);
    expect(screen.getByRole('combobox', { name: 'Sort by:' })).toHaveValue('name');
  });

  it('writes the filters to the URL and asks for them; flatten comes with a type', async () => {
    const { user, url } = renderTopology();
    await cardNames();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Health:' }), 'unhealthy');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Team:' }), 'Payments');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Labels:' }), 'env=prod');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Agent:' }), 'local');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type:' }), 'Namespace');
    expect(Object.fromEntries(url())).toEqual({
      status: 'unhealthy',
      team: 'Payments',
      labels: 'env=prod',
      agent_id: LOCAL_AGENT,
      type: 'Namespace',
    });
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        status: 'unhealthy',
        type: 'Namespace',
        team: 'Payments',
        labels: 'env=prod',
        agent_id: LOCAL_AGENT,
        flatten: 'true',
      }),
    );
    // The database's labels are offered beside the answer's.
    expect(screen.getByRole('option', { name: 'team=payments' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Health:' }), 'All');
    expect(url().has('status')).toBe(false);
  });

  it('shows hidden components and turns flattening off from the preferences', async () => {
    const { user, url } = renderTopology('/topology?type=Namespace');
    await cardNames();
    await user.click(screen.getByRole('button', { name: 'Preferences' }));
    await user.click(await screen.findByRole('switch', { name: 'Show hidden components' }));
    expect(url().get('hidden')).toBe('true');
    await waitFor(() => expect(lastQuery()).toMatchObject({ hidden: 'true', flatten: 'true' }));
    await user.click(screen.getByRole('switch', { name: 'Flatten (when a type is chosen)' }));
    expect(url().get('flatten')).toBe('false');
    await waitFor(() => expect(lastQuery()).toEqual({ type: 'Namespace', hidden: 'true', depth: '2' }));
  });

  it('is behind the topology feature flag, and is the first page', async () => {
    page.api.reply('GET api/auth/whoami', {
      status: 200,
      body: whoamiAs('admin', { disabled: ['topology'] }),
    });
    const { router } = renderConsole('/');
    expect(await screen.findByRole('heading', { name: 'Topology is disabled' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/topology');
    expect(screen.queryByRole('region', { name: 'Components' })).not.toBeInTheDocument();
  });

  it('saves the card width from the slider and the presets, and restores it', async () => {
    const { user, unmount } = renderTopology();
    await cardNames();
    expect(screen.getAllByRole('article')[0]).toHaveStyle({ width: '554px' });
    await user.click(screen.getByRole('button', { name: 'Preferences' }));
    const slider = await screen.findByRole('slider', { name: 'Card width' });
    expect(slider).toHaveAttribute('min', '250');
    expect(slider).toHaveAttribute('max', '768');
    expect(slider).toHaveAttribute('step', '2');
    fireEvent.change(slider, { target: { value: '400' } });
    expect(screen.getAllByRole('article')[0]).toHaveStyle({ width: '400px' });
    expect(localStorage.getItem(CARD_WIDTH_STORAGE_KEY)).toBe('400');
    unmount();

    renderTopology();
    await cardNames();
    expect(screen.getAllByRole('article')[0]).toHaveStyle({ width: '400px' });
    await user.click(screen.getByRole('button', { name: 'Preferences' }));
    await user.click(await screen.findByRole('button', { name: 'Small' }));
    expect(screen.getAllByRole('article')[0]).toHaveStyle({ width: '198px' });
  });

  it("shows a component's children as cards, its ancestors in the breadcrumb, and its panel", async () => {
    page.api.reply('GET api/canary/api/topology', { status: 200, body: topologyAnswer([PAYMENTS]) });
    renderTopology(`/topology/${PAYMENTS_ID}`);
    expect(await cardNames()).toHaveLength(8);
    expect(lastQuery()).toEqual({ id: PAYMENTS_ID, depth: '3' });
    const title = screen.getByRole('heading', { level: 1 });
    expect(within(title).getByRole('link', { name: 'Topology' })).toHaveAttribute('href', '/topology');
    expect(await within(title).findByRole('link', { name: 'prod-cluster' })).toHaveAttribute(
      'href',
      `/topology/${CLUSTER_ID}`,
    );
    expect(within(title).getByText('payments')).toHaveAttribute('aria-current', 'page');
    const names = page.sent.filter((r) => r.path === 'api/db/component_names');
    expect(names.map((r) => r.query.get('id'))).toContain(`in.(${CLUSTER_ID})`);

    // The panel (its own module) sits in the slot on the right.
    expect(document.getElementById('topology-detail-panel')).not.toBeNull();
  });

  it('zooms into a card keeping the parameters and naming the page it came from', async () => {
    page.api.reply('GET api/canary/api/topology', { status: 200, body: topologyAnswer([PAYMENTS]) });
    const { user, router } = renderTopology(`/topology/${PAYMENTS_ID}?team=Payments`);
    await cardNames();
    await user.click(screen.getByRole('link', { name: 'payments-svc-3' }));
    expect(router.state.location.pathname).toBe('/topology/d0000000-0000-4000-8000-000000000003');
    expect(new URLSearchParams(router.state.location.search).toString()).toBe(
      `team=Payments&refererId=${PAYMENTS_ID}`,
    );
  });

  it('builds the breadcrumb from the page it came from', async () => {
    page.api.reply('GET api/canary/api/topology', { status: 200, body: topologyAnswer([PAYMENTS]) });
    renderTopology(`/topology/${PAYMENTS_ID}?refererId=${DOCS_ID}`);
    const title = await screen.findByRole('heading', { level: 1 });
    expect(await within(title).findByRole('link', { name: 'docs' })).toHaveAttribute(
      'href',
      `/topology/${DOCS_ID}`,
    );
    expect(within(title).queryByRole('link', { name: 'prod-cluster' })).not.toBeInTheDocument();
  });

  it('reads the component alone for its panel when a flat list of a type leaves it out', async () => {
    page.api.reply('GET api/canary/api/topology', { status: 200, body: topologyAnswer(PAYMENT_SERVICES) });
    renderTopology(`/topology/${PAYMENTS_ID}?type=Service`);
    expect(await cardNames()).toHaveLength(8);
    await waitFor(() =>
      expect(topologyCalls().map((r) => Object.fromEntries(r.query))).toContainEqual({
        id: PAYMENTS_ID,
        depth: '1',
      }),
    );
  });

  it('says when no component matches', async () => {
    page.api.reply('GET api/canary/api/topology', { status: 200, body: topologyAnswer([]) });
    renderTopology('/topology?status=warning');
    expect(await screen.findByText(NO_COMPONENTS)).toBeInTheDocument();
  });

  it('warns when the answer holds several components for the id', async () => {
    page.api.reply('GET api/canary/api/topology', { status: 200, body: topologyAnswer([PAYMENTS, ORDERS]) });
    renderTopology(`/topology/${PAYMENTS_ID}`);
    expect(await screen.findByText(MULTIPLE_COMPONENTS)).toBeInTheDocument();
    expect(await cardNames()).toHaveLength(8);
  });

  it('shows a leaf as its own card', async () => {
    page.api.reply('GET api/canary/api/topology', { status: 200, body: topologyAnswer([ORDERS]) });
    renderTopology(`/topology/${ORDERS.id}`);
    expect(await cardNames()).toEqual(['orders']);
  });

  it('draws the first cards of thousands at once and the rest as the end of the list nears the screen', async () => {
    const observers: { callback: IntersectionObserverCallback; target?: Element }[] = [];
    class VisibleEnd {
      constructor(readonly callback: IntersectionObserverCallback) {
        observers.push(this as unknown as { callback: IntersectionObserverCallback });
      }
      observe(target: Element) {
        (this as unknown as { target: Element }).target = target;
      }
      disconnect() {}
    }
    globalThis.IntersectionObserver = VisibleEnd as unknown as typeof IntersectionObserver;
    try {
      const many = Array.from({ length: 5000 }, (_, i) =>
        component({ id: `e0000000-0000-4000-8000-${String(i).padStart(12, '0')}`, name: `svc-${i}` }),
      );
      page.api.reply('GET api/canary/api/topology', { status: 200, body: topologyAnswer(many) });
      renderTopology();
      expect(await cardNames()).toHaveLength(CARDS_PER_BATCH);
      const end = observers.at(-1)!;
      act(() =>
        end.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver),
      );
      expect(await cardNames()).toHaveLength(2 * CARDS_PER_BATCH);
    } finally {
      delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    }
  });

  it('shows the server message when the components cannot be read', async () => {
    page.api.reply('GET api/canary/api/topology', { status: 500, body: { message: 'database is down' } });
    renderTopology();
    expect(await screen.findByText('Something went wrong', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByText('database is down')).toBeInTheDocument();
  });
});
