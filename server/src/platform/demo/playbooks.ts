import { FINAL_RUN_STATUSES, RUN_STATUSES } from '../../../../common/playbooks.js';
import type { DemoContext } from './context.js';
import { LOCAL_AGENT } from '../../../../common/agents.js';
import { DEMO_MANAGED_SOURCE } from './names.js';
import { Clock, DAY, MINUTE } from './random.js';
import type { DemoRow } from './writer.js';

interface Parameter {
  name: string;
  label: string;
  type: string;
  default?: string;
  required?: boolean;
  properties?: Record<string, unknown>;
}

interface PlaybookDef {
  name: string;
  title: string;
  category?: string;
  icon: string;
  configs?: string[];
  components?: string[];
  checks?: boolean;
  actions: string[];
  parameters: Parameter[];
}

const PLAYBOOKS: PlaybookDef[] = [
  {
    name: 'restart-deployment',
    title: 'Restart deployment',
    category: 'Kubernetes',
    icon: 'kubernetes',
    configs: ['Kubernetes::Deployment'],
    actions: ['rollout-restart', 'wait-for-rollout'],
    parameters: [
      {
        name: 'reason',
        label: 'Reason',
        type: 'text',
        required: true,
        properties: { minLength: 5, maxLength: 200 },
      },
      { name: 'wait', label: 'Wait for rollout', type: 'checkbox', default: 'true' },
    ],
  },
  {
    name: 'scale-deployment',
    title: 'Scale deployment',
    category: 'Kubernetes',
    icon: 'kubernetes',
    configs: ['Kubernetes::Deployment', 'Kubernetes::StatefulSet'],
    actions: ['scale'],
    parameters: [
      {
        name: 'replicas',
        label: 'Replicas',
        type: 'text',
        default: '3',
        required: true,
        properties: { regex: '^[0-9]+$', min: 0, max: 20 },
      },
    ],
  },
  {
    name: 'set-resources',
    title: 'Update resource limits',
    category: 'Kubernetes',
    icon: 'kubernetes',
    configs: ['Kubernetes::Deployment'],
    actions: ['patch', 'verify'],
    parameters: [
      {
        name: 'memory',
        label: 'Memory limit',
        type: 'text',
        default: '512Mi',
        properties: { format: 'bytes' },
      },
      {
        name: 'cpu',
        label: 'CPU limit',
        type: 'text',
        default: '500m',
        properties: { format: 'millicores' },
      },
    ],
  },
  {
    name: 'delete-pod',
    title: 'Delete pod',
    category: 'Kubernetes',
    icon: 'pod',
    configs: ['Kubernetes::Pod'],
    actions: ['delete'],
    parameters: [],
  },
  {
    name: 'rds-snapshot',
    title: 'Snapshot RDS instance',
    category: 'Database',
    icon: 'postgres',
    configs: ['AWS::RDS::DBInstance'],
    actions: ['create-snapshot', 'wait-available', 'notify'],
    parameters: [
      {
        name: 'snapshot_name',
        label: 'Snapshot name',
        type: 'text',
        required: true,
        properties: { format: 'dns1123' },
      },
      { name: 'notify', label: 'Notify team', type: 'team' },
    ],
  },
  {
    name: 'run-sql',
    title: 'Run SQL query',
    category: 'Database',
    icon: 'postgres',
    configs: ['AWS::RDS::DBInstance'],
    actions: ['query'],
    parameters: [
      {
        name: 'query',
        label: 'Query',
        type: 'code',
        required: true,
        properties: { language: 'sql', size: 'large' },
      },
      {
        name: 'database',
        label: 'Database',
        type: 'list',
        default: 'app',
        properties: {
          options: [
            { label: 'app', value: 'app' },
            { label: 'analytics', value: 'analytics' },
          ],
        },
      },
    ],
  },
  {
    name: 'page-owner',
    title: 'Page component owner',
    category: 'Incident Response',
    icon: 'pagerduty',
    components: ['Service'],
    actions: ['lookup-owner', 'send-page'],
    parameters: [
      { name: 'who', label: 'Who', type: 'people', required: true },
      { name: 'message', label: 'Message', type: 'text', properties: { multiline: true } },
      { name: 'related', label: 'Related config', type: 'config' },
    ],
  },
  {
    name: 'rerun-check',
    title: 'Re-run check with debug',
    category: 'Incident Response',
    icon: 'health',
    checks: true,
    actions: ['run-check'],
    parameters: [
      { name: 'component', label: 'Component', type: 'component' },
      { name: 'check', label: 'Check', type: 'check' },
      {
        name: 'values',
        label: 'Overrides',
        type: 'code',
        properties: { language: 'yaml', jsonSchemaUrl: 'https://acme.example/schemas/canary.json' },
      },
    ],
  },
  {
    name: 'cleanup-s3',
    title: 'Expire old S3 objects',
    icon: 'aws-s3',
    configs: ['AWS::S3::Bucket'],
    actions: ['list', 'delete'],
    parameters: [{ name: 'days', label: 'Older than (days)', type: 'text', default: '30' }],
  },
];

/** The kind of resource a playbook runs on: what its actions' templates name. */
const resourceOf = (p: PlaybookDef) => (p.configs ? 'config' : p.components ? 'component' : 'check');

