import type { CatalogItem } from './catalog.js';
import type { DemoContext } from './context.js';
import { ANALYSES, ANALYSIS_TYPES, CHANGE_TYPES, COMPANY, SEVERITIES } from './names.js';
import { Clock, DAY, HOUR, MINUTE } from './random.js';
import type { DemoRow } from './writer.js';

/** Config relationships (hard and soft), changes and insights. */
export async function loadCatalogEvents(ctx: DemoContext, items: CatalogItem[]): Promise<void> {
  await loadRelationships(ctx, items);
  await loadChanges(ctx, items);
  await loadAnalyses(ctx, items);
}

async function loadRelationships({ w, r, clock }: DemoContext, items: CatalogItem[]): Promise<void> {
  const rows: DemoRow[] = [];
  const seen = new Set<string>();
  const link = (
    from: CatalogItem | undefined,
    to: CatalogItem | undefined,
    relation: 'hard' | 'soft',
    selector = '',
  ) => {
    if (!from || !to || from.id === to.id) return;
    const k = `${from.id}/${to.id}/${selector}`;
    if (seen.has(k)) return;
    seen.add(k);
    const at = clock.ago(r.int(1, 60) * DAY);
    rows.push({
      config_id: from.id,
      related_id: to.id,
      relation,
      selector_id: selector,
      created_at: at,
      updated_at: at,
      deleted_at: to.deleted ? clock.recent(r, 5 * DAY) : null,
    });
  };
  const byId = new Map(items.map((i) => [i.id, i]));
  const find = (type: string, name: string, cluster?: string, namespace?: string) =>
    items.find(
      (i) =>
        i.type === type &&
        i.name === name &&
        (cluster === undefined || i.cluster === cluster) &&
        (namespace === undefined || i.namespace === namespace),
    );
  const ofType = (type: string) => items.filter((i) => i.type === type);

  // The scraped hierarchy: cluster → node/namespace → deployment → replicaset → pod, vpc → subnet/instance.
  for (const item of items) if (item.parentId) link(byId.get(item.parentId), item, 'hard');
  // node → pod
  for (const pod of ofType('Kubernetes::Pod'))
    link(find('Kubernetes::Node', pod.labels?.node ?? '', pod.cluster), pod, 'hard');
  // service → deployment, ingress → service, pod → configmap
  for (const svc of ofType('Kubernetes::Service'))
    link(svc, find('Kubernetes::Deployment', svc.name, svc.cluster, svc.namespace), 'hard');
  for (const ing of ofType('Kubernetes::Ingress'))
    link(ing, find('Kubernetes::Service', ing.name, ing.cluster, ing.namespace), 'hard');
  for (const pod of ofType('Kubernetes::Pod'))
    if (pod.service)
      link(pod, find('Kubernetes::ConfigMap', `${pod.service}-config`, pod.cluster, pod.namespace), 'soft');
  // cloud ↔ kubernetes
  for (const eks of ofType('AWS::EKS::Cluster')) {
    link(eks, find('Kubernetes::Cluster', eks.name, eks.name), 'hard');
    const workers = ofType('AWS::EC2::Instance').filter((i) => i.name.startsWith(`${eks.name}-worker-`));
    const nodes = ofType('Kubernetes::Node').filter((n) => n.cluster === eks.name);
    workers.forEach((wk, i) => link(wk, nodes[i], 'hard'));
  }
  const aks = find('Azure::AKS', 'acme-staging');
  link(aks, find('Kubernetes::Cluster', 'acme-staging', 'acme-staging'), 'hard');
  for (const vm of ofType('Azure::VM')) link(vm, find('Kubernetes::Node', vm.name, 'acme-staging'), 'hard');
  // soft: what each deployment talks to, which repository builds it, which role it assumes
  const rds = ofType('AWS::RDS::DBInstance');
  const redis = ofType('AWS::ElastiCache::CacheCluster');
  const repos = ofType('GitHub::Repository');
  const roles = ofType('AWS::IAM::Role');
  for (const dep of ofType('Kubernetes::Deployment')) {
    const db = rds.find((d) => d.name.includes(dep.namespace ?? '-')) ?? rds[1];
    if (dep.cluster !== 'acme-staging') {
      link(dep, db, 'soft');
      link(
        dep,
        redis.find((c) => c.name.startsWith(dep.cluster ?? '-')),
        'soft',
      );
      link(r.pick(roles), dep, 'soft');
    }
    link(
      repos.find(
        (rp) => rp.name === `${COMPANY}/${dep.name}` || rp.name === `${COMPANY}/${dep.name}-service`,
      ),
      dep,
      'soft',
    );
  }
  for (const fn of ofType('AWS::Lambda::Function')) link(fn, r.pick(ofType('AWS::S3::Bucket')), 'soft');
  // a few links made by hand in the UI
  for (let i = 0; i < 6; i++) link(r.pick(repos), r.pick(ofType('AWS::S3::Bucket')), 'soft', 'manual');
  await w.insert('config_relationships', rows);
}

