import type { DemoContext } from './context.js';
import { FEATURES } from '../../access/features.js';
import { LOREM_ERRORS } from './names.js';
import { Clock, DAY, HOUR, MINUTE } from './random.js';
import type { DemoRow } from './writer.js';

const CONNECTIONS: [name: string, type: string, url: string | null, props: Record<string, string>][] = [
  [
    'acme-orders',
    'postgres',
    'postgres://acme-orders-prod.cluster-c1.eu-west-1.rds.amazonaws.com:5432/orders?sslmode=require',
    {},
  ],
  ['acme-analytics', 'mysql', 'mysql://analytics.acme.internal:3306/analytics', {}],
  ['acme-erp', 'sql_server', 'sqlserver://erp.acme.internal:1433?database=erp', {}],
  ['acme-cache', 'redis', 'redis://redis.data.svc.cluster.local:6379', { db: '0' }],
  ['acme-catalog-mongo', 'mongo', 'mongodb://mongo.data.svc.cluster.local:27017/catalog', {}],
  ['prometheus', 'prometheus', 'http://prometheus.monitoring.svc:9090', {}],
  ['acme-logs', 'elasticsearch', 'https://logs.acme.internal:9200', {}],
  ['status-page', 'http', 'https://status.acme.example', {}],
  ['corp-ldap', 'ldap', 'ldaps://ldap.acme.internal:636', {}],
  ['acme-prod', 'aws', null, { region: 'eu-west-1', profile: 'acme-prod' }],
  ['acme-backups', 's3', null, { region: 'eu-west-1', bucket: 'acme-backups' }],
  ['acme-prod-eu', 'kubernetes', null, {}],
  ['acme', 'azure', null, { tenant: 'acme.onmicrosoft.com' }],
  ['acme-github', 'github', null, {}],
  [
    'infrastructure',
    'git',
    'https://github.com/acme/infrastructure.git',
    { ref: 'main', authentication: 'basic' },
  ],
  ['backup-host', 'sftp', null, { host: 'backup.acme.internal', port: '22' }],
  ['finance-share', 'smb', null, { server: 'files.acme.internal', port: '445', share: 'finance' }],
  ['acme-alerts', 'slack', 'slack://xoxb-token@ops-alerts', { channel: '#ops-alerts' }],
  ['acme-teams', 'teams', 'teams://acme.webhook.office.com/webhookb2/ops', {}],
  ['acme-opsgenie', 'opsgenie', 'opsgenie://api.eu.opsgenie.com:443/key', {}],
  [
    'acme-mail',
    'email',
    'smtp://smtp.acme.example:587/?from=ops@acme.example',
    { fromName: 'Ops Console', encryptionMethod: 'Auto', authMethod: 'Plain' },
  ],
  [
    'acme-webhook',
    'generic_webhook',
    'https://hooks.acme.example/ops',
    { method: 'POST', contentType: 'application/json', messageKey: 'message', titleKey: 'title' },
  ],
];

/** Connections, which notification rules and checks point at. */
export async function loadConnections({ w, r, clock, refs }: DemoContext): Promise<void> {
  const admin = refs.people[0]!.id;
  const rows = CONNECTIONS.map(([name, type, url, props], i) => {
    const id = r.uuid();
    refs.connections.push({ id, name, type });
    const secretish = [
      'postgres',
      'mysql',
      'sql_server',
      'redis',
      'mongo',
      'elasticsearch',
      'ldap',
      'sftp',
      'smb',
      'email',
    ].includes(type);
    return {
      id,
      name,
      namespace: i % 4 === 0 ? 'mission-control' : 'default',
      type,
      url,
      username: secretish
        ? i % 2
          ? `secret://${name}-credentials/username`
          : 'app'
        : type === 'aws' || type === 's3'
          ? 'secret://aws-credentials/access-key'
          : null,
      password: secretish
        ? `secret://${name}-credentials/password`
        : type === 'aws' || type === 's3'
          ? 'secret://aws-credentials/secret-key'
          : type === 'github' || type === 'azure'
            ? `secret://${name}-token/token`
            : null,
      certificate: type === 'kubernetes' ? 'configmap://kubeconfig/acme-prod-eu' : null,
      insecure_tls: type === 'ldap',
      properties: props,
      source: i === 11 ? 'KubernetesCRD' : 'UI',
      created_by: admin,
      created_at: clock.ago((90 - i) * DAY),
      updated_at: clock.ago((20 - (i % 10)) * DAY),
    };
  });
  await w.insert('connections', rows);
}

