/**
 * The 'IncidentRules' task: evaluates the incident rules (incident_rules, spec an IncidentRule)
 * against the components and checks they watch. A watched resource that fails opens one
 * incident per (rule, resource) — while that incident is neither resolved nor closed, later
 * runs leave it be — with the rule's template, its responders, and the resource's owner as
 * commander when the rule says autoAssignOwner. When the resource recovers, autoResolve
 * resolves the incident and autoClose closes it. Each step is in the changelog with no actor
 * and a description naming the rule. Every rule's run leaves a job_histories row
 * (resource_type incident_rule), shown on the rule's Job History tab.
 */
import type { Db, Queryable } from '../../db/db.js';
import { renderGoTemplate } from '../../health/go-template.js';
import { recordJob } from '../../jobs/history.js';
import type { Task, TaskOutcome } from '../../jobs/types.js';
import { INCIDENT_SEVERITIES, INCIDENT_STATUSES, INCIDENT_TYPES } from '../../../../../common/incidents.js';
import { explainHistory, moveIncidentAsSystem } from '../definition-of-done.js';
import {
  hasRecovered,
  inPriorityOrder,
  isFailing,
  RESPONDER_KINDS,
  watches,
  withinHours,
  type IncidentRule,
  type WatchedResource,
} from './match.js';
import { UUID } from '../../../lib/uuid.js';

export const RULES_TASK = 'IncidentRules';
/** The job_histories name of one rule's evaluation. */
export const RULE_JOB = 'IncidentRule';

const RESOURCES = `
  select 'component' as kind, id, name, namespace, agent_id, type, status, null as severity, labels,
         owner, status_reason, updated_at as since
    from components where deleted_at is null
  union all
  select 'check', id, name, namespace, agent_id, type, status, severity, labels,
         owner, null, coalesce(last_transition_time, last_runtime)
    from checks where deleted_at is null`;

/** The rule-opened incidents still going, by rule and resource. */
const OPEN_INCIDENTS = `
  select distinct i.id, i.incident_rule_id, coalesce(e.component_id, e.check_id) as resource_id
    from incidents i
    join hypotheses h on h.incident_id = i.id
    join evidences e on e.hypothesis_id = h.id
   where i.incident_rule_id is not null and i.status not in ('resolved', 'closed')
     and (e.component_id is not null or e.check_id is not null)`;

export interface RuleRunSummary {
  opened: number;
  resolved: number;
  closed: number;
  errors: string[];
}

const keyOf = (resource: { id: string }) => resource.id;

function render(text: string | undefined, data: unknown, fallback: string, errors: string[]): string {
  if (!text) return fallback;
  try {
    return renderGoTemplate(text, data);
  } catch (error) {
    errors.push(`template '${text}': ${(error as Error).message}`);
    return fallback;
  }
}

function oneOf<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  fallback: T,
  errors: string[],
): T {
  if (value === undefined || value === '') return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  errors.push(`template: '${value}' is not one of ${allowed.join(', ')}`);
  return fallback;
}

async function personNamed(tx: Queryable, who: string | null | undefined): Promise<string | null> {
  if (!who) return null;
  const { rows } = await tx.query<{ id: string }>(
    `select id from people
      where deleted_at is null and (id::text = $1 or lower(email) = lower($1) or name = $1)
      order by (id::text = $1) desc limit 1`,
    [who],
  );
  return rows[0]?.id ?? null;
}

async function teamNamed(tx: Queryable, who: string | undefined): Promise<string | null> {
  if (!who) return null;
  const { rows } = await tx.query<{ id: string }>(
    `select id from teams where deleted_at is null and (id::text = $1 or name = $1) limit 1`,
    [who],
  );
  return rows[0]?.id ?? null;
}

const describeResource = (resource: WatchedResource) => `${resource.kind} '${resource.name}'`;

async function addResponders(tx: Queryable, rule: IncidentRule, incidentId: string, errors: string[]) {
  for (const [key, entries] of Object.entries(rule.spec.responders ?? {})) {
    const type = RESPONDER_KINDS[key];
    if (!type) {
      if (entries?.length) errors.push(`responders.${key}: not delivered by this console, skipped`);
      continue;
    }
    for (const entry of entries ?? []) {
      let personId: string | null = null;
      let teamId: string | null = null;
      if (type === 'person') {
        personId = await personNamed(tx, String(entry.id ?? entry.email ?? entry.name ?? ''));
        if (!personId) {
          errors.push(`responders.person: no person ${JSON.stringify(entry)}`);
          continue;
        }
      } else if (type === 'team') {
        teamId = await teamNamed(tx, String(entry.id ?? entry.name ?? ''));
        if (!teamId) {
          errors.push(`responders.team: no team ${JSON.stringify(entry)}`);
          continue;
        }
      }
      const properties = type === 'person' || type === 'team' ? {} : { responderType: type, ...entry };
      const { rows } = await tx.query<{ id: string }>(
        `insert into responders (incident_id, type, team_id, person_id, properties)
         values ($1, $2, $3, $4, $5) returning id`,
        [incidentId, type, teamId, personId, JSON.stringify(properties)],
      );
      await tx.query(
        `update incident_histories set description = coalesce(description || ' ', '') || $2
          where responder_id = $1 and type = 'responder.created'`,
        [rows[0]!.id, `(added by incident rule '${rule.name}')`],
      );
    }
  }
}

