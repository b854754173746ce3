import type { CatalogItem } from './catalog.js';
import { teamOf } from './catalog.js';
import { LOCAL_AGENT } from '../../../../common/agents.js';
import type { DemoContext } from './context.js';
import { applicationLogs } from './live-logs.js';
import { CLUSTERS, COMPANY, DATASTORES, SERVICES } from './names.js';
import { DAY, HOUR, MINUTE } from './random.js';
import type { DemoRow } from './writer.js';

interface Node {
  id: string;
  topology: string;
  parent?: Node;
  name: string;
  type: string;
  level: number;
  health: string;
  row: DemoRow;
  configs: string[];
  team?: string;
  service?: string;
  cluster?: string;
}

const HEALTH_STATUS: Record<string, string> = {
  healthy: 'healthy',
  warning: 'warning',
  unhealthy: 'unhealthy',
  unknown: 'unknown',
};

/** A fixed id: the live topology takes nothing from the seeded sequence the other rows follow. */
export const LIVE_TOPOLOGY_ID = '5e1f0000-0000-4000-8000-000000000001';

/**
 * The local agent's topology, built for real by the console's topology builder: the console's own
 * checks (the live canary console-self, by label), and each Kubernetes cluster of the catalog with
 * its deployments and stateful sets below it, their health from the catalog.
 */
export const LIVE_TOPOLOGY_SPEC = {
  type: 'Console',
  icon: 'console',
  text: 'Ops Console (live)',
  // Often, so that the live checks' results show soon; an unchanged build writes nothing.
  schedule: '@every 1m',
  properties: [
    {
      name: 'Clusters',
      headline: true,
      lookup: {
        catalog: [
          {
            name: 'cluster-count',
            selector: [{ types: ['Kubernetes::Cluster'] }],
            display: { expr: 'string(size(results))' },
          },
        ],
      },
    },
  ],
  components: [
    {
      name: 'Console self-checks',
      type: 'Service',
      icon: 'http',
      checks: [{ selector: { labelSelector: 'tier=self' } }],
      properties: [{ name: 'Canary', text: 'ops-console/console-self' }],
    },
    {
      name: 'clusters',
      icon: 'kubernetes',
      lookup: { catalog: [{ name: 'clusters', selector: [{ types: ['Kubernetes::Cluster'] }] }] },
      forEach: {
        properties: [{ name: 'Cluster', text: '$(.component.name)', headline: true }],
        components: [
          {
            name: 'workloads',
            icon: 'deployment',
            lookup: {
              catalog: [
                {
                  name: 'workloads',
                  selector: [
                    {
                      types: ['Kubernetes::Deployment', 'Kubernetes::StatefulSet'],
                      tagSelector: 'cluster=$(.component.name)',
                    },
                  ],
                },
              ],
            },
          },
        ],
      },
    },
  ],
};

