/**
 * Agent mode (DESIGN §1 "Agents and hubs"; docs/agents.md "Agent mode"): with UPSTREAM_URL,
 * UPSTREAM_TOKEN and AGENT_NAME the console runs its embedded platform as usual and reports to
 * its hub. One leader-held service of the jobs registry, so one replica at a time:
 *  - pushes the outbox (pusher.ts), looking at it every half second;
 *  - pings the hub every UPSTREAM_PING_INTERVAL (a ping that succeeds after failures ends the
 *    push's pause at once);
 *  - pulls the canaries, scrape configs and playbooks the hub assigns every UPSTREAM_PULL_INTERVAL;
 *  - claims the playbook actions the hub addresses to this agent every UPSTREAM_ACTION_INTERVAL
 *    (and again at once after a claim), runs them with the runner's executors and reports their
 *    results (actions.ts), stopping one whose run the hub cancelled; not when this console runs
 *    no playbooks (PLAYBOOK_RUNNER_ENABLED).
 * /readyz reports the standing (state.ts) from the database; the console stays ready whatever
 * the hub does.
 */
import type { UpstreamSettings } from '../../../config.js';
import type { Logger } from '../../../http/logging.js';
import type { KubeConnection } from '../../../kube/index.js';
import type { ActionExecutor } from '../../playbooks/actions/types.js';
import type { Db } from '../../db/db.js';
import type { JobRegistry } from '../../jobs/registry.js';
import type { Service, ServiceContext } from '../../jobs/types.js';
import { ActionClaimer } from './actions.js';
import { createHubClient, HubError, type HubClient } from './client.js';
import type { BatchLimits } from './outbox.js';
import { AssignmentPuller } from './puller.js';
import { OutboxPusher, type RetryPolicy } from './pusher.js';
import { startReporting, UpstreamStatus } from './state.js';

export { switchOutbox } from './outbox.js';
export { upstreamReport, type UpstreamReport } from './state.js';

/** How often the outbox is looked at when it is empty (or a pause may have ended). */
const PUSH_TICK_MS = 500;

export interface AgentModeOptions {
  db: Db;
  logger: Logger;
  settings: UpstreamSettings;
  /** For tests: another client (default: HTTP to settings.url). */
  client?: HubClient;
  limits?: BatchLimits;
  retry?: RetryPolicy;
  pushTickMs?: number;
  /** The playbook action kinds this agent runs (none: it claims no playbook actions). */
  executors?: Record<string, ActionExecutor>;
  kube?: KubeConnection;
}

type Call = 'ping' | 'pull' | 'claim';

export class AgentUpstream implements Service {
  readonly name = 'agent-upstream';
  private readonly log: Logger;
  private readonly status: UpstreamStatus;
  private readonly pusher: OutboxPusher;
  private readonly puller: AssignmentPuller;
  private readonly claimer: ActionClaimer | undefined;
  private readonly client: HubClient;
  /** Names the hub and the agent's name there (pull watermarks, and a change of hub). */
  private readonly hubKey: string;
  private readonly inFlight = new Set<Promise<unknown>>();
  private signal: AbortSignal | undefined;
  /** The last failure logged of each call, so that one repeated every interval is logged once. */
  private readonly warned = new Map<Call, string>();
  private readonly running = new Set<Call>();

  constructor(private readonly options: AgentModeOptions) {
    const { db, settings } = options;
    this.log = options.logger.child({ component: 'agent-upstream', agent: settings.agentName });
    this.client = options.client ?? createHubClient(settings);
    this.status = new UpstreamStatus(db, this.log);
    this.pusher = new OutboxPusher({
      db,
      client: this.client,
      status: this.status,
      log: this.log,
      limits: options.limits,
      retry: options.retry,
    });
    this.hubKey = `${settings.url} ${settings.agentName}`;
    this.puller = new AssignmentPuller(db, this.client, this.hubKey, this.log);
    this.claimer = options.executors
      ? new ActionClaimer({
          db,
          log: this.log,
          executors: options.executors,
          kube: options.kube,
          client: this.client,
          status: this.status,
          retry: options.retry,
          // A cancel at the hub reaches a running action within one action interval.
          watchMs: settings.actionIntervalMs,
        })
      : undefined;
  }

