import {
  EVIDENCE_TYPES,
  HYPOTHESIS_STATUSES,
  INCIDENT_STATUSES,
  INCIDENT_TYPES,
} from '../../../../common/incidents.js';
import { dodSampleFor } from '../../../../common/dod-scripts.js';
import type { DemoContext } from './context.js';
import { INCIDENT_TITLES, SERVICES, SEVERITIES } from './names.js';
import { Clock, DAY, HOUR, MINUTE } from './random.js';
import type { DemoRow } from './writer.js';
import { alignHistory } from './incident-history.js';

const PER_STATUS = 11;
const CHAIN = ['open', 'investigating', 'mitigated', 'resolved', 'closed'];
const COMMENTS = [
  'Looking into this now, checking the recent deploys.',
  'Error rate started climbing at the same time as the rollout. @[{p}](user:{id}) can you confirm the image tag?',
  'Rolled back to the previous version; watching the dashboards.',
  'Database CPU is at 95%, connection pool saturated.',
  '@[{p}](user:{id}) paging you in, this looks like the same issue as last week.',
  'Customer support reports checkout failures from EU users only.',
  'Added evidence from the pod logs, OOMKilled three times in 10 minutes.',
  'Mitigated by scaling the deployment to 6 replicas. Root cause still open.',
  'Postmortem draft: https://github.com/acme/runbooks/wiki/postmortems',
];

