/**
 * /api/incidents: the console's own incident calls (docs/incidents.md). Creating an incident
 * with its root hypothesis and evidence, and linking evidence to an incident with a new
 * hypothesis, are one call each so that they happen in one transaction: through /api/db they
 * would be three writes, and a failure between them would leave an incident without its root
 * hypothesis or a hypothesis without the evidence it was made for. Also the people a comment may
 * mention, and the postmortem download. Every route needs the incidents feature; the access
 * checks are those of /api/db on the same resources.
 */
import { Router, type Request } from 'express';
import { EVIDENCE_TYPES } from '../../../../common/incidents.js';
import { requireFeature, requirePermission, type FlagReader } from '../../access/guard.js';
import { refusal } from '../../access/resource-map.js';
import type { Resource } from '../../access/roles.js';
import { HttpError } from '../../http/errors.js';
import type { Db, Queryable } from '../db/db.js';
import { RestError, toRestError } from '../rest/errors.js';
import { postmortemFileName, postmortemInput, renderPostmortem } from './postmortem.js';
import { closedRefusal, stampResolution, validateIncident } from './rules.js';
import type {
  CreateIncidentRequest,
  CreateIncidentResponse,
  LinkEvidenceRequest,
  LinkEvidenceResponse,
  MentionablePerson,
  NewEvidence,
} from './types.js';
import { UUID } from '../../lib/uuid.js';

export const INCIDENT_NOT_FOUND = 'Incident not found';
export const HYPOTHESIS_REQUIRED = 'Must select or create a hypothesis';
export const HYPOTHESIS_NOT_OF_INCIDENT = 'The hypothesis is not part of this incident';
export const EVIDENCE_REQUIRED = 'Evidence is required';

const EVIDENCE_REFERENCES = [
  'component_id',
  'config_id',
  'check_id',
  'config_change_id',
  'config_analysis_id',
] as const;

const MENTION_LIMIT = 10;
const MENTION_MAX = 50;

/** A refusal of the database or of a rule, as this router answers errors. */
function asHttpError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const known = error instanceof RestError || (error as { code?: unknown })?.code !== undefined;
  if (!known) return error;
  const rest = toRestError(error);
  return rest.status >= 500 ? error : new HttpError(rest.status, rest.message, rest.code, rest.details);
}

const unprocessable = (message: string) => new HttpError(422, message, 'PGRST422');

