/**
 * The agent's calls to its hub (docs/agents.md, "What an agent calls"): every request carries
 * `Authorization: Bearer <token>` and `?agent_name=`, and every answer is told apart the way
 * the pusher and the state need: answered, unreachable, the token refused, the content refused.
 * Nothing here logs: the caller does, and never the token or the request's headers.
 */
import type { UpstreamSettings } from '../../../config.js';
import { PLAYBOOK_ACTION_NOT_FOUND } from '../upstream/playbook-actions.js';

/** How long one call may take before it counts as unreachable. */
const REQUEST_TIMEOUT_MS = 30_000;
/** The most of a hub's error answer kept for a log line. */
const DETAIL_CHARS = 300;

/**
 * What went wrong with a call:
 *  - unreachable: no answer (connection, timeout) or a gateway's 502/503/504;
 *  - refused: 401/403, the hub does not take the agent's token;
 *  - rejected: 400/409/413/422, the hub does not take what was sent (the same again would fail);
 *  - failed: any other answer that is not 2xx (a 404 of a hub without agent endpoints, a 500).
 */
export type HubFailureKind = 'unreachable' | 'refused' | 'rejected' | 'failed';

export class HubError extends Error {
  constructor(
    readonly kind: HubFailureKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** The platform's PushData: table key → rows (docs/agents.md lists the keys). */
export type PushData = Record<string, Record<string, unknown>[]>;

export interface PushAnswer {
  counts?: Record<string, number>;
  skipped?: number;
}

export type PullResource = 'canary' | 'scrapeconfig';

/** A playbook action the hub addressed to this agent, claimed (docs/agents.md, "Playbook actions addressed to an agent"). */
export interface ClaimedAction {
  action: Record<string, unknown>;
  run: Record<string, unknown>;
  playbook: Record<string, unknown> | null;
  /** The run's resource rows and earlier actions (a hub that does not send them: none). */
  config?: Record<string, unknown> | null;
  component?: Record<string, unknown> | null;
  check?: Record<string, unknown> | null;
  /** The hub's agent row of that resource (`.agent` in templates). */
  agent?: Record<string, unknown> | null;
  actions?: Record<string, unknown>[];
}

export interface HubClient {
  ping(signal?: AbortSignal): Promise<void>;
  push(data: PushData, signal?: AbortSignal): Promise<PushAnswer>;
  /** `DELETE /api/upstream/push`: the rows named (by primary key) are deleted at the hub. */
  remove(data: PushData, signal?: AbortSignal): Promise<PushAnswer>;
  pull(resource: PullResource, since: string, signal?: AbortSignal): Promise<Record<string, unknown>[]>;
  /** `GET /api/upstream/playbook/pull`: every playbook the hub assigns to this agent (the whole set). */
  pullPlaybooks(signal?: AbortSignal): Promise<Record<string, unknown>[]>;
  /** `GET /api/upstream/playbook-action`: the oldest due action addressed to this agent, claimed; undefined (204) when there is none. */
  claimAction(signal?: AbortSignal): Promise<ClaimedAction | undefined>;
  /** `GET /api/upstream/playbook-action/{id}`: how a claimed action and its run stand; undefined (404) when the hub has it no more. */
  actionStanding(id: string, signal?: AbortSignal): Promise<ActionStanding | undefined>;
}

/** How the hub holds an action this agent runs (a cancel of its run stops it here). */
export interface ActionStanding {
  status: string;
  run_status: string;
}

function failureOf(status: number): HubFailureKind {
  if (status === 401 || status === 403) return 'refused';
  if (status === 502 || status === 503 || status === 504) return 'unreachable';
  if (status === 400 || status === 409 || status === 413 || status === 422) return 'rejected';
  return 'failed';
}

/** The hub's error message: PostgREST-style `message`, an `error` field, or the text itself. */
async function detailOf(response: Response): Promise<string> {
  const text = (await response.text().catch(() => '')).trim();
  let detail = text;
  try {
    const body = JSON.parse(text) as { message?: unknown; error?: unknown };
    const message = body.message ?? body.error;
    if (typeof message === 'string') detail = message;
  } catch {
    // not JSON: the text as it is
  }
  detail = detail.replace(/\s+/g, ' ').slice(0, DETAIL_CHARS);
  return detail ? `${response.status} ${detail}` : `${response.status} ${response.statusText}`.trim();
}

/** Why a request got no answer, in words (never the request itself: its headers hold the token). */
function unreachableReason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if ((error as Error).name === 'TimeoutError') return `no answer within ${REQUEST_TIMEOUT_MS / 1000} s`;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}

export function createHubClient(settings: Pick<UpstreamSettings, 'url' | 'token' | 'agentName'>): HubClient {
  const call = async (
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    query: Record<string, string>,
    body: unknown,
    signal: AbortSignal | undefined,
  ): Promise<unknown> => {
    const url = new URL(path, settings.url);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    url.searchParams.set('agent_name', settings.agentName);
    const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          Authorization: `Bearer ${settings.token}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        redirect: 'error',
      });
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      throw new HubError('unreachable', `${method} ${url.pathname}: ${unreachableReason(error)}`);
    }
    if (!response.ok) {
      const detail = await detailOf(response);
      throw new HubError(failureOf(response.status), detail, response.status);
    }
    if (response.status === 204) return undefined;
    const text = await response.text();
    if (!text) return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new HubError(
        'failed',
        `${method} ${url.pathname}: the hub's answer is not JSON`,
        response.status,
      );
    }
  };

  return {
    async ping(signal) {
      await call('GET', 'api/upstream/ping', {}, undefined, signal);
    },
    async push(data, signal) {
      return ((await call('POST', 'api/upstream/push', {}, data, signal)) ?? {}) as PushAnswer;
    },
    async remove(data, signal) {
      return ((await call('DELETE', 'api/upstream/push', {}, data, signal)) ?? {}) as PushAnswer;
    },
    async pull(resource, since, signal) {
      const rows = await call('GET', `api/upstream/${resource}/pull`, { since }, undefined, signal);
      if (!Array.isArray(rows))
        throw new HubError('failed', `GET api/upstream/${resource}/pull: the hub did not answer a list`);
      return rows as Record<string, unknown>[];
    },
    async pullPlaybooks(signal) {
      const rows = await call('GET', 'api/upstream/playbook/pull', {}, undefined, signal);
      if (!Array.isArray(rows))
        throw new HubError('failed', 'GET api/upstream/playbook/pull: the hub did not answer a list');
      return rows as Record<string, unknown>[];
    },
    async claimAction(signal) {
      const claimed = await call('GET', 'api/upstream/playbook-action', {}, undefined, signal);
      if (claimed === undefined) return undefined;
      const shape = claimed as Partial<ClaimedAction> | null;
      if (
        !shape ||
        typeof shape.action !== 'object' ||
        !shape.action ||
        typeof shape.run !== 'object' ||
        !shape.run
      )
        throw new HubError(
          'failed',
          'GET api/upstream/playbook-action: the hub did not answer {action, run, playbook}',
        );
      return shape as ClaimedAction;
    },
    async actionStanding(id, signal) {
      let standing: unknown;
      try {
        standing = await call(
          'GET',
          `api/upstream/playbook-action/${encodeURIComponent(id)}`,
          {},
          undefined,
          signal,
        );
      } catch (error) {
        // The hub's own 404 for the action; another (a hub without this call) is an error.
        if (error instanceof HubError && error.message === `404 ${PLAYBOOK_ACTION_NOT_FOUND}`)
          return undefined;
        throw error;
      }
      const shape = standing as Partial<ActionStanding> | null;
      if (!shape || typeof shape.status !== 'string' || typeof shape.run_status !== 'string')
        throw new HubError(
          'failed',
          'GET api/upstream/playbook-action/{id}: the hub did not answer {status, run_status}',
        );
      return { status: shape.status, run_status: shape.run_status };
    },
  };
}
