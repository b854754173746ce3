import { LOCAL_AGENT } from '../../../../common/agents.js';
import { slug, type DemoContext } from './context.js';
import { AGENTS, CLUSTERS, COMPANY, PEOPLE, TEAMS } from './names.js';
import { DAY, HOUR, MINUTE } from './random.js';

const RESPONDER_CLIENTS = {
  jira: {
    values: { project: 'OPS', issueType: 'Incident' },
    defaults: { priority: 'High', summary: '{{.incident.title}}' },
    linkUrl: 'https://acme.atlassian.net/browse/{{.external_id}}',
  },
  email: {
    values: {},
    defaults: { to: 'oncall@acme.example', subject: '[{{.incident.severity}}] {{.incident.title}}' },
  },
  ms_planner: {
    values: { plan_id: 'plan-ops' },
    defaults: { bucket_id: 'bucket-triage', priority: 'urgent' },
    linkUrl: 'https://tasks.office.com/acme.example/Home/Task/{{.external_id}}',
  },
  aws_support: {
    values: { category: 'service-limit-increase' },
    defaults: { body: 'See incident {{.incident.incident_id}}' },
  },
};

/** People, identities, teams, team members and agents. */
export async function loadPeople({ w, r, clock, refs }: DemoContext): Promise<void> {
  const people = PEOPLE.map(([first, last], i) => {
    const roles =
      i === 0
        ? ['admin']
        : i < 4
          ? ['editor']
          : i < 8
            ? ['commander', 'responder']
            : i < 18
              ? ['responder']
              : i < 22
                ? ['viewer']
                : [];
    return {
      id: r.uuid(),
      name: `${first} ${last}`,
      first,
      last,
      email: `${slug(first)}.${slug(last)}@${COMPANY}.example`,
      roles,
      created_at: clock.ago(r.int(30, 400) * DAY),
    };
  });
  await w.insert(
    'people',
    people.map((p, i) => ({
      id: p.id,
      name: p.name,
      email: p.email,
      avatar: null,
      roles: p.roles,
      type: 'person',
      last_login: i % 5 === 4 ? null : clock.ago(r.int(1, 72 * 60) * MINUTE),
      created_at: p.created_at,
      updated_at: p.created_at,
    })),
  );
  await w.insert(
    'identities',
    people.map((p, i) => ({
      id: p.id,
      schema_id: 'default',
      traits: { name: { first: p.first, last: p.last }, email: p.email },
      state: i === PEOPLE.length - 1 ? 'inactive' : 'active',
      state_changed_at: p.created_at,
      created_at: p.created_at,
      updated_at: p.created_at,
    })),
  );
  refs.people = people.map((p) => ({ id: p.id, name: p.name, email: p.email, roles: p.roles }));
  const admin = people[0]!.id;

  const teams = TEAMS.map((t, i) => ({
    id: r.uuid(),
    name: t.name,
    owns: t.owns,
    icon: t.icon,
    members: r.sample(people, r.int(3, 6)).map((p) => p.id),
    spec:
      i % 3 === 2
        ? {}
        : { responder_clients: i % 3 === 0 ? RESPONDER_CLIENTS : { jira: RESPONDER_CLIENTS.jira } },
  }));
  await w.insert(
    'teams',
    teams.map((t) => ({
      id: t.id,
      name: t.name,
      icon: t.icon,
      spec: t.spec,
      labels: { company: COMPANY, 'cost-center': slug(t.name) },
      source: 'UI',
      created_by: admin,
      created_at: clock.ago(200 * DAY),
      updated_at: clock.ago(20 * DAY),
    })),
  );
  await w.insert(
    'team_members',
    teams.flatMap((t) =>
      t.members.map((person_id) => ({ team_id: t.id, person_id, created_at: clock.ago(100 * DAY) })),
    ),
  );
  refs.teams = teams.map((t) => ({ id: t.id, name: t.name, owns: t.owns, members: t.members }));

  // Three online agents (seen seconds before "now"), one that went quiet a day ago.
  const agents = AGENTS.map((a, i) => ({
    id: r.uuid(),
    name: a.name,
    hostname: `${a.name}.k8s.${COMPANY}.internal`,
    description: a.description,
    properties: {
      cluster: a.name,
      version: `v0.${9 + i}.${r.int(0, 9)}`,
      env: i === 2 ? 'staging' : 'production',
    },
    spec: {
      kubernetes: { enabled: i < 3, interval: i === 0 ? '5m' : '30m' },
      pushTelemetry: { enabled: i === 0, topologyName: i === 0 ? 'acme-platform' : '' },
    },
    last_seen: i < 3 ? clock.ago(r.int(2, 30) * 1000) : clock.ago(26 * HOUR),
    last_received: i < 3 ? clock.ago(r.int(5, 50) * 1000) : clock.ago(26 * HOUR),
    created_by: admin,
    created_at: clock.ago((120 - i * 10) * DAY),
    updated_at: clock.ago(2 * DAY),
  }));
  await w.insert('agents', agents);
  refs.agents = [{ id: LOCAL_AGENT, name: 'local' }, ...agents.map((a) => ({ id: a.id, name: a.name }))];
  for (const c of CLUSTERS) refs.clusterAgent.set(c.name, agents[c.agent]!.id);
}
