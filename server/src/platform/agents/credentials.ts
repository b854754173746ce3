/**
 * An agent's principal: a person of type `agent` (no roles, no identity: it cannot sign in with a
 * password) whose API tokens, in the same store as personal ones, act as the agent
 * (auth/identities.ts). An agent holds one live token: a new one revokes the others.
 */
import { createApiTokenStore } from '../../auth/api-token-store.js';
import type { Queryable } from '../db/db.js';
import type { GeneratedAgent } from './types.js';

/** The name of every agent token, in the person's token list. */
export const AGENT_TOKEN_NAME = 'agent';

export const agentPersonName = (agentName: string) => `agent-${agentName}`;

/** A new person for the agent; the caller links it (agents.person_id). */
export async function createAgentPerson(
  tx: Queryable,
  agentName: string,
): Promise<{ id: string; name: string }> {
  const { rows } = await tx.query<{ id: string; name: string }>(
    `insert into people (name, type, roles) values ($1, 'agent', '{}') returning id, name`,
    [agentPersonName(agentName)],
  );
  return rows[0]!;
}

/** Revokes the person's live tokens and makes a new one, in the caller's transaction. */
export async function issueAgentToken(
  tx: Queryable,
  person: { id: string; name: string },
  agentId: string,
): Promise<GeneratedAgent> {
  const tokens = createApiTokenStore(tx);
  await tokens.revokeAll(person.id);
  const { token } = await tokens.create(person.id, AGENT_TOKEN_NAME);
  return { id: person.id, username: person.name, access_token: token, agent_id: agentId };
}

/** Ends an agent's principal as the agent is deleted: its tokens revoked, its person deleted. */
export async function retireAgentPerson(tx: Queryable, personId: string): Promise<void> {
  await createApiTokenStore(tx).revokeAll(personId);
  await tx.query(
    `update people set deleted_at = now() where id = $1 and type = 'agent' and deleted_at is null`,
    [personId],
  );
}
