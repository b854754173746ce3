/** The topology dashboard's fixtures: components as GET api/canary/api/topology answers them. */
import type { FakeApi } from '../../shell/test-support.js';
import type { TopologyComponent, TopologyResponse } from './types.js';

export const CLUSTER_ID = 'c0000000-0000-4000-8000-000000000001';
export const PAYMENTS_ID = 'c0000000-0000-4000-8000-000000000002';
export const ORDERS_ID = 'c0000000-0000-4000-8000-000000000003';
export const DOCS_ID = 'c0000000-0000-4000-8000-000000000004';
export const API_ID = 'c0000000-0000-4000-8000-000000000005';
export const LOCAL_AGENT = '00000000-0000-0000-0000-000000000000';

const at = '2026-11-28T10:00:00Z';

/** A component with what every answer holds; `fields` add or override. */
export function component(
  fields: Partial<TopologyComponent> & Pick<TopologyComponent, 'id' | 'name'>,
): TopologyComponent {
  return {
    status: 'healthy',
    is_leaf: false,
    agent_id: LOCAL_AGENT,
    created_at: at,
    updated_at: at,
    ...fields,
  };
}

/** Eight services under the payments namespace: more than a card lists before "show more". */
export const PAYMENT_SERVICES: TopologyComponent[] = Array.from({ length: 8 }, (_, i) =>
  component({
    id: `d0000000-0000-4000-8000-00000000000${i}`,
    name: `payments-svc-${i}`,
    type: 'Service',
    parent_id: PAYMENTS_ID,
    path: `${CLUSTER_ID}.${PAYMENTS_ID}`,
    is_leaf: true,
    status: i === 0 ? 'unhealthy' : 'healthy',
    summary: i === 0 ? { unhealthy: 1 } : { healthy: 1 },
  }),
);

/** Healthy, with usage, costs, many properties, checks, insights, incidents, owners, children. */
export const PAYMENTS = component({
  id: PAYMENTS_ID,
  name: 'payments',
  type: 'Namespace',
  icon: 'k8s-namespace',
  parent_id: CLUSTER_ID,
  path: CLUSTER_ID,
  status: 'healthy',
  owner: 'Jane Doe',
  team_names: ['Payments', 'Platform', 'SRE', 'Security', 'Finance', 'Data'],
  properties: [
    { name: 'cpu', headline: true, value: 800, max: 1000, unit: 'millicores' },
    { name: 'memory', headline: true, value: 2 * 1024 ** 3, max: 4 * 1024 ** 3, unit: 'bytes' },
    { name: 'cost', headline: true, value: 1500, type: 'currency', unit: 'USD' },
    { name: 'region', text: 'eu-west-1' },
    { name: 'tier', text: 'gold' },
    { name: 'owner-email', text: 'payments@example.com' },
    { name: 'requests', value: 1250, unit: 'millicores' },
    { name: 'storage', value: 1536, unit: 'bytes' },
    { name: 'version', text: '1.4.2' },
    { name: 'replicas', value: 3 },
    { name: 'zone', text: 'b' },
  ],
  summary: {
    healthy: 7,
    unhealthy: 1,
    checks: { healthy: 4, unhealthy: 2, warning: 1, unknown: 3 },
    insights: { security: { critical: 1, low: 2 } },
    incidents: { availability: { high: 1 } },
  },
  components: PAYMENT_SERVICES,
});

export const ORDERS = component({
  id: ORDERS_ID,
  name: 'orders',
  type: 'Namespace',
  parent_id: CLUSTER_ID,
  path: CLUSTER_ID,
  status: 'unhealthy',
  status_reason: 'CrashLoopBackOff',
  summary: { unhealthy: 2 },
});

export const INVENTORY = component({
  id: 'c0000000-0000-4000-8000-000000000006',
  name: 'inventory',
  type: 'Namespace',
  parent_id: CLUSTER_ID,
  path: CLUSTER_ID,
  status: 'warning',
  summary: { warning: 1 },
});

export const DOCS = component({
  id: DOCS_ID,
  name: 'docs',
  type: 'Website',
  status: 'info',
  is_leaf: true,
});

/** The roots, in an order no sort gives. */
export const ROOTS: TopologyComponent[] = [ORDERS, PAYMENTS, DOCS, INVENTORY];

export const CLUSTER = component({
  id: CLUSTER_ID,
  name: 'prod-cluster',
  type: 'Cluster',
  status: 'unhealthy',
  components: [PAYMENTS, ORDERS, INVENTORY],
});

export function topologyAnswer(components: TopologyComponent[]): TopologyResponse {
  return {
    components,
    teams: ['Payments', 'Platform'],
    types: ['Namespace', 'Website'],
    healthStatuses: ['healthy', 'info', 'unhealthy', 'warning'],
    tags: { env: ['prod'] },
  };
}

/** The usual answers of the dashboard: `components` for any topology read, and the filters' choices. */
export function replyTopology(api: FakeApi, components: TopologyComponent[] = ROOTS) {
  api.reply('GET api/canary/api/topology', { status: 200, body: topologyAnswer(components) });
  api.reply('GET api/db/agents', { status: 200, body: [{ id: LOCAL_AGENT, name: 'local' }] });
  api.reply('GET api/db/component_labels', { status: 200, body: [{ key: 'team', value: 'payments' }] });
  api.reply('GET api/db/component_names', {
    status: 200,
    body: [CLUSTER, PAYMENTS, ORDERS, DOCS, ...PAYMENT_SERVICES].map(({ id, name, icon, path }) => ({
      id,
      name,
      icon: icon ?? null,
      path: path ?? null,
    })),
  });
}
