import type { CatalogItem } from './catalog.js';
import { teamOf } from './catalog.js';
import type { DemoContext } from './context.js';
import { CLUSTERS, COMPANY, DATASTORES, SERVICES } from './names.js';

/** The Pod a pod check starts, as the platform takes it: a YAML text. */
const podSpecYaml = (service: string, namespace: string) =>
  [
    'apiVersion: v1',
    'kind: Pod',
    'metadata:',
    `  name: ${service}-canary`,
    `  namespace: ${namespace}`,
    'spec:',
    '  containers:',
    `    - name: ${service}`,
    `      image: ghcr.io/acme/${service}:stable`,
    '',
  ].join('\n');

/** One check to create: its canary group, agent, spec and what it watches. */
export interface CheckDef {
  canary: string;
  namespace: string;
  agent: string;
  type: string;
  name: string;
  endpoint: string;
  spec: Record<string, unknown>;
  labels: Record<string, string>;
  cluster?: string;
  service?: string;
  configs: (CatalogItem | undefined)[];
  components: string[];
}

/** The checks Acme runs: per service and cluster, datastores, nodes, DNS, TLS, AWS, SLOs, backups, CI. */
export function defineChecks({ refs }: DemoContext, items: CatalogItem[]): CheckDef[] {
  const find = (type: string, name: string, cluster?: string) =>
    items.find(
      (i) => i.type === type && i.name === name && (!cluster || i.cluster === cluster) && !i.deleted,
    );
  const comp = (type: string, name: string, cluster?: string) =>
    refs.components
      .filter((c) => c.type === type && c.name === name && (!cluster || c.cluster === cluster))
      .map((c) => c.id);
  const defs: CheckDef[] = [];

  for (const c of CLUSTERS) {
    const agent = refs.clusterAgent.get(c.name)!;
    const env = c.environment === 'production' ? '' : 'staging.';
    for (const svc of SERVICES) {
      const base = { canary: svc.name, namespace: svc.namespace, agent, cluster: c.name, service: svc.name };
      const labels = {
        team: teamOf(svc.namespace),
        app: svc.name,
        cluster: c.name,
        environment: c.environment,
      };
      const dep = find('Kubernetes::Deployment', svc.name, c.name);
      const components = comp('Service', svc.name, c.name);
      const url = `http://${svc.name}.${svc.namespace}.svc.cluster.local:${svc.port}/healthz`;
      defs.push({
        ...base,
        type: 'http',
        name: `${svc.name}-healthz-${c.region}`,
        endpoint: url,
        labels: { ...labels, tier: 'liveness' },
        configs: [dep],
        components,
        spec: {
          name: `${svc.name}-healthz-${c.region}`,
          url,
          method: 'GET',
          responseCodes: [200],
          thresholdMillis: 500,
          responseContent: 'ok',
        },
      });
      defs.push({
        ...base,
        type: 'pod',
        name: `${svc.name}-pods-${c.region}`,
        endpoint: `pod/${svc.namespace}/${svc.name}`,
        labels,
        configs: [dep],
        components,
        spec: {
          name: `${svc.name}-pods-${c.region}`,
          namespace: svc.namespace,
          spec: podSpecYaml(svc.name, svc.namespace),
          scheduleTimeout: 20000,
          readyTimeout: 10000,
        },
      });
      defs.push({
        ...base,
        type: 'tcp',
        name: `${svc.name}-port-${c.region}`,
        endpoint: `${svc.name}.${svc.namespace}.svc.cluster.local:${svc.port}`,
        labels,
        configs: [find('Kubernetes::Service', svc.name, c.name)],
        components,
        spec: {
          name: `${svc.name}-port-${c.region}`,
          endpoint: `${svc.name}.${svc.namespace}.svc.cluster.local:${svc.port}`,
          thresholdMillis: 200,
        },
      });
      if (c.environment === 'production' && svc.port !== 9090 && svc.namespace !== 'monitoring') {
        const api = `https://api.${env}${COMPANY}.example/${svc.name}/v1/status`;
        defs.push({
          ...base,
          type: 'http',
          name: `${svc.name}-api-${c.region}`,
          endpoint: api,
          labels: { ...labels, tier: 'api' },
          configs: [dep],
          components,
          spec: {
            name: `${svc.name}-api-${c.region}`,
            url: api,
            method: 'GET',
            responseCodes: [200, 204],
            thresholdMillis: 1200,
            headers: [
              { name: 'Authorization', valueFrom: { secretKeyRef: { name: 'synthetic', key: 'token' } } },
            ],
          },
        });
      }
    }
    for (const ds of DATASTORES) {
      const type = ds === 'elasticsearch' ? 'elasticsearch' : ds === 'kafka' ? 'tcp' : ds;
      const endpoint = `${ds}.data.svc.cluster.local:${{ postgres: 5432, redis: 6379, kafka: 9092, elasticsearch: 9200 }[ds]}`;
      defs.push({
        canary: 'datastores',
        namespace: 'data',
        agent,
        cluster: c.name,
        service: ds,
        type,
        name: `${ds}-${c.name}`,
        endpoint,
        labels: { team: 'data', app: ds, cluster: c.name, environment: c.environment },
        configs: [find('Kubernetes::StatefulSet', ds, c.name)],
        components: comp('DatabaseInstance', `${ds}-${c.name}`),
        spec:
          ds === 'postgres'
            ? {
                name: `${ds}-${c.name}`,
                connection: 'connection://postgres/acme-orders',
                query: 'select 1',
                results: 1,
              }
            : ds === 'redis'
              ? { name: `${ds}-${c.name}`, addr: endpoint, db: 0 }
              : ds === 'elasticsearch'
                ? {
                    name: `${ds}-${c.name}`,
                    url: `http://${endpoint}`,
                    index: 'orders',
                    query: '{"query": {"match_all": {}}}',
                    results: 1,
                  }
                : { name: `${ds}-${c.name}`, endpoint },
      });
      if (ds === 'postgres') {
        defs.push({
          canary: 'datastores',
          namespace: 'data',
          agent,
          cluster: c.name,
          service: ds,
          type: 'postgres',
          name: `postgres-replication-lag-${c.name}`,
          endpoint,
          labels: { team: 'data', app: ds, cluster: c.name },
          configs: [find('Kubernetes::StatefulSet', ds, c.name)],
          components: comp('DatabaseInstance', `${ds}-${c.name}`),
          spec: {
            name: `postgres-replication-lag-${c.name}`,
            query: 'select extract(epoch from now() - pg_last_xact_replay_timestamp()) as lag',
            test: { expr: 'results.rows[0].lag < 30' },
          },
        });
      }
    }
    defs.push({
      canary: 'nodes',
      namespace: 'kube-system',
      agent,
      cluster: c.name,
      type: 'kubernetes',
      name: `nodes-ready-${c.name}`,
      endpoint: `kubernetes://${c.name}/nodes`,
      labels: { team: 'sre', cluster: c.name },
      configs: [find('Kubernetes::Cluster', c.name, c.name)],
      components: comp('KubernetesCluster', c.name),
      spec: { name: `nodes-ready-${c.name}`, kind: 'Node', ready: true, healthy: true },
    });
    for (let i = 0; i < 2; i++) {
      const node = items.filter((x) => x.type === 'Kubernetes::Node' && x.cluster === c.name)[i * 2]!;
      defs.push({
        canary: 'nodes',
        namespace: 'kube-system',
        agent,
        cluster: c.name,
        type: 'icmp',
        name: `ping-${node.name.split('.')[0]}`,
        endpoint: node.name,
        labels: { team: 'sre', cluster: c.name },
        configs: [node],
        components: [],
        spec: {
          name: `ping-${node.name}`,
          endpoint: node.name,
          packetCount: 3,
          packetLossThreshold: 10,
          thresholdMillis: 50,
        },
      });
    }
  }
  // Checks of the outside world (DNS, TLS, cloud, CI) run in the EU cluster's agent: their targets
  // are fictional, so the console's own runner (the local agent) must not run them.
  const edge = {
    agent: refs.clusterAgent.get('acme-prod-eu')!,
    configs: [] as (CatalogItem | undefined)[],
    components: [] as string[],
  };
  for (const host of ['www', 'api', 'auth', 'grafana', 'status', 'docs', 'cdn', 'mail']) {
    const fqdn = `${host}.${COMPANY}.example`;
    defs.push({
      ...edge,
      canary: 'dns-records',
      namespace: 'platform',
      type: 'dns',
      name: `dns-${host}`,
      endpoint: fqdn,
      labels: { team: 'platform', tier: 'edge' },
      spec: {
        name: `dns-${host}`,
        server: '1.1.1.1',
        port: 53,
        query: fqdn,
        querytype: 'A',
        minrecords: 1,
        thresholdMillis: 100,
      },
    });
    defs.push({
      ...edge,
      canary: 'ssl-certificates',
      namespace: 'platform',
      type: 'http',
      name: `tls-${host}`,
      endpoint: `https://${fqdn}`,
      labels: { team: 'platform', tier: 'edge' },
      spec: { name: `tls-${host}`, url: `https://${fqdn}`, maxSSLExpiry: 14, responseCodes: [200, 301, 302] },
    });
  }
  for (const b of ['acme-backups', 'acme-assets', 'acme-logs', 'acme-data-lake', 'acme-invoices']) {
    defs.push({
      ...edge,
      canary: 'aws-resources',
      namespace: 'platform',
      type: 's3',
      name: `s3-${b}`,
      endpoint: `s3://${b}`,
      labels: { team: 'platform', provider: 'aws' },
      configs: [find('AWS::S3::Bucket', b)],
      spec: { name: `s3-${b}`, bucket: b, objectPath: 'healthcheck.txt', region: 'eu-west-1' },
    });
  }
  for (const alarm of [
    'rds-cpu-high',
    'rds-free-storage',
    'alb-5xx',
    'sqs-age',
    'lambda-errors',
    'nat-gateway-drops',
  ]) {
    defs.push({
      ...edge,
      canary: 'cloudwatch-alarms',
      namespace: 'platform',
      type: 'cloudwatch',
      name: `cloudwatch-${alarm}`,
      endpoint: `arn:aws:cloudwatch:eu-west-1:123456789012:alarm:${alarm}`,
      labels: { team: 'sre', provider: 'aws' },
      spec: { name: `cloudwatch-${alarm}`, region: 'eu-west-1', alarms: [alarm] },
    });
  }
  for (const q of [
    'error-budget-checkout',
    'error-budget-payments',
    'apdex-storefront',
    'kafka-consumer-lag',
    'disk-usage',
    'pod-restarts',
    'cpu-throttling',
    'oom-kills',
    'http-5xx-ratio',
    'cert-manager-failures',
  ]) {
    defs.push({
      ...edge,
      canary: 'prometheus-slos',
      namespace: 'monitoring',
      type: 'prometheus',
      name: q,
      endpoint: 'http://prometheus.monitoring.svc:9090',
      labels: { team: 'sre', tier: 'slo' },
      spec: {
        name: q,
        url: 'http://prometheus.monitoring.svc:9090',
        query: `slo:${q.replace(/-/g, '_')}:ratio_rate5m`,
        test: { expr: 'results[0].value < 0.01' },
      },
    });
  }
  for (const job of ['postgres-backup', 'redis-snapshot', 'velero-daily', 'etcd-snapshot', 'kafka-mirror']) {
    defs.push({
      ...edge,
      agent: refs.clusterAgent.get('acme-prod-us')!,
      canary: 'backups',
      namespace: 'data',
      type: 'exec',
      name: job,
      endpoint: `exec://${job}`,
      labels: { team: 'data', tier: 'backup' },
      spec: { name: job, script: `./check-${job}.sh --max-age 26h` },
    });
  }
  for (const repo of ['checkout-service', 'payments', 'infrastructure']) {
    defs.push({
      ...edge,
      canary: 'github',
      namespace: 'platform',
      type: 'github',
      name: `ci-${repo}`,
      endpoint: `https://github.com/${COMPANY}/${repo}`,
      labels: { team: 'platform', tier: 'ci' },
      configs: [find('GitHub::Repository', `${COMPANY}/${repo}`)],
      spec: {
        name: `ci-${repo}`,
        query: `repos(${COMPANY}/${repo}).workflows.latest.conclusion == "success"`,
      },
    });
  }

  return defs;
}