/** Incident rules, incidents in every status, hypothesis trees, evidence, comments and responders. */
export async function loadIncidents(ctx: DemoContext): Promise<void> {
  const { w, r, clock, refs } = ctx;
  const people = refs.people;
  const commanders = people.filter((p) => p.roles.includes('commander') || p.roles.includes('admin'));
  const admin = people[0]!.id;

  const rules = [
    {
      name: 'critical-checks',
      spec: {
        priority: 1,
        filter: { status: ['unhealthy'], severity: ['critical', 'blocker'] },
        autoAssignOwner: true,
        template: { type: 'availability', severity: 'high' },
        responders: { team: [{ name: 'SRE' }] },
      },
    },
    {
      name: 'security-insights',
      spec: {
        priority: 2,
        filter: { type: ['security'], severity: ['high', 'critical'] },
        template: { type: 'security', severity: 'critical' },
        responders: { team: [{ name: 'Security' }] },
      },
    },
    {
      name: 'cost-anomalies',
      spec: {
        priority: 3,
        filter: { type: ['cost'], age: 24 * 60 * 60 },
        template: { type: 'cost', severity: 'medium' },
      },
    },
  ].map((x) => ({ ...x, id: r.uuid() }));
  await w.insert(
    'incident_rules',
    rules.map((x) => ({
      id: x.id,
      name: x.name,
      namespace: 'default',
      icon: 'alarm',
      labels: { managed: 'ui' },
      schedule: '@every 5m',
      spec: x.spec,
      source: 'UI',
      created_by: admin,
      created_at: clock.ago(60 * DAY),
      updated_at: clock.ago(5 * DAY),
    })),
  );

  const incidents: DemoRow[] = [];
  const hypotheses: DemoRow[] = [];
  const evidences: DemoRow[] = [];
  const comments: DemoRow[] = [];
  const responders: DemoRow[] = [];
  const advance = new Map<string, string[]>();
  let evidenceNo = 0;
  const statuses = INCIDENT_STATUSES.flatMap((s) => Array.from({ length: PER_STATUS }, () => s));
  statuses.forEach((status, n) => {
    const id = r.uuid();
    const svc = SERVICES[n % SERVICES.length]!;
    const title = r.pick(INCIDENT_TITLES).replace('{svc}', svc.name);
    const age =
      status === 'new'
        ? r.int(10, 180) * MINUTE
        : status === 'closed'
          ? r.int(3, 7) * DAY
          : r.int(2, 6 * 24) * HOUR;
    const created = clock.ago(age);
    const at = (fraction: number) => Clock.plus(created, age * fraction);
    const stage = CHAIN.indexOf(status);
    const commander = r.pick(commanders);
    incidents.push({
      id,
      title,
      description: `${title}. Detected by ${r.pick(['a failing health check', 'a customer report', 'an SLO burn alert', 'the on-call engineer'])}.`,
      type: INCIDENT_TYPES[n % INCIDENT_TYPES.length],
      status: status === 'new' ? 'new' : 'open',
      severity: SEVERITIES[(n * 3) % SEVERITIES.length],
      commander_id: status === 'new' ? null : commander.id,
      communicator_id: n % 3 === 0 ? r.pick(people).id : null,
      incident_rule_id: n % 9 === 0 ? rules[n % rules.length]!.id : null,
      acknowledged: stage >= 1 ? at(0.1) : null,
      resolved: stage >= 3 ? at(0.6) : null,
      closed: stage >= 4 ? at(0.8) : null,
      created_by: r.pick(people).id,
      created_at: created,
      updated_at: created,
    });
    if (stage >= 1) advance.set(id, CHAIN.slice(1, stage + 1));
    refs.incidents.push({ id, title, status });

    // Responders: a person, and a team with its ticketing system.
    const team = r.pick(refs.teams);
    const person = r.pick(people);
    const respIds = [r.uuid(), r.uuid()];
    responders.push({
      id: respIds[0],
      incident_id: id,
      type: 'person',
      person_id: person.id,
      properties: { responderType: 'person', person: person.id },
      acknowledge_time: stage >= 1 ? at(0.12) : null,
      signoff_time: stage >= 3 ? at(0.6) : null,
      close_time: stage >= 4 ? at(0.8) : null,
      created_by: commander.id,
      created_at: at(0.05),
      updated_at: at(0.05),
    });
    const kind = r.pick(['jira', 'email', 'ms_planner', 'service_now', 'aws_support'] as const);
    const props: Record<string, unknown> = { responderType: kind, external_id: '' };
    if (kind === 'jira')
      Object.assign(props, {
        project: 'OPS',
        issueType: 'Incident',
        summary: title,
        description: `See ${title}`,
        priority: 'High',
        external_id: `OPS-${r.int(100, 999)}`,
      });
    if (kind === 'email')
      Object.assign(props, {
        to: `${team.name.toLowerCase().split(' ')[0]}@acme.example`,
        subject: `[incident] ${title}`,
        body: 'Please join the incident channel #inc-' + (n + 1),
        // Already sent: the message id the SMTP server gave, kept as a delivered email responder keeps it.
        external_id: `<${respIds[1]}@acme.example>`,
      });
    if (kind === 'ms_planner')
      Object.assign(props, {
        plan_id: 'plan-ops',
        bucket_id: 'bucket-triage',
        priority: 'urgent',
        title,
        description: title,
        external_id: `task-${r.hex(8)}`,
      });
    if (kind === 'service_now' || kind === 'aws_support')
      Object.assign(props, {
        category: 'Incident',
        description: title,
        body: 'Automatically raised from Ops Console',
        external_id: `CASE${r.int(100000, 999999)}`,
      });
    if (n % 4 !== 1)
      responders.push({
        id: respIds[1],
        incident_id: id,
        type: kind,
        team_id: team.id,
        external_id: (props.external_id as string) || null,
        properties: props,
        acknowledge_time: stage >= 1 ? at(0.2) : null,
        created_by: commander.id,
        created_at: at(0.07),
        updated_at: at(0.07),
        deleted_at: n % 17 === 5 ? at(0.5) : null,
      });

    // Hypotheses: root → factors → solutions.
    const root = r.uuid();
    const hstat = (k: number) =>
      stage >= 3
        ? k === 0
          ? 'proven'
          : r.pick(HYPOTHESIS_STATUSES)
        : HYPOTHESIS_STATUSES[(n + k) % HYPOTHESIS_STATUSES.length];
    hypotheses.push({
      id: root,
      incident_id: id,
      parent_id: null,
      title: `Why is ${svc.name} degraded?`,
      type: 'root',
      status: stage >= 3 ? 'proven' : 'possible',
      created_by: commander.id,
      created_at: at(0.03),
      updated_at: at(0.03),
    });
    const factors: string[] = [];
    const factorTitles = [
      'Bad deploy of a new image',
      'Database connection pool exhausted',
      'Node under memory pressure',
      'Upstream dependency timing out',
      'Expired certificate',
    ];
    for (let f = 0; f < r.int(1, 3); f++) {
      const fid = r.uuid();
      factors.push(fid);
      hypotheses.push({
        id: fid,
        incident_id: id,
        parent_id: root,
        title: r.pick(factorTitles),
        type: 'factor',
        status: hstat(f + 1),
        owner: r.pick(people).id,
        team_id: team.id,
        created_by: commander.id,
        created_at: at(0.08 + f * 0.02),
        updated_at: at(0.08 + f * 0.02),
      });
      for (let s = 0; s < r.int(0, 2); s++) {
        hypotheses.push({
          id: r.uuid(),
          incident_id: id,
          parent_id: fid,
          title: r.pick([
            'Roll back the deployment',
            'Raise max_connections and pool size',
            'Cordon and drain the node',
            'Add a circuit breaker',
            'Renew the certificate',
          ]),
          type: 'solution',
          status: hstat(s + 2),
          created_by: commander.id,
          created_at: at(0.15 + s * 0.03),
          updated_at: at(0.15 + s * 0.03),
        });
      }
    }

    // Evidence: every type across the set; definition of done on later stages.
    const serviceComp = refs.components.find(
      (c) => c.type === 'Service' && c.service === svc.name && c.cluster === 'acme-prod-eu',
    );
    const dep = refs.configs.find(
      (c) => c.type === 'Kubernetes::Deployment' && c.name === svc.name && c.cluster === 'acme-prod-eu',
    );
    const check = refs.checks.find((c) => c.service === svc.name) ?? r.pick(refs.checks);
    const change = refs.changes.find((c) => c.configId === dep?.id) ?? r.pick(refs.changes);
    const analysis = refs.analyses.find((a) => a.configId === dep?.id) ?? r.pick(refs.analyses);
    for (let e = 0; e < r.int(2, 4); e++) {
      const type = EVIDENCE_TYPES[evidenceNo++ % EVIDENCE_TYPES.length]!;
      const dod = stage >= 2 && e === 0 ? true : type === 'comment' && stage >= 1;
      const created = at(0.1 + e * 0.05);
      const row: DemoRow = {
        id: r.uuid(),
        hypothesis_id: e === 0 ? root : r.pick([root, ...factors]),
        type,
        created_by: r.pick(people).id,
        created_at: created,
        updated_at: created,
        definition_of_done: dod,
        done: dod && stage >= 3,
        // An automatic item's script reads its evidence's own target; the other items are manual.
        script: dod ? (dodSampleFor(type)?.script ?? null) : null,
        properties: {},
      };
      if (type === 'log')
        Object.assign(row, {
          component_id: serviceComp?.id,
          description: `${svc.name} error logs`,
          evidence: {
            lines: [0, 1, 2].map((k) => ({
              timestamp: Clock.plus(created, -k * 60_000),
              message: `level=error msg="${r.pick(['request failed', 'upstream timeout', 'pool exhausted'])}" service=${svc.name}`,
              labels: { app: svc.name, pod: `${svc.name}-0` },
            })),
          },
        });
      if (type === 'topology')
        Object.assign(row, {
          component_id: serviceComp?.id,
          description: `${svc.name} component`,
          evidence: {},
        });
      if (type === 'config')
        Object.assign(row, {
          config_id: dep?.id,
          description: `${svc.name} deployment manifest`,
          evidence: {
            lines: [
              'spec:',
              '  replicas: 3',
              '  template:',
              '    spec:',
              '      containers:',
              `      - image: ghcr.io/acme/${svc.name}:1.4.2`,
            ],
            selected_lines: { '6': `      - image: ghcr.io/acme/${svc.name}:1.4.2` },
          },
        });
      if (type === 'check')
        Object.assign(row, {
          check_id: check.id,
          description: `${check.name} failing`,
          evidence: { start: '-24h', includeMessages: true },
        });
      if (type === 'config_change')
        Object.assign(row, {
          config_change_id: change.id,
          config_id: change.configId,
          description: 'Change shortly before the incident',
          evidence: {},
        });
      if (type === 'config_analysis')
        Object.assign(row, {
          config_analysis_id: analysis.id,
          config_id: analysis.configId,
          description: 'Related insight',
          evidence: {},
        });
      if (type === 'comment')
        Object.assign(row, {
          description: r.pick([
            'Error rate below 0.1% for 30 minutes',
            'Postmortem published',
            'Alert thresholds reviewed',
          ]),
          evidence: null,
        });
      evidences.push(row);
    }

    // Comments, some with mentions and some from responders.
    for (let c = 0; c < r.int(2, 5); c++) {
      const mention = r.pick(people);
      comments.push({
        id: r.uuid(),
        incident_id: id,
        hypothesis_id: r.pick([root, ...factors]),
        responder_id: c === 1 && stage >= 1 ? respIds[0] : null,
        comment: r.pick(COMMENTS).replace('{p}', mention.name).replace('{id}', mention.id),
        external_created_by: c === 2 && kind === 'jira' ? 'jira:automation' : null,
        created_by: r.pick(people).id,
        created_at: at(0.2 + c * 0.1),
        updated_at: at(0.2 + c * 0.1),
      });
    }
  });

  await w.insert('incidents', incidents);
  await w.insert('responders', responders);
  await w.insert('hypotheses', hypotheses);
  await w.insert('evidences', evidences);
  await w.insert('comments', comments);
  // Walk incidents through their statuses so the changelog triggers record each step.
  for (const step of CHAIN.slice(1)) {
    const ids = [...advance].filter(([, steps]) => steps.includes(step)).map(([id]) => id);
    if (ids.length)
      await w.q.query('update incidents set status = $2 where id = any($1::uuid[])', [ids, step]);
  }
  await alignHistory(ctx);
}