  async start(ctx: ServiceContext): Promise<void> {
    this.signal = ctx.signal;
    const { settings } = this.options;
    const anotherHub = await startReporting(this.options.db, this.hubKey);
    this.log.info({ hub: settings.url }, 'agent mode: reporting to the hub');
    if (anotherHub)
      this.log.info('another hub than the last time: everything this agent holds is queued for it');
    ctx.every(this.options.pushTickMs ?? PUSH_TICK_MS, () => this.push());
    ctx.every(settings.pingIntervalMs, () => this.once('ping', () => this.ping()));
    ctx.every(settings.pullIntervalMs, () => this.once('pull', () => this.pull()));
    if (this.claimer) ctx.every(settings.actionIntervalMs, () => this.once('claim', () => this.claim()));
    // The first ping, pull and claim at once, not an interval later.
    this.track(
      this.once('ping', () => this.ping())
        .then(() => this.once('pull', () => this.pull()))
        .then(() => this.once('claim', () => this.claim())),
    );
  }

  async stop(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
    await this.status.flush();
  }

  /** Pushes what waits (a no-op while a pause after a failure runs). */
  async push(): Promise<void> {
    if (!this.signal || this.signal.aborted) return;
    await this.pusher.drain(this.signal);
  }

  async ping(): Promise<void> {
    if (!this.signal || this.signal.aborted) return;
    const before = this.status.current;
    try {
      await this.client.ping(this.signal);
    } catch (error) {
      this.failed(error, 'ping');
      return;
    }
    this.status.answered();
    this.warned.delete('ping');
    if (before !== 'ok') this.pusher.retryNow();
  }

  async pull(): Promise<void> {
    if (!this.signal || this.signal.aborted) return;
    try {
      const outcomes = await this.puller.pullAll(this.signal);
      this.status.answered();
      this.warned.delete('pull');
      for (const [table, outcome] of Object.entries(outcomes))
        if (outcome.applied > 0 || (outcome.removed ?? 0) > 0)
          this.log.info({ table, ...outcome }, 'took what the hub assigns to this agent');
    } catch (error) {
      this.failed(error, 'pull');
    }
  }

  /** Claims the playbook actions addressed to this agent, runs and reports them, until none is due. */
  async claim(): Promise<void> {
    if (!this.claimer || !this.signal || this.signal.aborted) return;
    try {
      await this.claimer.claimAll(this.signal);
      this.warned.delete('claim');
    } catch (error) {
      this.failed(error, 'claim');
    }
  }

  private failed(error: unknown, what: Call): void {
    if (this.signal?.aborted) return;
    if (error instanceof HubError && error.kind === 'refused') return this.status.refused(error.message);
    if (error instanceof HubError && error.kind === 'unreachable')
      return this.status.unreachable(error.message);
    // Another failure (a hub without agent endpoints, a 500): logged when it first shows.
    const reason = error instanceof Error ? error.message : String(error);
    if (this.warned.get(what) === reason) return;
    this.warned.set(what, reason);
    this.log.warn({ reason }, `the hub ${what} failed`);
  }

  /** Runs a call unless the same one is still going (the first ones run beside the intervals). */
  private async once(what: Call, call: () => Promise<void>): Promise<void> {
    if (this.running.has(what)) return;
    this.running.add(what);
    try {
      await call();
    } finally {
      this.running.delete(what);
    }
  }

  private track(work: Promise<unknown>): void {
    const settled = work.catch((error: unknown) =>
      this.log.warn({ err: error }, 'agent mode: a call failed'),
    );
    this.inFlight.add(settled);
    void settled.finally(() => this.inFlight.delete(settled));
  }
}

/** Registers agent mode's work with the jobs registry. */
export function registerAgentMode(jobs: JobRegistry, options: AgentModeOptions): AgentUpstream {
  const service = new AgentUpstream(options);
  jobs.addService(service);
  return service;
}
