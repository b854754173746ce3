import { db, useDbQuery } from '../../api/index.js';
import { linkedAgentOf, type AgentLinkedRow } from '../../../../common/managed.js';

export interface LinkedAgent {
  id: string;
  /** The agent's name; undefined while it is read, the id when it cannot be read. */
  name: string | undefined;
}

export const agentNameKey = (id: string) => `agents?select=id,name&id=${id}`;

// Names change rarely; a page that shows several rows of one agent reads its name once.
const NAME_CACHE_MS = 5 * 60_000;

/**
 * The agent a row is linked to and read-only for (common/managed.ts's linkedAgentOf), or
 * undefined for the console's own rows and the hub's assignments. A row without the agent
 * embedded has its name read on its own: an embed would fail the row's whole read for whoever may
 * not read agents (the agents feature off), and only agents' rows need it.
 */
export function useLinkedAgent(row: AgentLinkedRow | null | undefined): LinkedAgent | undefined {
  const linked = linkedAgentOf(row) !== undefined;
  const id = linked ? String(row!.agent_id) : undefined;
  const embedded = typeof row?.agent?.name === 'string' && row.agent.name ? row.agent.name : undefined;
  const { data, error, isLoading } = useDbQuery<{ id: string; name: string } | null>(
    id && !embedded ? agentNameKey(id) : null,
    () => db.from('agents').select('id,name').eq('id', id!).maybeSingle(),
    { dedupingInterval: NAME_CACHE_MS, revalidateOnFocus: false, shouldRetryOnError: false },
  );
  if (!id) return undefined;
  if (embedded) return { id, name: embedded };
  if (data?.name) return { id, name: data.name };
  return { id, name: error || !isLoading ? id : undefined };
}