const FORK_BY_PREFIX: [prefix: string, sources: string[]][] = [
  ['Kubernetes::HelmRelease', ['flux']],
  ['Kubernetes::', ['kubernetes', 'kubernetes/event']],
  ['AWS::', ['CloudTrail']],
  ['Azure::', ['AzureActivityLog']],
  ['GitHub::', ['GitHub']],
];

async function loadChanges({ w, r, clock, refs }: DemoContext, items: CatalogItem[]): Promise<void> {
  const rows: DemoRow[] = [];
  const weighted = items.flatMap((i) =>
    /Pod|Deployment|HelmRelease|Repository|RDS|IAM/.test(i.type) ? [i, i, i] : [i],
  );
  const azureChanges = [
    {
      type: 'Microsoft.Compute/virtualMachines/write',
      severity: 'low',
      source: 'AzureActivityLog',
      summary: 'Virtual machine updated',
    },
    {
      type: 'Microsoft.Compute/virtualMachines/deallocate/action',
      severity: 'medium',
      source: 'AzureActivityLog',
      summary: 'Virtual machine deallocated',
    },
  ];
  const bots = [
    'github-actions[bot]',
    'flux-system/kustomize-controller',
    'arn:aws:iam::123456789012:role/acme-terraform',
    'renovate[bot]',
    'system:serviceaccount:kube-system:karpenter',
  ];
  for (let i = 0; i < 2600; i++) {
    const item = r.pick(weighted);
    const sources = FORK_BY_PREFIX.find(([p]) => item.type.startsWith(p))?.[1] ?? ['kubernetes'];
    const pool =
      sources[0] === 'AzureActivityLog'
        ? azureChanges
        : CHANGE_TYPES.filter((c) => sources.includes(c.source));
    const def = r.pick(pool.length ? pool : CHANGE_TYPES);
    const created = clock.recent(r, 7 * DAY);
    const repeated = def.source === 'kubernetes/event' && r.chance(0.25);
    const count = i === 0 ? 612 : repeated ? r.int(2, 80) : 1;
    const byPerson =
      def.source === 'CloudTrail' || def.source === 'GitHub' || def.source === 'AzureActivityLog'
        ? r.chance(0.5)
        : r.chance(0.05);
    const person = byPerson ? r.pick(refs.people) : undefined;
    const id = r.uuid();
    rows.push({
      id,
      config_id: item.id,
      external_change_id: r.chance(0.7) ? `${def.source}-${r.hex(16)}` : null,
      change_type: def.type,
      severity: def.severity,
      source: def.source,
      summary: def.type === 'diff' ? def.summary : `${def.summary}: ${item.name}`,
      tags: { cluster: item.cluster ?? 'cloud', namespace: item.namespace ?? '' },
      details:
        def.type === 'diff'
          ? null
          : {
              reason: def.type,
              message: def.summary,
              object: { kind: item.config_class, name: item.name, namespace: item.namespace ?? null },
            },
      patches: def.type === 'diff' ? { spec: { replicas: r.int(2, 6) } } : null,
      diff:
        def.type === 'diff'
          ? `--- a\n+++ b\n@@ -4 +4 @@\n-  replicas: ${r.int(1, 3)}\n+  replicas: ${r.int(3, 6)}\n`
          : null,
      created_by: person?.id ?? null,
      external_created_by: person ? null : r.pick(bots),
      first_observed: count > 1 ? Clock.plus(created, -r.int(1, 48) * HOUR) : created,
      count,
      created_at: created,
    });
    refs.changes.push({ id, configId: item.id });
  }
  await w.insert('config_changes', rows);
}

async function loadAnalyses({ w, r, clock, refs }: DemoContext, items: CatalogItem[]): Promise<void> {
  const live = items.filter((i) => !i.deleted);
  const rows: DemoRow[] = [];
  for (let i = 0; i < 320; i++) {
    const type = ANALYSIS_TYPES[i % ANALYSIS_TYPES.length]!;
    const severity = SEVERITIES[i % SEVERITIES.length]!;
    const [analyzer, message] = r.pick(ANALYSES[type]);
    const item = r.pick(live);
    const status = i % 8 === 5 ? 'resolved' : i % 10 === 7 ? 'silenced' : 'open';
    const first = clock.ago(r.int(1, 30 * 24) * HOUR);
    const last =
      status === 'open'
        ? clock.ago(r.int(1, 120) * MINUTE)
        : minIso(Clock.plus(first, r.int(1, 48) * HOUR), clock.ago(0));
    const id = r.uuid();
    rows.push({
      id,
      config_id: item.id,
      analyzer,
      analysis_type: type,
      severity,
      status,
      message: `${message} (${item.name})`,
      summary: message,
      analysis: {
        resource: item.name,
        type: item.type,
        recommendation: `Review ${type.replace('_', ' ')} findings for ${item.name}`,
      },
      source: analyzer,
      first_observed: first,
      last_observed: last < first ? first : last,
      created_at: first,
      updated_at: last < first ? first : last,
    });
    refs.analyses.push({ id, configId: item.id });
  }
  await w.insert('config_analysis', rows);
}

function minIso(a: string, b: string): string {
  return a < b ? a : b;
}
