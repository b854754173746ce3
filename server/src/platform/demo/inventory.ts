import { addCloud } from './inventory-cloud.js';
import { AZURE_SIZES, CLUSTERS, COMPANY, DATASTORES, INSTANCE_TYPES, NAMESPACES, SERVICES } from './names.js';
import type { Random } from './random.js';

/** What the inventory generator says about one config item; catalog.ts turns it into a row. */
export interface ConfigSpec {
  type: string;
  config_class: string;
  name: string;
  scraper: string;
  namespace?: string;
  cluster?: string;
  service?: string;
  parent?: string;
  labels?: Record<string, string>;
  tags?: Record<string, string>;
  config: unknown;
  status?: string;
  health?: string;
  costPerMinute?: number;
  description?: string;
  externalId?: string;
}

const POD_TROUBLE = [
  { status: 'CrashLoopBackOff', health: 'unhealthy', description: 'Back-off restarting failed container' },
  { status: 'Pending', health: 'warning', description: '0/5 nodes are available: insufficient memory' },
  { status: 'Error', health: 'unhealthy', description: 'OOMKilled' },
  { status: 'Unknown', health: 'unknown', description: 'Node not reporting' },
];

export function key(
  type: string,
  cluster: string | undefined,
  namespace: string | undefined,
  name: string,
): string {
  return `${type}/${cluster ?? ''}/${namespace ?? ''}/${name}`;
}

