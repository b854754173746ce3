/**
 * /api/agent: the hub's agent calls (docs/agents.md). `POST /generate` makes an agent, its
 * principal and its token in one transaction; `POST /{agent id}/token` gives it a new token and
 * revokes the old ones. Both need write on agents with the agents feature on (agents.manage).
 * The token is in the answer only: it is never stored (only its hash) nor logged.
 */
import { Router } from 'express';
import {
  AGENT_FORM_MESSAGES,
  agentNameProblem,
  agentPropertiesProblem,
  agentSpecOf,
  kubernetesProblem,
  pushTelemetryProblem,
  type AgentSpec,
} from '../../../../common/agent-form.js';
import { requireAction, type FlagReader } from '../../access/guard.js';
import { HttpError } from '../../http/errors.js';
import { UUID } from '../../lib/uuid.js';
import type { Db, Queryable } from '../db/db.js';
import { createAgentPerson, issueAgentToken } from './credentials.js';
import { LOCAL_AGENT } from './local-agent.js';
import type { GeneratedAgent } from './types.js';

export const AGENT_NOT_FOUND = 'Agent not found';
export const LOCAL_AGENT_HAS_NO_TOKEN = 'The local agent is this console itself: it has no token';
export const BODY_NOT_AN_OBJECT =
  'The body must be a JSON object {name, description, properties, kubernetes, pushTelemetry}';
export const agentNameTaken = (name: string) => `An agent named ${name} already exists`;

export interface AgentsRouterDependencies {
  db: Db;
  flags: FlagReader;
}

interface AgentForm {
  name: string;
  description: string | null;
  properties: Record<string, string>;
  spec: AgentSpec;
}

const unprocessable = (message: string) => new HttpError(422, message);

/** The generate body, checked (422 with the first problem), as it is stored. */
function agentFormOf(body: unknown): AgentForm {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new HttpError(400, BODY_NOT_AN_OBJECT);
  const { name, description, properties, kubernetes, pushTelemetry } = body as Record<string, unknown>;
  const problem =
    agentNameProblem(name) ??
    (description != null && typeof description !== 'string' ? AGENT_FORM_MESSAGES.description : undefined) ??
    agentPropertiesProblem(properties) ??
    kubernetesProblem(kubernetes) ??
    pushTelemetryProblem(pushTelemetry);
  if (problem) throw unprocessable(problem);
  return {
    name: (name as string).trim(),
    description: typeof description === 'string' && description.trim() ? description.trim() : null,
    properties: (properties as Record<string, string> | null | undefined) ?? {},
    spec: agentSpecOf(kubernetes, pushTelemetry),
  };
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

async function generateAgent(tx: Queryable, form: AgentForm, createdBy: string): Promise<GeneratedAgent> {
  const { rows: taken } = await tx.query(`select 1 from agents where name = $1 and deleted_at is null`, [
    form.name,
  ]);
  if (taken.length > 0) throw new HttpError(409, agentNameTaken(form.name));
  const person = await createAgentPerson(tx, form.name);
  const { rows } = await tx.query<{ id: string }>(
    `insert into agents (name, description, properties, spec, person_id, created_by)
     values ($1, $2, $3::jsonb, $4::jsonb, $5, $6) returning id`,
    [
      form.name,
      form.description,
      JSON.stringify(form.properties),
      JSON.stringify(form.spec),
      person.id,
      createdBy,
    ],
  );
  return issueAgentToken(tx, person, rows[0]!.id);
}

/** A new token for a live agent; a person first if it has none (an agent not made by generate). */
async function rotateToken(tx: Queryable, agentId: string): Promise<GeneratedAgent> {
  const { rows } = await tx.query<{ name: string; person_id: string | null; person_name: string | null }>(
    `select a.name, p.id as person_id, p.name as person_name
       from agents a left join people p on p.id = a.person_id and p.type = 'agent' and p.deleted_at is null
      where a.id = $1 and a.deleted_at is null
      for update of a`,
    [agentId],
  );
  const agent = rows[0];
  if (!agent) throw new HttpError(404, AGENT_NOT_FOUND);
  let person = agent.person_id ? { id: agent.person_id, name: agent.person_name! } : undefined;
  if (!person) {
    person = await createAgentPerson(tx, agent.name);
    await tx.query(`update agents set person_id = $2 where id = $1`, [agentId, person.id]);
  }
  return issueAgentToken(tx, person, agentId);
}

export function createAgentsRouter({ db, flags }: AgentsRouterDependencies): Router {
  const router = Router();
  router.use(requireAction('agents.manage', flags));

  router.post('/generate', async (req, res) => {
    const form = agentFormOf(req.body);
    const generated = await db
      .transaction((tx) => generateAgent(tx, form, req.user!.id))
      .catch((error: unknown) => {
        // Another request took the name between the check and the insert.
        throw isUniqueViolation(error) ? new HttpError(409, agentNameTaken(form.name)) : error;
      });
    res.status(201).json(generated);
  });

  router.post('/:id/token', async (req, res) => {
    const id = String(req.params.id);
    if (id === LOCAL_AGENT) throw unprocessable(LOCAL_AGENT_HAS_NO_TOKEN);
    if (!UUID.test(id)) throw new HttpError(404, AGENT_NOT_FOUND);
    res.status(201).json(await db.transaction((tx) => rotateToken(tx, id)));
  });

  return router;
}
