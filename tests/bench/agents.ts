/**
 * The hub under its agents' pushes (the agents issue's bench row): 10 agents, each owning 1,000
 * checks, push one status per check every 30 s, as agents running 30 s checks do, with the
 * platform's PushData body to `POST /api/upstream/push`. Each agent is made with
 * `POST /api/agent/generate` and pushes with its own token; its canary and checks are pushed
 * once before the rounds. Figures: the push's p95, the hub's CPU over the rounds (of one core)
 * and its RSS after them. The statuses are counted afterwards: every one pushed must be there.
 */
import { randomUUID } from 'node:crypto';
import { cpuMs, post, rssMb, type Build, type Server } from './server.js';
import { summarize } from './stats.js';
import type { Results, RowSpec } from './table.js';
import { withLoadedServers, type BackEnd } from './targets.js';

export const AGENTS = 10;
export const CHECKS_PER_AGENT = 1_000;
const PUSH_INTERVAL_MS = 30_000;
const DEFAULT_ROUNDS = 4;

export const AGENT_ROWS = {
  push: {
    figure: `hub: ${AGENTS} agents x ${CHECKS_PER_AGENT.toLocaleString()} checks pushing statuses every 30 s, push p95`,
    unit: 'ms',
  },
  cpu: { figure: '  hub CPU over the rounds (share of one core)', unit: 'ratio' },
  rss: { figure: '  hub RSS after the rounds', unit: 'MB', budget: { max: 300, text: '< 300 MB' } },
} satisfies Record<string, RowSpec>;

interface BenchAgent {
  name: string;
  token: string;
  checkIds: string[];
}

async function generateAgent(server: Server, name: string): Promise<BenchAgent> {
  const response = await post(server, 'api/agent/generate', { name });
  if (response.status !== 201)
    throw new Error(`generate ${name}: HTTP ${response.status} ${await response.text()}`);
  const { access_token: token } = (await response.json()) as { access_token: string };
  return { name, token, checkIds: Array.from({ length: CHECKS_PER_AGENT }, () => randomUUID()) };
}

/** One push with the agent's token; its duration in ms. */
export async function push(server: Server, agent: BenchAgent, body: unknown): Promise<number> {
  const started = performance.now();
  const response = await fetch(
    `${server.url}api/upstream/push?agent_name=${encodeURIComponent(agent.name)}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${agent.token}` },
      body: JSON.stringify(body),
    },
  );
  const text = await response.text();
  if (!response.ok) throw new Error(`push of ${agent.name}: HTTP ${response.status} ${text.slice(0, 200)}`);
  return performance.now() - started;
}

/** The agent's canary and checks, as its database holds them. */
export function definitionsOf(agent: BenchAgent): unknown {
  const canaryId = randomUUID();
  const now = new Date().toISOString();
  return {
    canaries: [{ id: canaryId, name: `${agent.name}-checks`, namespace: 'bench', spec: {}, created_at: now }],
    checks: agent.checkIds.map((id, i) => ({
      id,
      canary_id: canaryId,
      type: 'http',
      name: `${agent.name}-check-${i}`,
      namespace: 'bench',
      labels: { agent: agent.name },
      created_at: now,
    })),
  };
}

/** One status per check at `time`: one in fifty failing. */
export function statusesOf(agent: BenchAgent, time: Date, round: number): unknown {
  const iso = time.toISOString();
  return {
    check_statuses: agent.checkIds.map((checkId, i) => {
      const failing = (i + round) % 50 === 0;
      return {
        check_id: checkId,
        time: iso,
        status: !failing,
        duration: 20 + ((i * 7) % 300),
        message: failing ? 'HTTP 503' : 'HTTP 200',
        error: failing ? 'expected status 200, got 503' : null,
      };
    }),
  };
}

async function measureHub(
  server: Server,
  rounds: number,
): Promise<{ p95: number; cpu: number; rss: number }> {
  const agents: BenchAgent[] = [];
  for (let k = 0; k < AGENTS; k++) agents.push(await generateAgent(server, `bench-agent-${k}`));
  await Promise.all(agents.map((agent) => push(server, agent, definitionsOf(agent))));

  const durations: number[] = [];
  const cpuBefore = cpuMs(server.pid);
  const started = performance.now();
  for (let round = 0; round < rounds; round++) {
    const due = started + round * PUSH_INTERVAL_MS;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    const time = new Date();
    // Independent agents: their pushes arrive together.
    durations.push(
      ...(await Promise.all(agents.map((agent) => push(server, agent, statusesOf(agent, time, round))))),
    );
  }
  // The window is the rounds' own: the last round's pushes, then the rest of its interval.
  const last = started + rounds * PUSH_INTERVAL_MS;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, last - performance.now())));
  const cpu = (cpuMs(server.pid) - cpuBefore) / (performance.now() - started);
  return { p95: summarize(durations).p95, cpu, rss: rssMb(server.pid) };
}

async function countStatuses(server: Server): Promise<number> {
  const response = await fetch(`${server.url}api/db/check_statuses?select=check_id&limit=1`, {
    headers: { cookie: server.cookie, Prefer: 'count=exact' },
  });
  const range = response.headers.get('content-range') ?? '';
  return Number(range.split('/')[1]);
}

export async function benchAgents(
  backEnd: BackEnd,
  builds: readonly Build[],
  results: Results,
  rounds = DEFAULT_ROUNDS,
): Promise<void> {
  results.declare(Object.values(AGENT_ROWS));
  await withLoadedServers(
    backEnd,
    builds,
    { name: 'agents hub (empty)', load: async () => {} },
    { CHECK_RUNNER_ENABLED: 'false', PLAYBOOK_RUNNER_ENABLED: 'false' },
    async (servers) => {
      const figures = [];
      for (const server of servers) {
        const measured = await measureHub(server, rounds);
        const stored = await countStatuses(server);
        const expected = AGENTS * CHECKS_PER_AGENT * rounds;
        if (stored !== expected) throw new Error(`the hub holds ${stored} pushed statuses, not ${expected}`);
        figures.push(measured);
      }
      results.setFields({ p95: AGENT_ROWS.push, cpu: AGENT_ROWS.cpu, rss: AGENT_ROWS.rss }, backEnd, figures);
    },
  );
}