/** Playbooks (parameters of every kind, categories) with runs in every status and their actions. */
export async function loadPlaybooks({ w, r, clock, refs }: DemoContext): Promise<void> {
  const admin = refs.people[0]!.id;
  const books = PLAYBOOKS.map((p) => ({ ...p, id: r.uuid() }));
  const specOf = (p: (typeof books)[number]) => ({
    title: p.title,
    icon: p.icon,
    category: p.category,
    description: `${p.title} from the console`,
    ...(p.configs ? { configs: [{ types: p.configs }] } : {}),
    ...(p.components ? { components: [{ types: p.components }] } : {}),
    ...(p.checks ? { checks: [{ types: ['http', 'tcp'] }] } : {}),
    parameters: p.parameters,
    actions: p.actions.map((a) => ({
      name: a,
      exec: { script: `echo running ${a} for {{.${resourceOf(p)}.name}}` },
      timeout: '5m',
    })),
  });
  await w.insert(
    'playbooks',
    books.map((p, i) => ({
      id: p.id,
      name: p.name,
      namespace: 'default',
      title: p.title,
      icon: p.icon,
      description: `${p.title} from the console`,
      category: p.category ?? null,
      spec: specOf(p),
      source: i === 1 ? DEMO_MANAGED_SOURCE : 'UI',
      created_by: admin,
      created_at: clock.ago((50 - i) * DAY),
      updated_at: clock.ago((10 - i) * DAY),
      deleted_at: null,
    })),
  );
  refs.playbooks = books.map((p) => ({ id: p.id, name: p.name }));

  const runs: DemoRow[] = [];
  const actions: DemoRow[] = [];
  for (let i = 0; i < 140; i++) {
    const book = books[i % books.length]!;
    const status = RUN_STATUSES[(i * 3) % RUN_STATUSES.length]!;
    const target = book.configs
      ? { config_id: r.pick(refs.configs.filter((c) => book.configs!.includes(c.type))).id }
      : book.components
        ? { component_id: r.pick(refs.components.filter((c) => c.type === 'Service')).id }
        : { check_id: r.pick(refs.checks).id };
    const scheduled =
      status === 'scheduled'
        ? clock.ahead(r.int(5, 600) * MINUTE)
        : status === 'pending'
          ? clock.ago(r.int(0, 120) * 1000)
          : clock.recent(r, 7 * DAY, 10 * MINUTE);
    const started = ['pending', 'scheduled', 'pending_approval'].includes(status)
      ? null
      : Clock.plus(scheduled, r.int(1, 20) * 1000);
    const done = FINAL_RUN_STATUSES.includes(status);
    const ended = done && started ? Clock.plus(started, r.int(3, 300) * 1000) : null;
    const id = r.uuid();
    const params: Record<string, unknown> = {};
    for (const p of book.parameters)
      params[p.name] =
        p.default ??
        (p.type === 'people' ? r.pick(refs.people).id : p.type === 'team' ? r.pick(refs.teams).id : 'demo');
    runs.push({
      id,
      playbook_id: book.id,
      status,
      spec: specOf(book),
      parameters: params,
      ...target,
      parent_id: null,
      // The console's own runner claims the local agent's unfinished runs: a demo run caught
      // half way is a remote agent's, which that agent would finish.
      agent_id: r.pick(done ? refs.agents : refs.agents.filter((a) => a.id !== LOCAL_AGENT)).id,
      scheduled_time: scheduled,
      start_time: started,
      end_time: ended,
      error:
        status === 'timed_out'
          ? 'the playbook exceeded its timeout of 30m'
          : status === 'failed' && i % 2 === 0
            ? 'action "wait-for-rollout" exceeded its timeout of 5m'
            : null,
      created_by: r.pick(refs.people).id,
      created_at: status === 'scheduled' ? clock.ago(r.int(1, 60) * MINUTE) : scheduled,
      updated_at: ended ?? started ?? scheduled,
    });
    if (!started) continue;
    let t = started;
    book.actions.forEach((name, k) => {
      const last = k === book.actions.length - 1;
      const astatus =
        status === 'completed'
          ? k === 1 && i % 7 === 0
            ? 'skipped'
            : 'completed'
          : status === 'failed'
            ? last
              ? 'failed'
              : 'completed'
            : status === 'timed_out'
              ? last
                ? 'timed_out'
                : 'completed'
              : status === 'cancelled'
                ? k === 0
                  ? 'completed'
                  : 'cancelled'
                : status === 'running'
                  ? k === 0
                    ? 'running'
                    : 'pending'
                  : status === 'waiting'
                    ? k === 0
                      ? 'waiting'
                      : 'pending'
                    : status === 'sleeping'
                      ? k === 0
                        ? 'sleeping'
                        : 'pending'
                      : 'pending';
      const aEnd = ['completed', 'failed', 'cancelled', 'skipped', 'timed_out'].includes(astatus)
        ? Clock.plus(t, r.int(1, 90) * 1000)
        : null;
      actions.push({
        id: r.uuid(),
        playbook_run_id: id,
        name,
        status: astatus,
        scheduled_time: t,
        start_time: astatus === 'pending' || astatus === 'skipped' ? null : t,
        end_time: aEnd,
        result:
          astatus === 'completed'
            ? { stdout: `${name}: ok\n`, stderr: '', logs: `[${name}] finished` }
            : astatus === 'failed'
              ? { stdout: '', stderr: 'error: timed out waiting for the condition\n' }
              : null,
        error: astatus === 'failed' ? 'exit status 1' : null,
        retry_count: astatus === 'failed' ? 2 : 0,
        agent_id: null,
        created_at: t,
        updated_at: aEnd ?? t,
      });
      if (aEnd) t = aEnd;
    });
  }
  runs.sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)));
  await w.insert('playbook_runs', runs);
  await w.insert('playbook_run_actions', actions);
}