async function openIncident(tx: Queryable, rule: IncidentRule, resource: WatchedResource, errors: string[]) {
  const template = rule.spec.template ?? {};
  const data = {
    [resource.kind]: resource,
    component: resource,
    check: resource,
    rule: { id: rule.id, name: rule.name },
  };
  const title = render(template.title, data, `${resource.name} is ${resource.status ?? 'unhealthy'}`, errors);
  const description = render(template.description, data, resource.status_reason ?? '', errors);
  const uuidOr = (value: string | undefined) => (value && UUID.test(value) ? value : null);
  let commander = uuidOr(template.commander_id);
  if (rule.spec.autoAssignOwner) commander = (await personNamed(tx, resource.owner)) ?? commander;
  const { rows } = await tx.query<{ id: string }>(
    `insert into incidents (title, description, type, severity, status, commander_id, communicator_id,
       created_by, incident_rule_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
    [
      title.trim() || resource.name,
      description || null,
      oneOf(template.type, INCIDENT_TYPES, 'availability', errors),
      oneOf(template.severity, INCIDENT_SEVERITIES, 'low', errors),
      oneOf(template.status, INCIDENT_STATUSES, 'open', errors),
      commander,
      uuidOr(template.communicator_id),
      uuidOr(template.created_by),
      rule.id,
    ],
  );
  const incidentId = rows[0]!.id;
  await explainHistory(
    tx,
    incidentId,
    'incident.created',
    `opened by incident rule '${rule.name}': ${describeResource(resource)} is ${resource.status}`,
  );
  const { rows: hypotheses } = await tx.query<{ id: string }>(
    `insert into hypotheses (incident_id, title, type, status) values ($1, $2, 'root', 'possible') returning id`,
    [incidentId, title.trim() || resource.name],
  );
  await tx.query(
    `insert into evidences (hypothesis_id, type, description, evidence, component_id, check_id)
     values ($1, $2, $3, $4, $5, $6)`,
    [
      hypotheses[0]!.id,
      resource.kind === 'component' ? 'topology' : 'check',
      `${describeResource(resource)} is ${resource.status}`,
      JSON.stringify(resource.kind === 'check' ? { start: resource.since?.toISOString() ?? null } : {}),
      resource.kind === 'component' ? resource.id : null,
      resource.kind === 'check' ? resource.id : null,
    ],
  );
  await addResponders(tx, rule, incidentId, errors);
}

/** Held by a run: two runs at once (a Run Now beside the schedule) would both open an incident. */
export const RULES_LOCK = 7_240_020;

/** One run over every rule; `now` fixes the clock (hours of operation, ages). */
export function runIncidentRules(db: Db, now = new Date()): Promise<TaskOutcome> {
  return db.withAdvisoryLock(RULES_LOCK, () => evaluateRules(db, now));
}

async function evaluateRules(db: Db, now: Date): Promise<TaskOutcome> {
  const { rows: ruleRows } = await db.query<IncidentRule>(
    `select id, name, spec from incident_rules where deleted_at is null`,
  );
  const rules = inPriorityOrder(ruleRows.map((rule) => ({ ...rule, spec: rule.spec ?? {} })));
  const { rows: resources } = await db.query<WatchedResource>(RESOURCES);
  const { rows: openRows } = await db.query<{ id: string; incident_rule_id: string; resource_id: string }>(
    OPEN_INCIDENTS,
  );
  const open = new Map(openRows.map((row) => [`${row.incident_rule_id}/${row.resource_id}`, row.id]));
  // Resources a rule with breakOnMatch matched: the rules after it leave them alone.
  const claimed = new Set<string>();
  const errors: string[] = [];
  const totals = { opened: 0, resolved: 0, closed: 0 };

  for (const rule of rules) {
    const started = new Date();
    const summary: RuleRunSummary = { opened: 0, resolved: 0, closed: 0, errors: [] };
    const onHours = withinHours(rule.spec, now);
    for (const resource of resources) {
      const key = keyOf(resource);
      if (claimed.has(key) || !watches(rule.spec, resource)) continue;
      const incidentId = open.get(`${rule.id}/${key}`);
      let matched = incidentId !== undefined;
      try {
        if (incidentId) {
          const { autoClose, autoResolve } = rule.spec;
          const settle = autoClose ? 'closed' : autoResolve ? 'resolved' : undefined;
          const timeout = (autoClose ?? autoResolve)?.timeout ?? 0;
          if (settle && hasRecovered(resource, now, timeout)) {
            const reason = `incident rule '${rule.name}': ${describeResource(resource)} recovered`;
            const moved = await db.transaction((tx) => moveIncidentAsSystem(tx, incidentId, settle, reason));
            if (moved) summary[settle]++;
            open.delete(`${rule.id}/${key}`);
          }
        } else if (onHours && isFailing(rule.spec, resource, now)) {
          matched = true;
          await db.transaction((tx) => openIncident(tx, rule, resource, summary.errors));
          summary.opened++;
        }
      } catch (error) {
        summary.errors.push(`${describeResource(resource)}: ${(error as Error).message}`);
      }
      if (matched && rule.spec.breakOnMatch) claimed.add(key);
    }
    totals.opened += summary.opened;
    totals.resolved += summary.resolved;
    totals.closed += summary.closed;
    errors.push(...summary.errors.map((e) => `${rule.name}: ${e}`));
    await recordJob(db, {
      name: RULE_JOB,
      resource: { type: 'incident_rule', id: rule.id, name: rule.name },
      status: summary.errors.length ? 'WARNING' : 'SUCCESS',
      started,
      ended: new Date(),
      successCount: summary.opened + summary.resolved + summary.closed,
      errorCount: summary.errors.length,
      errors: summary.errors,
      details: { opened: summary.opened, resolved: summary.resolved, closed: summary.closed },
    });
  }
  return { successCount: rules.length, errors, details: { rules: rules.length, ...totals } };
}

/** The task, every minute by default. */
export function incidentRulesTask(db: Db, every = 60_000): Task {
  return { name: RULES_TASK, every, run: () => runIncidentRules(db) };
}
