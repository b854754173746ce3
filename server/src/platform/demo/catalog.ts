import type { DemoContext } from './context.js';
import { buildInventory, type ConfigSpec } from './inventory.js';
import { CLUSTERS, COMPANY } from './names.js';
import { DAY, HOUR, MINUTE } from './random.js';
import type { DemoRow } from './writer.js';

export { teamOf } from './inventory.js';
export type { ConfigSpec } from './inventory.js';

export interface CatalogItem extends ConfigSpec {
  id: string;
  parentId?: string;
  deleted: boolean;
}

export async function loadCatalog(ctx: DemoContext): Promise<CatalogItem[]> {
  const { w, r, clock, refs } = ctx;
  const admin = refs.people[0]!.id;
  const scraperDefs = [
    ...CLUSTERS.map((c) => ({
      name: `${c.name}-kubernetes`,
      type: 'kubernetes',
      agent: refs.clusterAgent.get(c.name)!,
      spec: {
        kubernetes: [{ clusterName: c.name, exclusions: { namespace: ['kube-public'] }, maxInflight: 64 }],
        schedule: '@every 30m',
      },
    })),
    {
      name: 'aws-acme-prod',
      type: 'aws',
      agent: refs.agents[0]!.id,
      spec: {
        aws: [
          {
            region: ['eu-west-1', 'us-east-1'],
            connection: 'connection://aws/acme-prod',
            compliance: true,
            cloudtrail: { exclude: ['AssumeRole'] },
            costReporting: { s3BucketPath: 's3://acme-cur/reports', table: 'athenacurcfn_acme' },
          },
        ],
      },
    },
    {
      name: 'azure-acme',
      type: 'azure',
      agent: refs.agents[2]!.id,
      spec: {
        azure: [
          { subscriptionID: 'b3a1c7e2-0000-4000-8000-acme00000001', connection: 'connection://azure/acme' },
        ],
      },
    },
    {
      name: 'github-acme',
      type: 'githubactions',
      agent: refs.agents[0]!.id,
      spec: {
        githubActions: [
          {
            owner: COMPANY,
            repository: '*',
            personalAccessToken: { valueFrom: { secretKeyRef: { name: 'github', key: 'token' } } },
          },
        ],
      },
    },
    {
      name: 'trivy-acme',
      type: 'trivy',
      agent: refs.agents[0]!.id,
      spec: { trivy: [{ version: '0.50.0', kubernetes: {}, ignoreUnfixed: true }] },
    },
  ];
  const scrapers = scraperDefs.map((s) => ({ ...s, id: r.uuid() }));
  await w.insert(
    'config_scrapers',
    scrapers.map((s) => ({
      id: s.id,
      name: s.name,
      namespace: 'mission-control',
      description: `Scrapes ${s.type} resources`,
      icon: s.type,
      labels: { team: 'platform' },
      schedule: '@every 30m',
      spec: s.spec,
      source: s.type === 'trivy' ? 'KubernetesCRD' : 'UI',
      agent_id: s.agent,
      created_by: admin,
      created_at: clock.ago(90 * DAY),
      updated_at: clock.ago(r.int(1, 20) * DAY),
    })),
  );
  refs.scrapers = scrapers.map((s) => ({ id: s.id, name: s.name, type: s.type, agentId: s.agent }));
  const scraperId = new Map(scrapers.map((s) => [s.name, s.id]));
  const agentOf = new Map(scrapers.map((s) => [s.name, s.agent]));

  const specs = buildInventory(r);
  const ids = new Map<string, string>();
  const keyOf = (s: ConfigSpec) => `${s.type}/${s.cluster ?? ''}/${s.namespace ?? ''}/${s.name}`;
  const rows: DemoRow[] = [];
  const items: CatalogItem[] = [];
  const parentPaths = new Map<string, string>();
  for (const s of specs) {
    const id = r.uuid();
    ids.set(keyOf(s), id);
    const parentId = s.parent ? ids.get(s.parent) : undefined;
    const path = parentId ? [parentPaths.get(parentId), parentId].filter(Boolean).join('.') : '';
    parentPaths.set(id, path);
    const created = clock.ago(r.int(1, 180) * DAY + r.int(0, 1440) * MINUTE);
    const deleted = s.type === 'Kubernetes::Pod' && r.chance(0.05) ? clock.recent(r, 6 * DAY) : null;
    const cpm = s.costPerMinute;
    rows.push({
      id,
      scraper_id: scraperId.get(s.scraper),
      agent_id: agentOf.get(s.scraper),
      parent_id: parentId ?? null,
      path: path || null,
      external_id: [s.externalId ?? `${s.cluster ?? COMPANY}/${s.namespace ?? ''}/${s.name}`],
      type: s.type,
      config_class: s.config_class,
      name: s.name,
      namespace: s.namespace ?? null,
      description: s.description ?? null,
      status: deleted ? 'Terminated' : (s.status ?? null),
      health: s.health ?? 'healthy',
      ready: (s.health ?? 'healthy') === 'healthy',
      labels: s.labels ?? {},
      tags: { account: COMPANY, ...(s.cluster ? { cluster: s.cluster } : {}), ...s.tags },
      config: s.config,
      format: 'json',
      source: s.scraper,
      cost_per_minute: cpm ?? null,
      cost_total_1d: cpm ? round(cpm * 1440 * r.float(0.85, 1.25)) : null,
      cost_total_7d: cpm ? round(cpm * 1440 * 7 * r.float(0.9, 1.1)) : null,
      cost_total_30d: cpm ? round(cpm * 1440 * 30 * r.float(0.9, 1.1)) : null,
      last_scraped_time:
        s.type.startsWith('GitHub') && r.chance(0.3)
          ? clock.ago(r.int(2, 30) * HOUR)
          : clock.ago(r.int(1, 40) * MINUTE),
      created_at: created,
      updated_at: clock.ago(r.int(5, 3 * 24 * 60) * MINUTE),
      deleted_at: deleted,
      delete_reason: deleted ? 'Deleted' : null,
    });
    items.push({ ...s, id, parentId, deleted: deleted !== null });
    refs.configs.push({
      id,
      name: s.name,
      type: s.type,
      namespace: s.namespace,
      cluster: s.cluster,
      service: s.service,
      health: deleted ? 'unknown' : (s.health ?? 'healthy'),
    });
  }
  await w.insert('configs', rows);
  return items;
}

function round(n: number): number {
  return Math.round(n * 10000) / 10000;
}
