/** The topology panel's and actions' fixtures: a component as the topology endpoint answers it, the routes. */
import type { Whoami } from '../../../api/index.js';
import type { FakeApi } from '../../../shell/test-support.js';
import { renderInShell, whoamiAs } from '../../../shell/test-support.js';
import { ComponentActionsMenu } from '../actions/ComponentActionsMenu.js';
import type { TopologyComponent } from '../types.js';
import { TopologyDetailPanel } from './TopologyDetailPanel.js';

export const COMPONENT_ID = '66666666-6666-4666-8666-666666666666';
export const PARENT_ID = '77777777-7777-4777-8777-777777777777';
export const TOPOLOGY_ID = '88888888-8888-4888-8888-888888888888';
export const CONFIG_ID = '33333333-3333-4333-8333-333333333333';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

/** A warning service of a topology, with labels, a linked property and an external id. */
export function componentRow(patch: Partial<TopologyComponent> = {}): TopologyComponent {
  return {
    id: COMPONENT_ID,
    name: 'orders-api',
    type: 'Service',
    namespace: 'shop',
    labels: { team: 'payments', tier: 'backend' },
    properties: [
      {
        name: 'version',
        text: '1.4.2',
        links: [{ label: 'Release notes', url: 'https://example.com/orders/1.4.2' }],
      },
      { name: 'secret', text: 'not shown', hidden: true },
      { name: 'memory', value: 512, unit: 'MB' },
    ],
    status: 'warning',
    health: 'warning',
    status_reason: 'High latency on /orders',
    external_id: 'shop/orders-api',
    owner: 'payments-team',
    agent_id: '00000000-0000-0000-0000-000000000000',
    topology_id: TOPOLOGY_ID,
    parent_id: PARENT_ID,
    path: PARENT_ID,
    is_leaf: true,
    created_at: hoursAgo(48),
    updated_at: hoursAgo(2),
    ...patch,
  };
}

/** whoami for a role with features off. */
export function replyWhoami(api: FakeApi, whoami: Whoami) {
  api.reply('GET api/auth/whoami', { status: 200, body: whoami });
}

export { whoamiAs };

/** Every list of the panel answers empty (a test sets the one it reads). */
export function replyEmptyLists(api: FakeApi) {
  for (const view of [
    'config_component_relationships',
    'incidents_by_component',
    'changes_by_component',
    'checks_by_component',
    'team_components',
    'analysis_by_component',
    'playbook_runs',
  ])
    api.reply(`GET api/db/${view}`, { status: 200, body: [] });
}

/** Where the panel's and the menu's links lead, as plain pages. */
const DESTINATIONS = [
  'catalog/:id',
  'catalog/:id/changes',
  'catalog/insights',
  'incidents',
  'incidents/:id',
  'health',
  'logs',
  'settings/topologies/:id',
  'settings/teams/:id',
  'playbooks/runs/:id',
].map((path) => ({ path, element: <p>page {path}</p> }));

/** The panel of `component` on /topology/{parent}. */
export function renderPanel(component = componentRow(), path = `/topology/${component.id}`) {
  return renderInShell(
    [{ path: 'topology/:id', element: <TopologyDetailPanel component={component} /> }, ...DESTINATIONS],
    path,
  );
}

/** A card's menu (with Zoom In) of `component` on the page at `path`. */
export function renderCardMenu(component = componentRow(), path = `/topology/${PARENT_ID}`, zoomIn = true) {
  const element = <ComponentActionsMenu component={component} zoomIn={zoomIn} />;
  return renderInShell(
    [{ path: 'topology', element }, { path: 'topology/:id', element }, ...DESTINATIONS],
    path,
  );
}

/**
 * Holds the requests to a path until `release()`: what a person sees while a call is under way.
 * The request still goes to the fake API once released.
 */
export function holdRequests(path: string): { release: () => void; stop: () => void } {
  const realFetch = globalThis.fetch;
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname.replace(/^\/console\//, '') === path) await gate;
    return realFetch(input, init);
  };
  return { release, stop: () => void (globalThis.fetch = realFetch) };
}
