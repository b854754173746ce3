/**
 * Resource selectors (duty's ResourceSelector, and the config queries of a topology) as
 * conditions on `configs` and `checks`, with every value a bound parameter. The platform's
 * prefixes hold: `!x` excludes x, `x*` and `*x` match by prefix and suffix; label and tag
 * selectors read as Kubernetes selectors (`app=api,tier!=db,env in (prod,stage),owner,!legacy`).
 */
import { createHash } from 'node:crypto';
import { canonical } from '../../../lib/canonical.js';
import { LOCAL_AGENT } from '../../../../../common/agents.js';
import { SelectorError, SqlConditions, valueList } from '../../../lib/selector-sql.js';
import { isRecord, text } from './spec.js';
import type { Spec } from './types.js';

export { SelectorError };

/** The most rows one selector links (the platform's default page of a selector). */
export const SELECTOR_LIMIT = 1000;

function common(where: SqlConditions, selector: Spec, labelsColumn: string): void {
  if (text(selector.id)) where.matchAny('id::text', valueList(selector.id));
  if (text(selector.name)) where.matchAny('name', valueList(selector.name));
  if (text(selector.namespace)) where.matchAny('namespace', valueList(selector.namespace));
  const types = [...valueList(selector.types), ...valueList(selector.type)];
  if (types.length) where.matchAny('type', types);
  const search = text(selector.search);
  if (search) where.matchSearch('name', search);
  const labels = text(selector.labelSelector);
  if (labels) where.matchSelector(labelsColumn, labels, 'labelSelector');
  const agent = text(selector.agent);
  if (agent && agent !== 'all')
    where.terms.push(
      agent === 'local' || agent === 'self'
        ? `agent_id = ${where.param(LOCAL_AGENT)}`
        : `(agent_id::text = ${where.param(agent)} or agent_id in (select id from agents where name = ${where.param(agent)}))`,
    );
}

function limitOf(selector: Spec): number {
  const limit = Number(selector.limit);
  return Number.isInteger(limit) && limit > 0 ? Math.min(limit, SELECTOR_LIMIT) : SELECTOR_LIMIT;
}

/** `select … from configs where <selector>`: the live config items a config query matches. */
export function configQuery(selector: Spec, columns: string): { sql: string; params: unknown[] } {
  const where = new SqlConditions([]);
  common(where, selector, 'labels');
  if (valueList(selector.statuses).length) where.matchAny('status', valueList(selector.statuses));
  if (valueList(selector.health).length) where.matchAny('health', valueList(selector.health));
  if (text(selector.class)) where.matchAny('config_class', valueList(selector.class));
  const tags = text(selector.tagSelector);
  if (tags) where.matchSelector('tags', tags, 'tagSelector');
  if (isRecord(selector.tags))
    for (const [k, v] of Object.entries(selector.tags))
      where.terms.push(`tags->>${where.param(k)} = ${where.param(String(v))}`);
  const externalId = text(selector.external_id) ?? text(selector.externalID);
  if (externalId) where.terms.push(`${where.param(externalId)} = any(external_id)`);
  if (selector.includeDeleted !== true) where.terms.push('deleted_at is null');
  if (where.terms.length === (selector.includeDeleted === true ? 0 : 1))
    throw new SelectorError('a config selector must name something to match (types, name, labels, tags...)');
  return {
    sql: `select ${columns} from configs where ${where.terms.join(' and ')} order by type, name, id limit ${limitOf(selector)}`,
    params: where.params,
  };
}

/** `select … from checks where <selector>`: the live checks a check selector matches. */
export function checkQuery(selector: Spec, columns: string): { sql: string; params: unknown[] } {
  const where = new SqlConditions([]);
  common(where, selector, 'labels');
  const statuses = valueList(selector.statuses);
  if (statuses.length) where.matchAny('status', statuses);
  if (where.terms.length === 0)
    throw new SelectorError('a check selector must name something to match (name, labelSelector, types...)');
  where.terms.push('deleted_at is null');
  return {
    sql: `select ${columns} from checks where ${where.terms.join(' and ')} order by name, id limit ${limitOf(selector)}`,
    params: where.params,
  };
}

/** The id a selector's links are recorded under: the same for the same selector. */
export function selectorIdOf(kind: string, selector: unknown): string {
  return `${kind}:${createHash('sha256').update(canonical(selector)).digest('hex').slice(0, 16)}`;
}
