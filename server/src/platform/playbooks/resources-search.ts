/**
 * POST /api/resources/search: the run dialog's resource selector (the platform's call). The body
 * lists resource selectors per kind, `{configs: [{search, types, ...}], components: [...],
 * checks: [...], limit}`; the answer the resources they select, `{configs: [{id, name, type,
 * namespace, agent, labels, ...}], components, checks}`, by name, at most `limit` (capped) per
 * kind. Each selector becomes one statement with bound parameters over the indexed columns
 * (name, type, namespace, status, health, agent_id; labels and tags through their GIN indexes);
 * asking for a kind needs read on it and its feature on.
 */
import { Router } from 'express';
import { disabledMessage, featureOf } from '../../access/feature-map.js';
import type { FlagReader } from '../../access/guard.js';
import { refusal, resourceOf } from '../../access/resource-map.js';
import { HttpError } from '../../http/errors.js';
import { LOCAL_AGENT } from '../../../../common/agents.js';
import type { Db } from '../db/db.js';
import { parseLabelSelector, SELECTABLE_FIELDS, type LabelTerm, type ResourceSelector } from './selectors.js';

/** The most resources an answer lists per kind (spec 1 §9: the resource list limit). */
export const SEARCH_LIMIT_MAX = 100;
/** The most selectors a request may give per kind. */
export const SEARCH_SELECTORS_MAX = 10;

type SearchKind = 'configs' | 'components' | 'checks';
export const SEARCH_KINDS: readonly SearchKind[] = ['configs', 'components', 'checks'];

const COLUMNS: Record<SearchKind, string> = {
  configs: 'id, name, type, namespace, agent_id, labels, tags, status, health, config_class',
  components: 'id, name, type, namespace, agent_id, labels, icon, status, health',
  checks: 'id, name, type, namespace, agent_id, labels, icon, status',
};

export interface SearchedResource {
  id: string;
  name: string;
  type: string | null;
  namespace: string | null;
  agent: string;
  labels: Record<string, string>;
  tags?: Record<string, string>;
  icon?: string | null;
  status?: string | null;
  health?: string | null;
  config_class?: string | null;
}

export type SearchResponse = Record<SearchKind, SearchedResource[]>;