function mayWrite(req: Request, resource: Resource): void {
  if (!req.user?.permissions[resource].write) throw new HttpError(403, refusal('write', resource));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The evidence of a request, checked: a known type, ids that are ids, an object payload. */
function readEvidence(value: unknown): NewEvidence {
  if (!isRecord(value)) throw unprocessable(EVIDENCE_REQUIRED);
  if (!EVIDENCE_TYPES.includes(value.type as never))
    throw unprocessable(`Evidence type must be one of ${EVIDENCE_TYPES.join(', ')}`);
  const evidence: NewEvidence = { type: value.type as NewEvidence['type'] };
  if (value.description !== undefined && value.description !== null) {
    if (typeof value.description !== 'string') throw unprocessable('Evidence description must be text');
    evidence.description = value.description;
  }
  if (value.evidence !== undefined && value.evidence !== null) {
    if (!isRecord(value.evidence)) throw unprocessable('Evidence payload must be an object');
    evidence.evidence = value.evidence;
  }
  for (const field of EVIDENCE_REFERENCES) {
    const id = value[field];
    if (id === undefined || id === null) continue;
    if (typeof id !== 'string' || !UUID.test(id)) throw unprocessable(`Evidence ${field} must be an id`);
    evidence[field] = id;
  }
  return evidence;
}

async function actAs(tx: Queryable, req: Request): Promise<string> {
  const actor = req.user!.id;
  await tx.query(`select set_config('app.user_id', $1, true)`, [actor]);
  return actor;
}

async function insertEvidence(
  tx: Queryable,
  hypothesisId: string,
  evidence: NewEvidence,
  actor: string,
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into evidences (hypothesis_id, type, description, evidence, component_id, config_id,
       check_id, config_change_id, config_analysis_id, created_by)
     values ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9, $10) returning id`,
    [
      hypothesisId,
      evidence.type,
      evidence.description ?? null,
      evidence.evidence === undefined || evidence.evidence === null
        ? null
        : JSON.stringify(evidence.evidence),
      evidence.component_id ?? null,
      evidence.config_id ?? null,
      evidence.check_id ?? null,
      evidence.config_change_id ?? null,
      evidence.config_analysis_id ?? null,
      actor,
    ],
  );
  return rows[0]!.id;
}

interface IncidentRef {
  id: string;
  incident_id: string;
  status: string;
}

/** An incident by its id or its visible identifier (INC0000042), locked when `lock`. */
async function findIncident(db: Queryable, key: string, lock = false): Promise<IncidentRef | null> {
  const byId = UUID.test(key);
  const { rows } = await db.query<IncidentRef>(
    `select id, incident_id, status from incidents where ${byId ? 'id = $1::uuid' : 'incident_id = $1'}
     ${lock ? 'for update' : ''}`,
    [key],
  );
  return rows[0] ?? null;
}

/** The hypothesis a link makes: a factor under the root, or the root when there is none. */
async function insertLinkedHypothesis(
  tx: Queryable,
  incidentId: string,
  title: string | null,
  actor: string,
): Promise<string> {
  const { rows: roots } = await tx.query<{ id: string }>(
    `select id from hypotheses where incident_id = $1 and type = 'root' order by created_at, id limit 1`,
    [incidentId],
  );
  const root = roots[0]?.id ?? null;
  const { rows } = await tx.query<{ id: string }>(
    `insert into hypotheses (incident_id, parent_id, title, type, status, created_by)
     values ($1, $2, $3, $4, 'possible', $5) returning id`,
    [incidentId, root, title, root ? 'factor' : 'root', actor],
  );
  return rows[0]!.id;
}

export function createIncidentsRouter({ db, flags }: { db: Db; flags: FlagReader }): Router {
  const router = Router();
  router.use(requireFeature('incidents', flags));

  router.post('/', requirePermission('incident', 'write'), async (req, res) => {
    const body: unknown = req.body;
    if (!isRecord(body)) throw unprocessable('The body must be a JSON object');
    try {
      validateIncident(body, true);
    } catch (error) {
      throw asHttpError(error);
    }
    const evidence =
      body.evidence === undefined || body.evidence === null ? undefined : readEvidence(body.evidence);
    if (evidence) mayWrite(req, 'evidences');
    if (body.description !== undefined && body.description !== null && typeof body.description !== 'string')
      throw unprocessable('Description must be text');
    const incident = body as unknown as CreateIncidentRequest;
    try {
      const created = await db.transaction(async (tx) => {
        const actor = await actAs(tx, req);
        const { rows } = await tx.query<{ id: string; incident_id: string }>(
          `insert into incidents (title, description, type, severity, status, created_by, commander_id)
           values ($1, $2, $3, $4, $5, $6, $6) returning id, incident_id`,
          [
            incident.title.trim(),
            incident.description ?? null,
            incident.type,
            incident.severity,
            incident.status,
            actor,
          ],
        );
        const { id, incident_id } = rows[0]!;
        await stampResolution(tx, [id]);
        const { rows: hypotheses } = await tx.query<{ id: string }>(
          `insert into hypotheses (incident_id, title, type, status, created_by)
           values ($1, $2, 'root', 'possible', $3) returning id`,
          [id, incident.title.trim(), actor],
        );
        const hypothesis_id = hypotheses[0]!.id;
        const answer: CreateIncidentResponse = { id, incident_id, hypothesis_id };
        if (evidence) answer.evidence_id = await insertEvidence(tx, hypothesis_id, evidence, actor);
        return answer;
      });
      res.status(201).json(created);
    } catch (error) {
      throw asHttpError(error);
    }
  });

  router.post('/:id/evidence', requirePermission('evidences', 'write'), async (req, res) => {
    const body: unknown = req.body;
    if (!isRecord(body)) throw unprocessable('The body must be a JSON object');
    const link = body as unknown as LinkEvidenceRequest;
    const evidence = readEvidence(body.evidence);
    const hypothesisId = link.hypothesis_id;
    if (hypothesisId !== undefined && (typeof hypothesisId !== 'string' || !UUID.test(hypothesisId)))
      throw unprocessable(HYPOTHESIS_REQUIRED);
    const creating = hypothesisId === undefined;
    if (creating && !Object.hasOwn(body, 'hypothesis_title')) throw unprocessable(HYPOTHESIS_REQUIRED);
    if (creating) mayWrite(req, 'incident');
    const title =
      typeof link.hypothesis_title === 'string' && link.hypothesis_title.trim() !== ''
        ? link.hypothesis_title.trim()
        : null;
    try {
      const linked = await db.transaction(async (tx) => {
        const incident = await findIncident(tx, String(req.params.id), true);
        if (!incident) throw new HttpError(404, INCIDENT_NOT_FOUND);
        if (incident.status === 'closed') throw new HttpError(409, closedRefusal(incident.incident_id));
        const actor = await actAs(tx, req);
        let hypothesis = hypothesisId;
        if (hypothesis) {
          const { rows } = await tx.query(`select 1 from hypotheses where id = $1 and incident_id = $2`, [
            hypothesis,
            incident.id,
          ]);
          if (rows.length === 0) throw unprocessable(HYPOTHESIS_NOT_OF_INCIDENT);
        } else hypothesis = await insertLinkedHypothesis(tx, incident.id, title, actor);
        const answer: LinkEvidenceResponse = {
          id: incident.id,
          incident_id: incident.incident_id,
          hypothesis_id: hypothesis,
          evidence_id: await insertEvidence(tx, hypothesis, evidence, actor),
          hypothesis_created: creating,
        };
        return answer;
      });
      res.status(201).json(linked);
    } catch (error) {
      throw asHttpError(error);
    }
  });

  // Commanders and responders may not read people, yet mention them: only the public columns.
  router.get('/people', requirePermission('incident', 'read'), async (req, res) => {
    const q = typeof req.query.q === 'string' ? req.query.q.trim() : '';
    const asked = Number(req.query.limit);
    const limit = Number.isInteger(asked) && asked > 0 ? Math.min(asked, MENTION_MAX) : MENTION_LIMIT;
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const { rows } = await db.query<MentionablePerson>(
      `select p.id, p.name, p.avatar from people p left join identities i on i.id = p.id
        where p.deleted_at is null and p.type = 'person' and coalesce(i.state, 'active') = 'active'
          and ($1 = '' or p.name ilike $2)
        order by lower(p.name), p.id limit $3`,
      [q, pattern, limit],
    );
    res.json(rows);
  });

  router.get('/:id/postmortem', requirePermission('incident', 'read'), async (req, res) => {
    const key = String(req.params.id);
    const input = await postmortemInput(db, key);
    if (!input) throw new HttpError(404, INCIDENT_NOT_FOUND);
    const file = postmortemFileName(input.incident.incident_id);
    res
      .status(200)
      .type('text/markdown; charset=utf-8')
      .setHeader('Content-Disposition', `attachment; filename="${file}"`)
      .send(renderPostmortem(input));
  });

  return router;
}
