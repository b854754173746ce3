/**
 * Agents (spec 1 §2, §3, §7; docs/agents.md): the page of `agents_summary` with its
 * count, one agent, `POST /api/agent/generate`, a new token (`POST /api/agent/{id}/token`), the
 * edit and the soft delete through `PATCH /api/db/agents?id=eq.{id}`. Every call and SWR key of
 * the area is here.
 */
import { apiJson, db, dbError, useDbQuery, type DbResult } from '../../api/index.js';
import type { SortOrder } from '../../components/DataTable/index.js';
import { LOCAL_AGENT } from '../../../../common/agents.js';

export {
  DEFAULT_SCRAPE_INTERVAL,
  SCRAPE_INTERVALS,
  type ScrapeInterval,
} from '../../../../common/agent-form.js';

/** What the create form sets beside the name, kept in the row's `spec`. */
export interface AgentSpec {
  kubernetes?: { enabled: boolean; interval?: string };
  pushTelemetry?: { enabled: boolean; topologyName?: string };
}

export interface AgentCreator {
  id: string;
  name: string;
  avatar: string | null;
}

/** A row of `agents_summary` with its creator embedded (spec 1 §3 Agent). */
export interface Agent {
  id: string;
  name: string;
  description: string | null;
  properties: Record<string, string> | null;
  spec: AgentSpec | null;
  last_seen: string | null;
  last_received: string | null;
  created_by: AgentCreator | null;
  created_at: string;
  updated_at: string | null;
  deleted_at: string | null;
  config_count: number | null;
  checks_count: number | null;
  /** The spec's spelling. */
  config_scrapper_count: number | null;
  playbook_runs_count: number | null;
}

/** The body of `POST /api/agent/generate`. */
export interface GenerateAgent {
  name: string;
  description?: string;
  properties: Record<string, string>;
  kubernetes: { enabled: boolean; interval: string };
  pushTelemetry: { enabled: boolean; topologyName?: string };
}

/** What generate and a new token answer: the access token is shown once, never again. */
export interface GeneratedAgent {
  /** The agent's person (the platform's shape). */
  id: string;
  username: string;
  access_token: string;
  /** The agents row. */
  agent_id: string;
}

/** What an edit may change (the name may not). */
export interface AgentChanges {
  description: string | null;
  properties: Record<string, string>;
  spec: AgentSpec;
}

// ─── The list ───────────────────────────────────────────────────────────────────────────────────

/** Spec 1 §9: the agents table offers 50, 100 and 200 rows a page, 50 by default. */
export const AGENT_PAGE_SIZES = [50, 100, 200];
export const AGENT_DEFAULT_PAGE_SIZE = 50;

/** The columns the server may order by (the table's sortable columns). */
export const AGENTS_SORTABLE = [
  'name',
  'description',
  'config_count',
  'checks_count',
  'config_scrapper_count',
  'playbook_runs_count',
  'last_seen',
  'created_at',
] as const;
export const AGENTS_DEFAULT_SORT = { by: 'name', order: 'asc' } as const;

/** The agents poll at the agents' own ping interval, so Online and last seen follow their pings. */
export const AGENTS_POLL_MS = 30_000;

export interface AgentsQuery {
  pageIndex: number;
  pageSize: number;
  sortBy: string;
  sortOrder: SortOrder;
}

/** Every key of the area starts with this, so a write refreshes all its reads at once. */
export const AGENTS_KEY_PREFIX = 'agents:';
export const isAgentsKey = (key: unknown) => typeof key === 'string' && key.startsWith(AGENTS_KEY_PREFIX);

const sortColumn = (sortBy: string) =>
  (AGENTS_SORTABLE as readonly string[]).includes(sortBy) ? sortBy : AGENTS_DEFAULT_SORT.by;

export const agentsKey = ({ pageIndex, pageSize, sortBy, sortOrder }: AgentsQuery) =>
  `${AGENTS_KEY_PREFIX}agents_summary?order=${sortColumn(sortBy)}.${sortOrder}&page=${pageIndex}.${pageSize}`;

export const agentKey = (id: string) => `${AGENTS_KEY_PREFIX}agents_summary?id=eq.${id}`;

const SELECT = '*,created_by(id,name,avatar)';

/**
 * One page of the live agents but the local one, with the total (Prefer: count=exact); ties of the
 * chosen order broken by id, so no agent shows on two pages.
 */
export function listAgents({ pageIndex, pageSize, sortBy, sortOrder }: AgentsQuery) {
  const from = pageIndex * pageSize;
  return db
    .from('agents_summary')
    .select(SELECT, { count: 'exact' })
    .is('deleted_at', null)
    .neq('id', LOCAL_AGENT)
    .order(sortColumn(sortBy), { ascending: sortOrder === 'asc' })
    .order('id')
    .range(from, from + pageSize - 1)
    .overrideTypes<Agent[], { merge: false }>();
}

export const useAgents = (query: AgentsQuery) =>
  useDbQuery<Agent[]>(agentsKey(query), () => listAgents(query), {
    keepPreviousData: true,
    refreshInterval: AGENTS_POLL_MS,
  });

/** The agent `?id=` names (GET /agents_summary?id=eq.{id}); null when there is none alive. */
export const getAgent = (id: string) =>
  db.from('agents_summary').select(SELECT).eq('id', id).is('deleted_at', null).maybeSingle<Agent>();

export const useAgent = (id: string | null) =>
  useDbQuery<Agent | null>(id ? agentKey(id) : null, () => getAgent(id!), { revalidateOnFocus: false });

// ─── Writes ─────────────────────────────────────────────────────────────────────────────────────

async function written(query: PromiseLike<DbResult<unknown>>): Promise<void> {
  const { error, status } = await query;
  if (error) throw dbError(error, status);
}

/** Creates the agent with its principal and first token (spec 1 §7 `POST /generate`). */
export const generateAgent = (body: GenerateAgent) =>
  apiJson<GeneratedAgent>('api/agent/generate', { method: 'POST', json: body });

/** Revokes the agent's tokens and answers a new one, shown once as generate's. */
export const rotateAgentToken = (id: string) =>
  apiJson<GeneratedAgent>(`api/agent/${encodeURIComponent(id)}/token`, { method: 'POST' });

export const updateAgent = (id: string, changes: AgentChanges) =>
  written(db.from('agents').update(changes).eq('id', id));

/**
 * Soft delete (spec 1 §4): the server stamps deleted_at, revokes its tokens and, with cleanup,
 * deletes what the agent created.
 */
export const deleteAgent = (id: string, cleanup: boolean) =>
  written(db.from('agents').update({ deleted_at: 'now()', cleanup }).eq('id', id));

/** Spec 1 §8's toasts. */
export const AGENT_MESSAGES = {
  created: 'Agent created',
  updated: 'Agent updated',
  deleted: 'Agent deleted',
} as const;
