import type { DemoContext } from './context.js';
import { LOREM_ERRORS, SEND_STATUSES } from './names.js';
import { Clock, DAY, HOUR, MINUTE } from './random.js';
import type { DemoRow } from './writer.js';

/** Notification rules, their send history in every status, and silences. */
export async function loadNotifications({ w, r, clock, refs }: DemoContext): Promise<void> {
  const admin = refs.people[0]!.id;
  const team = (name: string) => refs.teams.find((t) => t.name === name)!.id;
  // A filter on a label or tag tests that it is there first: CEL answers a missing key with an
  // error, which the rule records as its own (docs/notifications.md).
  const defs = [
    {
      title: 'Failing checks to SRE',
      events: ['check.failed'],
      team_id: team('SRE'),
      repeat_interval: '1h',
      filter: "check.severity in ['high', 'critical']",
    },
    {
      title: 'Checks recovered',
      events: ['check.passed'],
      team_id: team('SRE'),
      repeat_interval: null,
      filter: null,
    },
    {
      title: 'Payments components',
      events: ['component.unhealthy', 'component.warning', 'component.healthy'],
      team_id: team('Payments'),
      repeat_interval: '2h',
      filter: "has(component.labels.team) && component.labels.team == 'payments'",
    },
    {
      title: 'Unknown component health',
      events: ['component.unknown'],
      person_id: refs.people[4]!.id,
      repeat_interval: '1d',
      filter: null,
    },
    {
      title: 'Production config health',
      events: ['config.unhealthy', 'config.warning', 'config.unknown', 'config.healthy'],
      custom: 'slack',
      repeat_interval: '3h',
      filter: "has(config.tags.environment) && config.tags.environment == 'production'",
    },
    {
      title: 'Config lifecycle',
      events: ['config.created', 'config.deleted', 'config.updated'],
      custom: 'teams',
      repeat_interval: '6h',
      filter: "config.type.startsWith('AWS::')",
    },
    {
      title: 'Playbook approvals',
      events: ['playbook.approval.inserted', 'playbook.spec.approval.updated'],
      person_id: refs.people[1]!.id,
      repeat_interval: null,
      filter: null,
    },
    {
      title: 'Checkout on-call',
      events: ['check.failed', 'component.unhealthy'],
      team_id: team('Checkout'),
      repeat_interval: '1w',
      filter: "has(labels.team) && labels.team == 'checkout'",
      template:
        '### {{.check.name}} is failing\n\n{{.status.error}}\n\n[Open in Ops Console]({{.permalink}})',
    },
    {
      title: 'Security pager',
      events: ['config.unhealthy'],
      custom: 'opsgenie',
      repeat_interval: '1m',
      filter: "config.type == 'AWS::IAM::Role'",
      source: 'KubernetesCRD',
      error: "invalid filter: undeclared reference to 'confg'",
    },
    {
      title: 'Data team digest',
      events: ['check.failed', 'check.passed'],
      team_id: team('Data'),
      repeat_interval: '1d',
      filter: "check.namespace == 'data'",
    },
  ];
  const rules = defs.map((d) => ({ ...d, id: r.uuid() }));
  await w.insert(
    'notifications',
    rules.map((d, i) => {
      const conn = d.custom ? refs.connections.find((c) => c.type === d.custom) : undefined;
      const created = clock.ago((40 - i) * DAY);
      return {
        id: d.id,
        name: d.title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
        namespace: 'default',
        title: d.title,
        events: d.events,
        filter: d.filter,
        person_id: d.person_id ?? null,
        team_id: d.team_id ?? null,
        custom_services: conn
          ? [{ name: conn.name, connection: `connection://${conn.type}/${conn.name}`, filter: '' }]
          : null,
        repeat_interval: d.repeat_interval,
        template: d.template ?? null,
        properties: i % 2 ? { slack_channel: '#ops-alerts' } : {},
        labels: {},
        source: d.source ?? 'UI',
        error: d.error ?? null,
        error_at: d.error ? clock.ago(3 * HOUR) : null,
        created_by: admin,
        created_at: created,
        updated_at: Clock.plus(created, 2 * DAY),
      };
    }),
  );
  refs.notifications = rules.map((d) => ({ id: d.id, title: d.title }));

  const live = refs.configs.filter((c) => c.health !== 'healthy');
  const history: DemoRow[] = [];
  for (let i = 0; i < 720; i++) {
    const rule = rules[i % rules.length]!;
    const status = SEND_STATUSES[(i * 7) % SEND_STATUSES.length]!;
    const event = rule.events[i % rule.events.length]!;
    const kind = event.split('.')[0]!;
    const resource =
      kind === 'check'
        ? { id: r.pick(refs.checks).id, type: i % 15 === 0 ? 'canary' : 'check' }
        : kind === 'component'
          ? { id: r.pick(refs.components).id, type: 'component' }
          : kind === 'config'
            ? { id: r.pick(live.length ? live : refs.configs).id, type: 'config' }
            : { id: r.pick(refs.checks).id, type: 'check' };
    if (resource.type === 'canary') resource.id = r.pick(refs.canaries).id;
    const created = clock.recent(r, 7 * DAY);
    const count = status === 'repeat-interval' ? r.int(2, 12) : 1;
    const recipient =
      rule.person_id ??
      (rule.team_id ? r.pick(refs.teams.find((t) => t.id === rule.team_id)!.members) : null);
    history.push({
      id: r.uuid(),
      notification_id: rule.id,
      status,
      source_event: event,
      resource_id: resource.id,
      resource_type: resource.type,
      person_id: recipient,
      body:
        status === 'pending'
          ? null
          : `<h3>${event}</h3><p>${rule.title}: resource ${resource.type} changed state.</p><p><a href="/health">Open in Ops Console</a></p>`,
      error:
        status === 'error'
          ? r.pick([
              'slack: channel_not_found',
              'smtp: 535 5.7.8 authentication failed',
              'opsgenie: 429 Too Many Requests',
              LOREM_ERRORS[0]!,
            ])
          : null,
      duration_millis: status === 'pending' ? null : r.int(40, 2500),
      count,
      first_observed: count > 1 ? Clock.plus(created, -r.int(1, 24) * HOUR) : created,
      created_at: created,
    });
  }
  history.sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)));
  await w.insert('notification_send_history', history);

  const check = refs.checks.find((c) => c.status === 'unhealthy') ?? refs.checks[0]!;
  const silences = [
    {
      check_id: check.id,
      description: 'Known flaky during the maintenance window',
      from: clock.ago(2 * HOUR),
      until: clock.ahead(6 * HOUR),
    },
    {
      component_id: refs.components.find((c) => c.type === 'KubernetesCluster')!.id,
      recursive: true,
      description: 'Cluster upgrade to 1.30 in progress',
      from: clock.ago(30 * MINUTE),
      until: clock.ahead(3 * HOUR),
    },
    {
      config_id: refs.configs.find((c) => c.type === 'AWS::RDS::DBInstance')!.id,
      description: 'Storage resize scheduled tonight',
      from: clock.ago(1 * DAY),
      until: clock.ahead(1 * DAY),
    },
    {
      canary_id: refs.canaries.find((c) => c.name === 'backups')!.id,
      namespace: 'data',
      description: 'Backups re-platforming, alerts muted',
      from: clock.ago(3 * DAY),
      until: clock.ahead(4 * DAY),
      source: 'KubernetesCRD',
    },
    {
      check_id: refs.checks[5]!.id,
      description: 'Expired: load test last week',
      from: clock.ago(6 * DAY),
      until: clock.ago(5 * DAY),
    },
    {
      component_id: refs.components[3]!.id,
      description: 'Removed: wrong component',
      from: clock.ago(2 * DAY),
      until: clock.ahead(2 * DAY),
      deleted_at: clock.ago(1 * DAY),
    },
  ];
  await w.insert(
    'notification_silences',
    silences.map((s) => ({
      id: r.uuid(),
      namespace: null,
      source: 'UI',
      canary_id: null,
      check_id: null,
      component_id: null,
      config_id: null,
      recursive: false,
      deleted_at: null,
      ...s,
      created_by: r.pick(refs.people).id,
      created_at: s.from,
      updated_at: s.from,
    })),
  );
}