/** Feature flags, logging backends, permissions, job history and the event queue. */
export async function loadSettings({ w, r, clock, refs }: DemoContext): Promise<void> {
  const admin = refs.people[0]!.id;
  await w.insert('properties', [
    ...FEATURES.map((f) => ({
      name: `${f}.disable`,
      value: 'false',
      description: `Set to true to hide ${f}`,
      source: 'UI',
      created_by: admin,
      created_at: clock.ago(60 * DAY),
      updated_at: clock.ago(60 * DAY),
    })),
    {
      name: 'check.status.retention.days',
      value: '30',
      description: 'Days of check statuses kept',
      source: 'UI',
      created_by: admin,
      created_at: clock.ago(60 * DAY),
      updated_at: clock.ago(60 * DAY),
    },
    {
      name: 'incidents.default_commander',
      value: refs.people[4]!.email,
      description: 'Commander assigned to new incidents',
      source: 'UI',
      created_by: admin,
      created_at: clock.ago(30 * DAY),
      updated_at: clock.ago(30 * DAY),
    },
  ]);

  const backends = [
    {
      name: 'loki',
      spec: {
        loki: { url: 'http://loki.monitoring.svc:3100', labels: { cluster: '{{.cluster}}' } },
        routes: [{ type: 'loki' }],
      },
    },
    {
      name: 'elasticsearch',
      spec: {
        elasticsearch: {
          url: 'https://logs.acme.internal:9200',
          index: 'logs-*',
          connection: 'connection://elasticsearch/acme-logs',
        },
        routes: [{ type: 'Pod' }],
      },
    },
    {
      name: 'kubernetes',
      spec: {
        kubernetes: {
          kubeconfig: { valueFrom: { configMapKeyRef: { name: 'kubeconfig', key: 'acme-prod-eu' } } },
        },
        routes: [{ type: 'kubernetes' }],
      },
    },
  ];
  const backendIds = backends.map(() => r.uuid());
  await w.insert(
    'logging_backends',
    backends.map((b, i) => ({
      id: backendIds[i],
      name: b.name,
      namespace: 'monitoring',
      icon: b.name,
      labels: { team: 'platform' },
      spec: b.spec,
      source: i === 2 ? 'KubernetesCRD' : 'UI',
      agent_id: refs.clusterAgent.get('acme-prod-eu'),
      created_by: admin,
      created_at: clock.ago(45 * DAY),
      updated_at: clock.ago(3 * DAY),
    })),
  );

  const team = (name: string) => refs.teams.find((t) => t.name === name)!.id;
  const perm = (p: DemoRow) => ({
    id: r.uuid(),
    deny: false,
    source: 'UI',
    created_by: admin,
    updated_by: admin,
    created_at: clock.ago(r.int(5, 60) * DAY),
    updated_at: clock.ago(r.int(1, 5) * DAY),
    ...p,
  });
  await w.insert('permissions', [
    perm({
      action: '*',
      object: 'playbooks',
      team_id: team('Platform'),
      description: 'Platform runs every playbook',
    }),
    perm({
      action: 'playbook:run',
      playbook_id: refs.playbooks[0]!.id,
      team_id: team('Checkout'),
      description: 'Checkout may restart their deployments',
    }),
    perm({
      action: 'playbook:approve',
      playbook_id: refs.playbooks[5]!.id,
      person_id: refs.people[1]!.id,
      description: 'DBA approves SQL runs',
    }),
    perm({ action: 'read', object: 'catalog', team_id: team('Security') }),
    perm({
      action: 'read',
      object: 'connection-detail',
      person_id: refs.people[2]!.id,
      until: clock.ahead(7 * DAY),
      description: 'Temporary access for the migration',
    }),
    perm({
      action: 'delete',
      object: 'catalog',
      team_id: team('Data'),
      deny: true,
      description: 'Nobody in Data deletes catalog items',
    }),
    perm({
      action: 'update',
      config_id: refs.configs.find((c) => c.type === 'AWS::RDS::DBInstance')!.id,
      team_id: team('Data'),
    }),
    perm({ action: 'read', component_id: refs.components[0]!.id, person_id: refs.people[20]!.id }),
    perm({ action: 'create,read,update,delete', canary_id: refs.canaries[0]!.id, team_id: team('Checkout') }),
    perm({ action: 'read', connection_id: refs.connections[0]!.id, team_id: team('Payments') }),
    perm({ action: 'update', check_id: refs.checks[0]!.id, person_id: refs.people[9]!.id }),
    perm({ action: 'create', object: 'incident', team_id: team('SRE') }),
    perm({ action: '*', object: 'kubernetes-proxy', person_id: refs.people[0]!.id, description: 'Admin' }),
  ]);

  // Job history: every canary, topology and scraper runs on its schedule over the last 2 days.
  const jobs: DemoRow[] = [];
  const resources = [
    ...refs.canaries.map((c) => ({
      type: 'canary',
      id: c.id,
      name: `${c.namespace}/${c.name}`,
      job: 'CanaryRun',
      every: 4 * HOUR,
    })),
    ...refs.topologies.map((t) => ({
      type: 'topology',
      id: t.id,
      name: t.name,
      job: 'TopologyRun',
      every: HOUR,
    })),
    ...refs.scrapers.map((s) => ({
      type: 'config_scraper',
      id: s.id,
      name: s.name,
      job: 'ConfigScraper',
      every: HOUR,
    })),
    ...['CleanupCheckStatuses', 'SyncCheckStatuses', 'PlaybookRunCleanup', 'NotificationSend'].map((n) => ({
      type: '',
      id: '',
      name: n,
      job: n,
      every: 6 * HOUR,
    })),
  ];
  resources.forEach((res, n) => {
    for (let t = 2 * DAY - (n % 7) * 7 * MINUTE; t > 0; t -= res.every) {
      const latest = t <= res.every;
      const roll = r.next();
      const status =
        latest && n % 9 === 0
          ? 'RUNNING'
          : roll < 0.08
            ? 'FAILED'
            : roll < 0.16
              ? 'WARNING'
              : roll < 0.18
                ? 'STOPPED'
                : 'SUCCESS';
      const start = clock.ago(t);
      const duration =
        status === 'RUNNING' ? null : r.int(200, res.type === 'config_scraper' ? 90_000 : 8000);
      const errors =
        status === 'FAILED'
          ? n % 3 === 0
            ? r.pick(LOREM_ERRORS)
            : n % 3 === 1
              ? [r.pick(LOREM_ERRORS), r.pick(LOREM_ERRORS)]
              : { [res.name]: { message: r.pick(LOREM_ERRORS) } }
          : status === 'WARNING'
            ? ['2 items skipped: forbidden']
            : undefined;
      jobs.push({
        id: r.uuid(),
        name: res.job,
        resource_type: res.type || null,
        resource_id: res.id || null,
        resource_name: res.type ? res.name : null,
        status,
        hostname: 'ops-console-0',
        agent_id: refs.agents[(n % 3) + 1]?.id ?? null,
        time_start: start,
        time_end: duration === null ? null : Clock.plus(start, duration),
        duration_millis: duration,
        success_count: status === 'FAILED' ? 0 : r.int(1, 400),
        error_count: status === 'FAILED' || status === 'WARNING' ? r.int(1, 5) : 0,
        details: {
          ...(errors ? { errors } : {}),
          ...(res.type === 'config_scraper'
            ? {
                scrape_summary: {
                  'Kubernetes::Pod': { added: r.int(0, 5), updated: r.int(0, 40), unchanged: r.int(50, 200) },
                  'Kubernetes::Deployment': { added: 0, updated: r.int(0, 4), unchanged: r.int(10, 40) },
                },
              }
            : {}),
          ...(res.type === 'topology'
            ? { summary: { components: r.int(80, 180), deleted: r.int(0, 3) } }
            : {}),
        },
        created_at: start,
      });
    }
  });
  jobs.sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)));
  await w.insert('job_histories', jobs);

  const events: DemoRow[] = [];
  const names = [
    'check.failed',
    'check.passed',
    'notification.send',
    'playbook.run',
    'config.updated',
    'component.unhealthy',
    'incident.responder.added',
  ];
  for (let i = 0; i < 60; i++) {
    const name = names[i % names.length]!;
    const failed = i % 4 === 1 || (name === 'notification.send' && i % 2 === 0);
    const created = clock.ago(r.int(1, 36 * 60) * MINUTE);
    events.push({
      id: r.uuid(),
      name,
      properties: {
        id: r.pick(refs.checks).id,
        ...(name === 'notification.send' ? { notification_id: r.pick(refs.notifications).id } : {}),
      },
      error: failed
        ? r.pick(['slack: channel_not_found', 'smtp: 535 5.7.8 authentication failed', LOREM_ERRORS[1]!])
        : null,
      attempts: failed ? r.int(1, 5) : 0,
      last_attempt: failed ? Clock.plus(created, r.int(1, 30) * MINUTE) : null,
      priority: name.startsWith('check') ? 1 : 0,
      created_at: created,
    });
  }
  events.sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)));
  await w.insert('event_queue', events);
}