/** A statement's conditions with their bound parameters. */
class Where {
  readonly conditions: string[] = [];
  readonly params: unknown[] = [];
  bind(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }
  add(condition: string) {
    this.conditions.push(condition);
  }
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A '*' pattern as a LIKE pattern. */
const likeOf = (pattern: string) => pattern.split('*').map(escapeLike).join('%');

/** duty's pattern list on an expression: inclusions (any), '!' exclusions (none). */
function patterns(where: Where, expression: string, list: readonly string[]) {
  const terms = list.map((t) => t.trim()).filter((t) => t !== '');
  const included = terms.filter((t) => !t.startsWith('!'));
  const excluded = terms.filter((t) => t.startsWith('!')).map((t) => t.slice(1));
  const test = (pattern: string) =>
    pattern.includes('*')
      ? `${expression} like ${where.bind(likeOf(pattern))}`
      : `${expression} = ${where.bind(pattern)}`;
  if (included.length > 0) where.add(`(${included.map(test).join(' or ')})`);
  for (const pattern of excluded) where.add(`(${expression} is null or not (${test(pattern)}))`);
}

/** A label selector's terms on a JSONB column of string values. */
function labelTerms(where: Where, column: string, terms: readonly LabelTerm[]) {
  for (const term of terms) {
    const value = () => `${column}->>${where.bind(term.key)}::text`;
    switch (term.op) {
      case '=':
        where.add(`${column} @> ${where.bind(JSON.stringify({ [term.key]: term.values[0] }))}::jsonb`);
        break;
      case '!=':
        where.add(`${value()} is distinct from ${where.bind(term.values[0])}::text`);
        break;
      case 'exists':
        where.add(`${column} ? ${where.bind(term.key)}::text`);
        break;
      case '!exists':
        where.add(`not (${column} ? ${where.bind(term.key)}::text)`);
        break;
      case 'in':
        where.add(`${value()} = any(${where.bind(term.values)}::text[])`);
        break;
      case 'notin': {
        const label = value();
        where.add(`(${label} is null or not (${label} = any(${where.bind(term.values)}::text[])))`);
        break;
      }
    }
  }
}

function readTerms(text: string, what: string): LabelTerm[] {
  try {
    return parseLabelSelector(text);
  } catch (error) {
    throw new HttpError(400, `${what}: ${(error as Error).message}`);
  }
}

const given = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** The statement of one selector on a kind. */
export function selectorStatement(
  kind: SearchKind,
  selector: ResourceSelector,
  limit: number,
): { text: string; params: unknown[] } {
  const where = new Where();
  if (selector.includeDeleted !== true) where.add('deleted_at is null');
  if (given(selector.id)) patterns(where, 'id::text', selector.id.split(','));
  if (given(selector.name)) patterns(where, 'name', selector.name.split(','));
  if (given(selector.namespace)) patterns(where, 'namespace', selector.namespace.split(','));
  if (strings(selector.types).length > 0) patterns(where, 'type', strings(selector.types));
  if (strings(selector.statuses).length > 0) patterns(where, 'status', strings(selector.statuses));
  if (given(selector.health) && kind !== 'checks') patterns(where, 'health', selector.health.split(','));
  if (given(selector.agent) && selector.agent !== 'all')
    where.add(`agent_id::text = ${where.bind(selector.agent === 'local' ? LOCAL_AGENT : selector.agent)}`);
  if (given(selector.labelSelector))
    labelTerms(where, 'labels', readTerms(selector.labelSelector, 'labelSelector'));
  if (given(selector.tagSelector))
    labelTerms(where, kind === 'configs' ? 'tags' : 'labels', readTerms(selector.tagSelector, 'tagSelector'));
  if (given(selector.fieldSelector)) {
    for (const term of readTerms(selector.fieldSelector, 'fieldSelector')) {
      if (!SELECTABLE_FIELDS.includes(term.key) || (term.key === 'health' && kind === 'checks'))
        throw new HttpError(400, `fieldSelector: unknown field '${term.key}'`);
      const column = `${term.key}::text`;
      if (term.op === '=' || term.op === 'in') patterns(where, column, term.values);
      else if (term.op === '!=' || term.op === 'notin')
        patterns(
          where,
          column,
          term.values.map((v) => `!${v}`),
        );
      else where.add(`${term.key} is ${term.op === 'exists' ? 'not ' : ''}null`);
    }
  }
  if (given(selector.search)) {
    for (const word of selector.search.trim().split(/\s+/)) {
      const pair = /^([^=!]+)(!?=)(.*)$/.exec(word);
      const field = pair?.[1] ?? '';
      const known =
        field.startsWith('labels.') ||
        (field.startsWith('tags.') && kind === 'configs') ||
        (SELECTABLE_FIELDS.includes(field) && !(field === 'health' && kind === 'checks'));
      // A word, or what reads like a term of a field the kind does not have: a part of the name.
      if (!pair || !known) {
        where.add(`name ilike ${where.bind(`%${escapeLike(word)}%`)}`);
        continue;
      }
      const [, , op, value] = pair as unknown as [string, string, string, string];
      const list = value.split(',').map((v) => (op === '=' ? v : `!${v}`));
      if (field.startsWith('labels.')) patterns(where, `labels->>${where.bind(field.slice(7))}::text`, list);
      else if (field.startsWith('tags.') && kind === 'configs')
        patterns(where, `tags->>${where.bind(field.slice(5))}::text`, list);
      else patterns(where, `${field}::text`, list);
    }
  }
  const conditions = where.conditions.length > 0 ? where.conditions.join(' and ') : 'true';
  return {
    text: `select ${COLUMNS[kind]} from ${kind} where ${conditions} order by name, id limit ${where.bind(limit)}`,
    params: where.params,
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function answerOf(kind: SearchKind, row: Record<string, unknown>): SearchedResource {
  const out: SearchedResource = {
    id: row.id as string,
    name: row.name as string,
    type: (row.type as string | null) ?? null,
    namespace: (row.namespace as string | null) ?? null,
    agent: (row.agent_id as string | null) ?? LOCAL_AGENT,
    labels: (row.labels as Record<string, string> | null) ?? {},
    status: (row.status as string | null) ?? null,
  };
  if (kind === 'configs') {
    out.tags = (row.tags as Record<string, string> | null) ?? {};
    out.config_class = (row.config_class as string | null) ?? null;
  } else out.icon = (row.icon as string | null) ?? null;
  if (kind !== 'checks') out.health = (row.health as string | null) ?? null;
  return out;
}

export function createResourcesRouter({ db, flags }: { db: Db; flags: FlagReader }): Router {
  const router = Router();
  router.post('/search', async (req, res) => {
    const body: unknown = req.body;
    if (!isRecord(body)) throw new HttpError(400, 'The body must be a JSON object');
    const asked = body.limit === undefined ? SEARCH_LIMIT_MAX : Number(body.limit);
    if (!Number.isInteger(asked) || asked < 1)
      throw new HttpError(400, 'limit must be a positive whole number');
    const disabled = await flags();
    const answer: SearchResponse = { configs: [], components: [], checks: [] };
    for (const kind of SEARCH_KINDS) {
      const list = body[kind];
      if (list === undefined || list === null) continue;
      if (!Array.isArray(list) || !list.every(isRecord))
        throw new HttpError(400, `${kind} must be a list of resource selectors`);
      if (list.length === 0) continue;
      if (list.length > SEARCH_SELECTORS_MAX)
        throw new HttpError(400, `At most ${SEARCH_SELECTORS_MAX} selectors per kind`);
      const resource = resourceOf(kind)!;
      if (!req.user!.permissions[resource].read) throw new HttpError(403, refusal('read', resource));
      const feature = featureOf(kind);
      if (feature && disabled.includes(feature)) throw new HttpError(403, disabledMessage(feature));
      const found = new Map<string, SearchedResource>();
      for (const entry of list as ResourceSelector[]) {
        const own = typeof entry.limit === 'number' && entry.limit > 0 ? entry.limit : asked;
        const limit = Math.min(own, asked, SEARCH_LIMIT_MAX);
        const { text, params } = selectorStatement(kind, entry, limit);
        const { rows } = await db.query<Record<string, unknown>>(text, params);
        for (const row of rows) found.set(row.id as string, answerOf(kind, row));
      }
      answer[kind] = [...found.values()]
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1))
        .slice(0, Math.min(asked, SEARCH_LIMIT_MAX));
    }
    res.json(answer);
  });
  return router;
}
