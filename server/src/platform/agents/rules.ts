/**
 * The agents' /api/db write rules (spec 1 §4, §5): an agent is made by `POST /api/agent/generate`
 * (which also makes its principal and token), never by a POST here; its description, properties
 * and spec may change, its name may not; the local agent is this console itself and takes no
 * write. Deleting is a PATCH of deleted_at (never a DELETE, which would take every row the agent
 * sent with it): the agent's tokens are revoked and its person deleted, and with `cleanup: true`
 * the rows it sent go too (cleanup.ts).
 */
import {
  AGENT_FORM_MESSAGES,
  agentPropertiesProblem,
  agentSpecProblem,
} from '../../../../common/agent-form.js';
import { RestError } from '../rest/errors.js';
import type { WriteRequest, WriteRules, WriteTarget, WrittenRows } from '../rest/write-rules.js';
import { deleteAgentResources } from './cleanup.js';
import { retireAgentPerson } from './credentials.js';
import { LOCAL_AGENT } from './local-agent.js';

export const NAME_READ_ONLY = "An agent's name cannot be changed";
export const LOCAL_AGENT_READ_ONLY =
  'The local agent is this console itself: it cannot be changed or deleted';
export const CREATE_WITH_GENERATE =
  'Agents are created with POST /api/agent/generate, which also makes their token';
export const DELETE_WITH_PATCH =
  'Agents are deleted by setting deleted_at (PATCH with {"deleted_at": "now()"}, and "cleanup": true to delete what they sent)';
export const CLEANUP_ONLY_ON_DELETE = 'cleanup is given with deleted_at, as the agent is deleted';
export const CLEANUP_BOOLEAN = 'cleanup must be true or false';
export const agentDeleted = (name: string) => `The agent ${name} is deleted`;
export const columnReadOnly = (column: string) => `An agent's ${column} cannot be changed`;

/** What a PATCH may set, besides the name it already has. */
const CHANGEABLE = new Set(['description', 'properties', 'spec', 'deleted_at', 'cleanup']);

const unprocessable = (message: string) => new RestError(422, 'PGRST422', message);

function validateChange(change: Record<string, unknown>): void {
  for (const column of Object.keys(change)) {
    if (column === 'name') {
      if (typeof change.name !== 'string') throw unprocessable(NAME_READ_ONLY);
    } else if (!CHANGEABLE.has(column)) throw unprocessable(columnReadOnly(column));
  }
  const { description, properties, spec, cleanup } = change;
  if (description != null && typeof description !== 'string')
    throw unprocessable(AGENT_FORM_MESSAGES.description);
  if (Object.hasOwn(change, 'properties')) {
    const problem = properties === null ? AGENT_FORM_MESSAGES.properties : agentPropertiesProblem(properties);
    if (problem) throw unprocessable(problem);
  }
  if (Object.hasOwn(change, 'spec')) {
    const problem = agentSpecProblem(spec);
    if (problem) throw unprocessable(problem);
  }
  if (Object.hasOwn(change, 'cleanup')) {
    if (typeof cleanup !== 'boolean') throw unprocessable(CLEANUP_BOOLEAN);
    if (change.deleted_at == null) throw unprocessable(CLEANUP_ONLY_ON_DELETE);
  }
}

function validate({ method, rows }: WriteRequest): void {
  if (method === 'POST') throw unprocessable(CREATE_WITH_GENERATE);
  if (method === 'DELETE') throw unprocessable(DELETE_WITH_PATCH);
  for (const change of rows) validateChange(change);
}

async function guard({ rows, existing }: WriteTarget): Promise<void> {
  const agents = await existing(['id', 'name', 'deleted_at']);
  if (agents.some((agent) => agent.id === LOCAL_AGENT)) throw unprocessable(LOCAL_AGENT_READ_ONLY);
  const deleted = agents.find((agent) => agent.deleted_at != null);
  if (deleted) throw unprocessable(agentDeleted(String(deleted.name)));
  const change = rows[0] ?? {};
  if (Object.hasOwn(change, 'name') && agents.some((agent) => agent.name !== change.name))
    throw unprocessable(NAME_READ_ONLY);
}

/** The agents this PATCH deleted (the guard refused deleted ones): their principals end, and with cleanup their rows. */
async function after({ rows, tx, written }: WrittenRows): Promise<void> {
  if (rows[0]?.deleted_at == null) return;
  for (const agent of written) {
    if (agent.deleted_at == null) continue;
    if (typeof agent.person_id === 'string') await retireAgentPerson(tx, agent.person_id);
    if (agent.cleanup === true) await deleteAgentResources(tx, String(agent.id));
  }
}

const rule = { validate, guard, after };

/** agents_summary is a view Postgres writes through to agents: the same rules. */
export const agentWriteRules: WriteRules = { agents: rule, agents_summary: rule };
