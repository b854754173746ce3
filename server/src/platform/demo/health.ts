import { rollUpStatuses } from '../health/rollups.js';
import type { CatalogItem } from './catalog.js';
import { defineChecks } from './checks.js';
import type { DemoContext } from './context.js';
import { loadLiveCanaries } from './live-canaries.js';
import { DEMO_MANAGED_SOURCE, LOREM_ERRORS } from './names.js';
import { DAY, HOUR, MINUTE } from './random.js';
import type { DemoRow } from './writer.js';
import { CHECK_STATUS_SQL, statusAt, type StatusPlan } from './statuses.js';

/**
 * Canaries, checks, 7 days of check statuses (generated in the database) with their rollups,
 * check relations, and the live canary the console's own runner runs.
 */
export async function loadHealth(ctx: DemoContext, items: CatalogItem[]): Promise<void> {
  const { w, r, clock, refs } = ctx;
  const admin = refs.people[0]!.id;
  const defs = defineChecks(ctx, items);

  // Canaries: one per (agent, namespace, group).
  const canaryIds = new Map<string, string>();
  const canaryRows: DemoRow[] = [];
  for (const d of defs) {
    const k = `${d.agent}/${d.namespace}/${d.canary}`;
    if (canaryIds.has(k)) continue;
    const id = r.uuid();
    canaryIds.set(k, id);
    const members = defs.filter((x) => `${x.agent}/${x.namespace}/${x.canary}` === k);
    const spec: Record<string, unknown> = { schedule: '@every 5m' };
    for (const m of members) ((spec[m.type] ??= []) as unknown[]).push(m.spec);
    const created = clock.ago(r.int(30, 200) * DAY);
    canaryRows.push({
      id,
      name: d.canary,
      namespace: d.namespace,
      icon: members[0]!.type,
      labels: { team: members[0]!.labels.team ?? 'platform', ...(d.cluster ? { cluster: d.cluster } : {}) },
      schedule: '@every 5m',
      spec,
      source: d.canary === 'prometheus-slos' ? DEMO_MANAGED_SOURCE : 'UI',
      agent_id: d.agent,
      created_by: admin,
      created_at: created,
      updated_at: clock.ago(r.int(1, 20) * DAY),
    });
    refs.canaries.push({ id, name: d.canary, namespace: d.namespace });
  }
  await w.insert('canaries', canaryRows);

  // Checks, each with a failure plan the status generator and the latest-status columns share.
  const plans: StatusPlan[] = [];
  const checkRows: DemoRow[] = [];
  defs.forEach((d, i) => {
    const id = r.uuid();
    const step = r.pick([30, 40, 45, 60]) * 60;
    const failingNow = i % 11 === 3;
    const plan: StatusPlan = {
      id,
      seed: r.int(1, 1_000_000),
      step,
      offset: r.int(5, step - 5),
      base:
        d.type === 'icmp' || d.type === 'dns'
          ? r.int(2, 40)
          : d.type === 'exec'
            ? r.int(800, 4000)
            : r.int(20, 400),
      flake: r.chance(0.3) ? r.float(0.02, 0.12, 3) : 0.004,
      out1From: r.chance(0.35) ? (r.int(1, 6) * DAY) / 1000 + r.int(0, 86400) : -1,
      out1To: 0,
      out2From: failingNow ? r.int(1, 30) * 3600 : -1,
      out2To: -1,
      error: r.pick(LOREM_ERRORS),
    };
    plan.out1To = plan.out1From < 0 ? -1 : plan.out1From - r.int(1, 8) * 1800;
    plans.push(plan);
    const latest = statusAt(plan, 0);
    let g = 1;
    while (g < 400 && statusAt(plan, g) === latest) g++;
    const lastRun = clock.ago(plan.offset * 1000);
    const deleted = i % 97 === 50 ? clock.ago(2 * DAY) : null;
    checkRows.push({
      id,
      canary_id: canaryIds.get(`${d.agent}/${d.namespace}/${d.canary}`),
      agent_id: d.agent,
      type: d.type,
      name: d.name,
      namespace: d.namespace,
      description: `${d.type.toUpperCase()} check for ${d.service ?? d.endpoint}`,
      endpoint: d.endpoint,
      icon: d.type,
      owner: d.labels.team ?? null,
      severity: r.pick(['info', 'low', 'medium', 'high', 'critical']),
      labels: d.labels,
      spec: d.spec,
      status: latest ? 'healthy' : 'unhealthy',
      last_runtime: lastRun,
      next_runtime: clock.ahead((plan.step - plan.offset) * 1000),
      last_transition_time: clock.ago((plan.offset + (g - 1) * plan.step) * 1000),
      silenced_at: i % 53 === 7 ? clock.ago(3 * HOUR) : null,
      created_by: admin,
      created_at: clock.ago(30 * DAY + r.int(0, 600) * MINUTE),
      updated_at: lastRun,
      deleted_at: deleted,
    });
    refs.checks.push({
      id,
      name: d.name,
      namespace: d.namespace,
      service: d.service,
      status: latest ? 'healthy' : 'unhealthy',
    });
  });
  await w.insert('checks', checkRows);
  await insertStatuses(ctx, plans);

  const cfgRows: DemoRow[] = [];
  const compRows: DemoRow[] = [];
  defs.forEach((d, i) => {
    const check = checkRows[i]!;
    const at = check.created_at;
    for (const cfg of new Set(d.configs.filter((x): x is CatalogItem => !!x)))
      cfgRows.push({
        check_id: check.id,
        config_id: cfg.id,
        canary_id: check.canary_id,
        selector_id: '',
        created_at: at,
        updated_at: at,
      });
    for (const c of new Set(d.components))
      compRows.push({
        check_id: check.id,
        component_id: c,
        canary_id: check.canary_id,
        selector_id: '',
        created_at: at,
        updated_at: at,
      });
  });
  await w.insert('check_config_relationships', cfgRows);
  await w.insert('check_component_relationships', compRows);
  await loadLiveCanaries(ctx);
}

async function insertStatuses({ w, clock }: DemoContext, plans: StatusPlan[]): Promise<void> {
  const col = <K extends keyof StatusPlan>(k: K) => plans.map((p) => p[k]);
  await w.run('check_statuses', CHECK_STATUS_SQL, [
    clock.now.toISOString(),
    7 * 86400,
    col('id'),
    col('seed'),
    col('step'),
    col('offset'),
    col('base'),
    col('flake'),
    col('out1From'),
    col('out1To'),
    col('out2From'),
    col('out2To'),
    col('error'),
  ]);
  const rolled = await rollUpStatuses(w.q, clock.now);
  w.counts.check_status_rollups = rolled.hours + rolled.days;
}