/** Topologies, a component tree 4 levels deep, team ownership and links to configs. */
export async function loadTopology(ctx: DemoContext, items: CatalogItem[]): Promise<void> {
  const { w, r, clock, refs } = ctx;
  const admin = refs.people[0]!.id;
  // The static trees belong to the cluster agents, which build them there: the console's own
  // builder leaves them as they are, so what incidents and playbook runs point at stays.
  const defs = [
    {
      name: 'acme-platform',
      icon: 'kubernetes',
      agent: refs.clusterAgent.get('acme-prod-eu')!,
      source: 'KubernetesCRD',
    },
    {
      name: 'acme-datastores',
      icon: 'database',
      agent: refs.clusterAgent.get('acme-prod-eu')!,
      source: 'KubernetesCRD',
    },
  ];
  const topologies = defs.map((d) => ({ ...d, id: r.uuid() }));
  await w.insert(
    'topologies',
    topologies.map((t) => ({
      id: t.id,
      name: t.name,
      namespace: 'mission-control',
      icon: t.icon,
      labels: { company: COMPANY },
      schedule: '@every 5m',
      spec:
        t.name === 'acme-platform'
          ? {
              type: 'Platform',
              icon: 'kubernetes',
              schedule: '@every 5m',
              components: [
                {
                  name: 'clusters',
                  type: 'KubernetesCluster',
                  lookup: { configs: [{ types: ['Kubernetes::Cluster'] }] },
                },
              ],
            }
          : {
              type: 'Datastores',
              icon: 'database',
              components: DATASTORES.map((d) => ({
                name: d,
                type: 'Database',
                selectors: [{ labelSelector: `app=${d}` }],
              })),
            },
      source: t.source,
      agent_id: t.agent,
      created_by: admin,
      created_at: clock.ago(120 * DAY),
      updated_at: clock.ago(r.int(1, 10) * DAY),
    })),
  );
  refs.topologies = topologies.map((t) => ({ id: t.id, name: t.name }));
  await w.insert('topologies', [
    {
      id: LIVE_TOPOLOGY_ID,
      name: 'console-live',
      namespace: 'ops-console',
      icon: 'console',
      labels: { team: 'platform' },
      schedule: LIVE_TOPOLOGY_SPEC.schedule,
      spec: LIVE_TOPOLOGY_SPEC,
      source: 'UI',
      agent_id: LOCAL_AGENT,
      created_by: admin,
      created_at: clock.ago(DAY),
      updated_at: clock.ago(DAY),
    },
  ]);

  const nodes: Node[] = [];
  const find = (type: string, name: string, cluster?: string) =>
    items.find(
      (i) => i.type === type && i.name === name && (!cluster || i.cluster === cluster) && !i.deleted,
    );
  const add = (
    n: Omit<Node, 'id' | 'row' | 'configs' | 'level'> & {
      configs?: (CatalogItem | undefined)[];
      props?: unknown[];
      labels?: Record<string, string>;
      extra?: DemoRow;
    },
  ): Node => {
    const id = r.uuid();
    const level = n.parent ? n.parent.level + 1 : 0;
    const path = n.parent ? [n.parent.row.path, n.parent.id].filter(Boolean).join('.') : null;
    const created = clock.ago(r.int(20, 120) * DAY);
    const node: Node = {
      ...n,
      id,
      level,
      configs: (n.configs ?? []).filter((c): c is CatalogItem => !!c).map((c) => c.id),
      row: {
        id,
        topology_id: n.topology,
        parent_id: n.parent?.id ?? null,
        name: n.name,
        title: n.name,
        type: n.type,
        icon: n.type === 'Platform' ? 'kubernetes' : n.type.toLowerCase(),
        labels: n.labels ?? {},
        properties: n.props ?? [],
        status: HEALTH_STATUS[n.health] ?? 'unknown',
        health: n.health,
        path,
        status_reason:
          n.health === 'healthy'
            ? null
            : n.health === 'warning'
              ? 'Some replicas unavailable'
              : 'Failing health checks',
        created_by: admin,
        created_at: created,
        updated_at: clock.ago(r.int(1, 600) * MINUTE),
        ...n.extra,
      },
    };
    nodes.push(node);
    return node;
  };

  // Tree 1: Acme Platform → clusters → services → pods.
  const [platform, datastores] = topologies;
  const root = add({
    topology: platform!.id,
    name: 'Acme Platform',
    type: 'Platform',
    health: 'warning',
    labels: { company: COMPANY },
    props: [
      { name: 'Clusters', value: CLUSTERS.length, headline: true },
      { name: 'Services', value: SERVICES.length, headline: true },
      {
        name: 'Docs',
        text: 'Runbooks',
        links: [{ type: 'documentation', url: `https://github.com/${COMPANY}/runbooks`, label: 'Runbooks' }],
      },
    ],
    extra: { external_id: COMPANY, owner: 'Platform' },
  });
  for (const c of CLUSTERS) {
    const agent = refs.clusterAgent.get(c.name)!;
    const cluster = add({
      topology: platform!.id,
      parent: root,
      name: c.name,
      type: 'KubernetesCluster',
      health: c.agent === 1 ? 'warning' : 'healthy',
      cluster: c.name,
      team: 'Platform',
      labels: { environment: c.environment, region: c.region, provider: c.provider },
      configs: [
        find('Kubernetes::Cluster', c.name, c.name),
        find('AWS::EKS::Cluster', c.name),
        c.provider === 'azure' ? find('Azure::AKS', c.name) : undefined,
      ],
      props: [
        { name: 'Version', text: 'v1.29.4', headline: true },
        { name: 'Nodes', value: 5, headline: true },
        { name: 'Region', text: c.region },
        { name: 'Cost', value: r.int(2000, 9000), unit: 'USD', headline: true },
      ],
      extra: {
        agent_id: agent,
        external_id: c.name,
        cost_total_30d: r.int(2000, 9000),
        cost_total_7d: r.int(500, 2000),
        cost_total_1d: r.int(70, 300),
        cost_per_minute: r.float(0.05, 0.2, 4),
      },
    });
    for (const svc of SERVICES) {
      const dep = find('Kubernetes::Deployment', svc.name, c.name);
      const replicas = c.environment === 'production' ? 3 : 1;
      const pods = items.filter(
        (i) => i.type === 'Kubernetes::Pod' && i.cluster === c.name && i.service === svc.name && !i.deleted,
      );
      const sickPods = pods.filter((p) => p.health !== 'healthy').length;
      const health = dep?.health === 'warning' ? 'warning' : 'healthy';
      const labels = {
        namespace: svc.namespace,
        app: svc.name,
        team: teamOf(svc.namespace),
        environment: c.environment,
      };
      const podLogs = {
        name: 'Pod logs',
        type: 'kubernetes',
        labels: { app: svc.name, namespace: svc.namespace },
      };
      const logSelectors = [
        applicationLogs(svc.name),
        podLogs,
        { name: 'Loki', type: 'loki', labels: { app: svc.name, cluster: c.name } },
      ];
      const service = add({
        topology: platform!.id,
        parent: cluster,
        name: svc.name,
        type: 'Service',
        health,
        service: svc.name,
        cluster: c.name,
        team: teamOf(svc.namespace),
        labels,
        configs: [dep, find('Kubernetes::Service', svc.name, c.name)],
        props: [
          { name: 'Replicas', text: `${replicas - sickPods}/${replicas}`, headline: true },
          { name: 'CPU', value: r.int(50, 900), max: 1000, unit: 'millicores', headline: true },
          {
            name: 'Memory',
            value: r.int(128, 480) * 1024 * 1024,
            max: 512 * 1024 * 1024,
            unit: 'bytes',
            headline: true,
          },
          { name: 'Version', text: String(dep?.labels?.['app.kubernetes.io/version'] ?? '1.0.0') },
          {
            name: 'Repository',
            text: `${COMPANY}/${svc.name}`,
            links: [{ type: 'github', url: `https://github.com/${COMPANY}/${svc.name}`, label: 'GitHub' }],
          },
        ],
        extra: {
          namespace: svc.namespace,
          agent_id: agent,
          external_id: `${c.name}/${svc.namespace}/${svc.name}`,
          owner: teamOf(svc.namespace),
          log_selectors: logSelectors,
          description: `${svc.name} service (${c.environment})`,
        },
      });
      for (const pod of pods) {
        add({
          topology: platform!.id,
          parent: service,
          name: pod.name,
          type: 'Pod',
          health: pod.health ?? 'healthy',
          service: svc.name,
          cluster: c.name,
          labels: { ...labels, node: pod.labels?.node ?? '' },
          configs: [pod],
          props: [
            { name: 'Status', text: pod.status ?? 'Running', headline: true },
            { name: 'Restarts', value: pod.health === 'healthy' ? 0 : r.int(3, 40), headline: true },
            { name: 'Node', text: pod.labels?.node ?? '' },
          ],
          extra: {
            namespace: svc.namespace,
            agent_id: agent,
            external_id: `${c.name}/${svc.namespace}/${pod.name}`,
            is_leaf: true,
            log_selectors: r.chance(0.5) ? [podLogs] : null,
          },
        });
      }
    }
  }
  // Tree 2: Datastores → engine → instance per cluster.
  const dsRoot = add({
    topology: datastores!.id,
    name: 'Datastores',
    type: 'Datastores',
    health: 'warning',
    labels: { company: COMPANY, team: 'data' },
    extra: { external_id: 'datastores' },
  });
  for (const ds of DATASTORES) {
    const engine = add({
      topology: datastores!.id,
      parent: dsRoot,
      name: ds,
      type: 'Database',
      health: ds === 'postgres' ? 'warning' : 'healthy',
      team: 'Data',
      labels: { engine: ds },
      props: [{ name: 'Instances', value: CLUSTERS.length, headline: true }],
      extra: { external_id: `datastores/${ds}` },
    });
    for (const c of CLUSTERS) {
      const sick = ds === 'postgres' && c.agent === 1;
      add({
        topology: datastores!.id,
        parent: engine,
        name: `${ds}-${c.name}`,
        type: 'DatabaseInstance',
        health: sick ? 'warning' : c.agent === 2 && ds === 'kafka' ? 'unknown' : 'healthy',
        team: 'Data',
        cluster: c.name,
        service: ds,
        labels: { engine: ds, cluster: c.name, namespace: 'data' },
        configs: [
          find('Kubernetes::StatefulSet', ds, c.name),
          ds === 'postgres' ? find('AWS::RDS::DBInstance', `${COMPANY}-orders-prod`) : undefined,
        ],
        props: [
          { name: 'Connections', value: r.int(20, 180), max: 200, headline: true },
          { name: 'Disk', value: r.int(40, 95), max: 100, unit: 'percent', headline: true },
        ],
        extra: {
          namespace: 'data',
          agent_id: refs.clusterAgent.get(c.name),
          external_id: `${c.name}/data/${ds}`,
          is_leaf: true,
          log_selectors: [{ name: `${ds} logs`, type: 'kubernetes', labels: { app: ds, namespace: 'data' } }],
        },
      });
    }
  }
  await w.insert(
    'components',
    nodes.map((n) => n.row),
  );
  refs.components = nodes.map((n) => ({
    id: n.id,
    name: n.name,
    type: n.type,
    level: n.level,
    service: n.service,
    cluster: n.cluster,
    health: n.health,
  }));

  const teamByKey = new Map(refs.teams.map((t) => [t.name.toLowerCase().split(' ')[0]!, t.id]));
  await w.insert(
    'team_components',
    nodes
      .filter((n) => n.team && teamByKey.has(n.team.toLowerCase().split(' ')[0]!))
      .map((n) => ({
        team_id: teamByKey.get(n.team!.toLowerCase().split(' ')[0]!),
        component_id: n.id,
        role: n.level <= 1 ? 'owner' : 'maintainer',
        selector_id: '',
        created_at: clock.ago(30 * DAY),
      })),
  );
  const links: DemoRow[] = [];
  for (const n of nodes)
    for (const configId of n.configs)
      links.push({
        component_id: n.id,
        config_id: configId,
        selector_id: '',
        created_at: n.row.created_at,
        updated_at: n.row.created_at,
      });
  const repos = items.filter((i) => i.type === 'GitHub::Repository');
  for (const n of nodes.filter((x) => x.type === 'Service' && x.cluster === 'acme-prod-eu').slice(0, 5)) {
    links.push({
      component_id: n.id,
      config_id: r.pick(repos).id,
      selector_id: 'manual',
      created_at: clock.ago(r.int(1, 48) * HOUR),
      updated_at: clock.ago(HOUR),
    });
  }
  await w.insert('config_component_relationships', links);
}
