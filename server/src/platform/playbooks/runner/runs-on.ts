/**
 * Where a playbook action runs: the agents its `runsOn` names (the action's, else the
 * playbook's), by name or by id as the platform's agent lookup takes them, the first one that is
 * live here; `local` — or no runsOn at all — is this console. Template entries arrive rendered
 * over the run (runner.ts). An action addressed to an agent
 * waits for that agent to claim it (GET /api/upstream/playbook-action).
 */
import { UUID } from '../../../lib/uuid.js';
import type { Queryable } from '../../db/db.js';
import { LOCAL_AGENT } from '../../../../../common/agents.js';

export const noAgentToRunOn = (names: readonly string[]) =>
  `The action runs on ${names.join(', ')}: no such agent is connected to this console`;

export async function agentToRunOn(
  db: Queryable,
  runsOn: unknown,
): Promise<{ agentId: string } | { refusal: string }> {
  // A template entry may render to nothing (or to spaces): it names no agent.
  const names = Array.isArray(runsOn)
    ? runsOn
        .filter((name): name is string => typeof name === 'string')
        .map((name) => name.trim())
        .filter(Boolean)
    : [];
  if (names.length === 0) return { agentId: LOCAL_AGENT };
  const ids = names.map((name) => name.toLowerCase()).filter((name) => UUID.test(name));
  const { rows } = await db.query<{ id: string; name: string }>(
    `select id, name from agents where (name = any($1::text[]) or id = any($2::uuid[])) and deleted_at is null`,
    [names, ids],
  );
  const found = names
    .map((name) => rows.find((row) => row.id === name.toLowerCase() || row.name === name))
    .find((row) => row !== undefined);
  return found ? { agentId: found.id } : { refusal: noAgentToRunOn(names) };
}