/** Every config item, parents before children. */
export function buildInventory(r: Random): ConfigSpec[] {
  const out: ConfigSpec[] = [];
  const add = (s: ConfigSpec) => (out.push(s), key(s.type, s.cluster, s.namespace, s.name));
  for (const c of CLUSTERS) {
    const scraper = `${c.name}-kubernetes`;
    const prod = c.environment === 'production';
    const base = { cluster: c.name, scraper };
    const clusterKey = add({
      ...base,
      type: 'Kubernetes::Cluster',
      config_class: 'Cluster',
      name: c.name,
      status: 'Running',
      labels: { environment: c.environment, region: c.region, provider: c.provider },
      config: {
        apiVersion: 'v1',
        kind: 'Cluster',
        metadata: { name: c.name },
        spec: { version: 'v1.29.4', provider: c.provider, region: c.region },
      },
    });
    const nodes: string[] = [];
    for (let i = 0; i < 5; i++) {
      const name =
        c.provider === 'aws'
          ? `ip-10-${c.agent}-${r.int(1, 3)}-${r.int(10, 250)}.${c.region}.compute.internal`
          : `aks-nodepool1-31415926-vmss00000${i}`;
      const size = c.provider === 'aws' ? r.pick(INSTANCE_TYPES) : r.pick(AZURE_SIZES);
      const notReady = prod && c.agent === 1 && i === 4;
      nodes.push(name);
      add({
        ...base,
        type: 'Kubernetes::Node',
        config_class: 'Node',
        name,
        parent: clusterKey,
        status: notReady ? 'NotReady' : 'Ready',
        health: notReady ? 'unhealthy' : 'healthy',
        description: notReady ? 'Kubelet stopped posting node status' : undefined,
        labels: {
          'node.kubernetes.io/instance-type': size,
          'topology.kubernetes.io/region': c.region,
          'topology.kubernetes.io/zone': `${c.region}${'abc'[i % 3]}`,
          'kubernetes.io/arch': 'amd64',
          'kubernetes.io/os': 'linux',
        },
        costPerMinute: r.float(0.002, 0.012, 4),
        config: {
          apiVersion: 'v1',
          kind: 'Node',
          metadata: { name, labels: { 'node.kubernetes.io/instance-type': size } },
          status: {
            capacity: { cpu: String(r.pick([2, 4, 8])), memory: `${r.pick([8, 16, 32])}Gi`, pods: '110' },
            nodeInfo: { kubeletVersion: 'v1.29.4', osImage: 'Bottlerocket OS 1.19.2' },
          },
        },
      });
    }
    for (const ns of NAMESPACES) {
      add({
        ...base,
        type: 'Kubernetes::Namespace',
        config_class: 'Namespace',
        name: ns,
        parent: clusterKey,
        status: 'Active',
        labels: { 'kubernetes.io/metadata.name': ns, ...(ns === 'kube-system' ? {} : { team: teamOf(ns) }) },
        config: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns }, status: { phase: 'Active' } },
      });
    }
    for (const svc of SERVICES) {
      const nsKey = key('Kubernetes::Namespace', c.name, undefined, svc.namespace);
      const labels = {
        app: svc.name,
        'app.kubernetes.io/part-of': COMPANY,
        'app.kubernetes.io/version': `1.${r.int(0, 30)}.${r.int(0, 9)}`,
        team: teamOf(svc.namespace),
        environment: c.environment,
      };
      const replicas = prod ? 3 : 1;
      const image = `ghcr.io/${COMPANY}/${svc.name}:1.${r.int(0, 30)}.${r.int(0, 9)}`;
      const nsb = { ...base, namespace: svc.namespace, service: svc.name };
      const troubled = prod && r.chance(0.12);
      const depKey = add({
        ...nsb,
        type: 'Kubernetes::Deployment',
        config_class: 'Deployment',
        name: svc.name,
        parent: nsKey,
        labels,
        status: troubled ? 'Progressing' : 'Running',
        health: troubled ? 'warning' : 'healthy',
        description: troubled ? `${replicas - 1}/${replicas} replicas available` : undefined,
        config: {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: svc.name, namespace: svc.namespace, labels },
          spec: {
            replicas,
            selector: { matchLabels: { app: svc.name } },
            template: {
              spec: {
                containers: [
                  {
                    name: svc.name,
                    image,
                    ports: [{ containerPort: svc.port }],
                    resources: { requests: { cpu: '250m', memory: '256Mi' }, limits: { memory: '512Mi' } },
                  },
                ],
              },
            },
          },
        },
      });
      const hash = r.hex(10);
      const rsKey = add({
        ...nsb,
        type: 'Kubernetes::ReplicaSet',
        config_class: 'ReplicaSet',
        name: `${svc.name}-${hash}`,
        parent: depKey,
        labels,
        status: 'Running',
        config: {
          apiVersion: 'apps/v1',
          kind: 'ReplicaSet',
          metadata: {
            name: `${svc.name}-${hash}`,
            namespace: svc.namespace,
            ownerReferences: [{ kind: 'Deployment', name: svc.name }],
          },
          spec: { replicas },
        },
      });
      for (let p = 0; p < replicas; p++) {
        const trouble = troubled && p === 0 ? r.pick(POD_TROUBLE) : undefined;
        const name = `${svc.name}-${hash}-${r.hex(5)}`;
        add({
          ...nsb,
          type: 'Kubernetes::Pod',
          config_class: 'Pod',
          name,
          parent: rsKey,
          labels: { ...labels, node: r.pick(nodes) },
          status: trouble?.status ?? 'Running',
          health: trouble?.health ?? 'healthy',
          description: trouble?.description,
          config: {
            apiVersion: 'v1',
            kind: 'Pod',
            metadata: { name, namespace: svc.namespace, labels: { app: svc.name } },
            spec: { nodeName: r.pick(nodes), containers: [{ name: svc.name, image }] },
            status: {
              phase: trouble ? 'Running' : 'Running',
              podIP: `10.${c.agent}.${r.int(0, 255)}.${r.int(1, 254)}`,
              containerStatuses: [
                { name: svc.name, ready: !trouble, restartCount: trouble ? r.int(3, 40) : r.int(0, 1) },
              ],
            },
          },
        });
      }
      add({
        ...nsb,
        type: 'Kubernetes::Service',
        config_class: 'Service',
        name: svc.name,
        parent: nsKey,
        labels,
        status: 'Active',
        config: {
          apiVersion: 'v1',
          kind: 'Service',
          metadata: { name: svc.name, namespace: svc.namespace },
          spec: {
            type: 'ClusterIP',
            selector: { app: svc.name },
            ports: [{ port: svc.port, targetPort: svc.port, protocol: 'TCP' }],
          },
        },
      });
      add({
        ...nsb,
        type: 'Kubernetes::ConfigMap',
        config_class: 'ConfigMap',
        name: `${svc.name}-config`,
        parent: nsKey,
        labels,
        config: {
          apiVersion: 'v1',
          kind: 'ConfigMap',
          metadata: { name: `${svc.name}-config`, namespace: svc.namespace },
          data: {
            LOG_LEVEL: r.pick(['info', 'debug', 'warn']),
            PORT: String(svc.port),
            UPSTREAMS: svc.uses.join(','),
          },
        },
      });
      if (prod) {
        add({
          ...nsb,
          type: 'Kubernetes::HelmRelease',
          config_class: 'HelmRelease',
          name: svc.name,
          parent: nsKey,
          labels,
          status: 'Ready',
          config: {
            apiVersion: 'helm.toolkit.fluxcd.io/v2',
            kind: 'HelmRelease',
            metadata: { name: svc.name, namespace: svc.namespace },
            spec: {
              interval: '10m',
              chart: {
                spec: {
                  chart: svc.name,
                  version: `0.${r.int(1, 20)}.0`,
                  sourceRef: { kind: 'HelmRepository', name: `${COMPANY}-charts` },
                },
              },
            },
          },
        });
      }
    }
    for (const ds of DATASTORES) {
      const nsKey = key('Kubernetes::Namespace', c.name, undefined, 'data');
      const replicas = ds === 'kafka' ? 3 : ds === 'elasticsearch' ? 2 : 1;
      const labels = {
        app: ds,
        'app.kubernetes.io/part-of': COMPANY,
        team: 'data',
        environment: c.environment,
      };
      const stsKey = add({
        ...base,
        namespace: 'data',
        service: ds,
        type: 'Kubernetes::StatefulSet',
        config_class: 'StatefulSet',
        name: ds,
        parent: nsKey,
        labels,
        status: 'Running',
        config: {
          apiVersion: 'apps/v1',
          kind: 'StatefulSet',
          metadata: { name: ds, namespace: 'data' },
          spec: {
            replicas,
            serviceName: ds,
            volumeClaimTemplates: [
              { metadata: { name: 'data' }, spec: { resources: { requests: { storage: '100Gi' } } } },
            ],
          },
        },
      });
      for (let p = 0; p < replicas; p++) {
        add({
          ...base,
          namespace: 'data',
          service: ds,
          type: 'Kubernetes::Pod',
          config_class: 'Pod',
          name: `${ds}-${p}`,
          parent: stsKey,
          labels: { ...labels, node: r.pick(nodes) },
          status: 'Running',
          config: {
            apiVersion: 'v1',
            kind: 'Pod',
            metadata: { name: `${ds}-${p}`, namespace: 'data' },
            spec: { nodeName: r.pick(nodes) },
          },
        });
      }
    }
    for (const ing of ['storefront', 'api-gateway', 'grafana', 'auth']) {
      const svc = SERVICES.find((s) => s.name === ing)!;
      const host = `${ing === 'storefront' ? 'www' : ing}.${prod ? '' : 'staging.'}${COMPANY}.example`;
      add({
        ...base,
        namespace: svc.namespace,
        service: ing,
        type: 'Kubernetes::Ingress',
        config_class: 'Ingress',
        name: ing,
        parent: key('Kubernetes::Namespace', c.name, undefined, svc.namespace),
        labels: { app: ing },
        config: {
          apiVersion: 'networking.k8s.io/v1',
          kind: 'Ingress',
          metadata: { name: ing, namespace: svc.namespace },
          spec: {
            ingressClassName: 'nginx',
            tls: [{ hosts: [host], secretName: `${ing}-tls` }],
            rules: [{ host }],
          },
        },
      });
    }
  }
  addCloud(r, add);
  return out;
}

export function teamOf(ns: string): string {
  return (
    {
      checkout: 'checkout',
      payments: 'payments',
      inventory: 'search',
      search: 'search',
      auth: 'identity',
      data: 'data',
    }[ns] ?? 'platform'
  );
}
