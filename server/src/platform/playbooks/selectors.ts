/**
 * Which playbooks can run on a resource: a playbook's `spec.configs`, `spec.components` and
 * `spec.checks` are lists of the platform's resource selectors (duty's ResourceSelector); the
 * playbook runs on a resource of that kind when any selector of its list matches it, and then
 * only when every `spec.filters` CEL expression holds. Decided here for /api/playbook/list and
 * POST /api/playbook/run (docs/playbooks.md, "API").
 */
import { LOCAL_AGENT } from '../../../../common/agents.js';
import { evaluateCel } from '../health/index.js';

export type ResourceKind = 'config' | 'component' | 'check';
export const RESOURCE_KINDS: readonly ResourceKind[] = ['config', 'component', 'check'];

/** The spec list of selectors for each kind. */
export const SELECTOR_LIST: Record<ResourceKind, 'configs' | 'components' | 'checks'> = {
  config: 'configs',
  component: 'components',
  check: 'checks',
};

/** duty's ResourceSelector, the fields the console evaluates. */
export interface ResourceSelector {
  id?: string;
  name?: string;
  namespace?: string;
  agent?: string;
  scope?: string;
  search?: string;
  types?: string[];
  statuses?: string[];
  health?: string;
  labelSelector?: string;
  tagSelector?: string;
  fieldSelector?: string;
  includeDeleted?: boolean;
  limit?: number;
  cache?: string;
}

/** A resource as selectors see it: a row of configs, components or checks. */
export interface SelectableResource {
  id: string;
  name: string;
  namespace?: string | null;
  type?: string | null;
  status?: string | null;
  health?: string | null;
  agent_id?: string | null;
  labels?: Record<string, string> | null;
  /** Configs only. */
  tags?: Record<string, string> | null;
  deleted_at?: string | Date | null;
  [field: string]: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A pattern: exact, or with '*' standing for any text. */
function globMatches(pattern: string, value: string): boolean {
  if (!pattern.includes('*')) return pattern === value;
  const parts = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.*')}$`, 's').test(value);
}

/**
 * duty's match of a list of patterns: '!x' excludes, '*' is a wildcard; the value matches when
 * no exclusion matches it and, if there are inclusions, one of them does.
 */
export function matchesPatterns(patterns: readonly string[], value: string | null | undefined): boolean {
  const terms = patterns.map((p) => p.trim()).filter((p) => p !== '');
  if (terms.length === 0) return true;
  const text = value ?? '';
  const excluded = terms.filter((t) => t.startsWith('!')).map((t) => t.slice(1));
  const included = terms.filter((t) => !t.startsWith('!'));
  if (excluded.some((pattern) => globMatches(pattern, text))) return false;
  return included.length === 0 || included.some((pattern) => globMatches(pattern, text));
}

/** A comma-separated list ('a,b,!c') as patterns. */
const patternsOf = (text: string) => text.split(',');

export interface LabelTerm {
  key: string;
  op: '=' | '!=' | 'exists' | '!exists' | 'in' | 'notin';
  values: string[];
}

/**
 * A Kubernetes label selector: 'team=payments,env!=dev,tier,!legacy,env in (a,b),env notin (c)'.
 * Throws on text it cannot read.
 */
export function parseLabelSelector(selector: string): LabelTerm[] {
  const terms: LabelTerm[] = [];
  // Commas inside parentheses belong to a set: split on the others only.
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of selector) {
    if (char === '(') depth++;
    if (char === ')') depth--;
    if (char === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  for (const raw of parts) {
    const term = raw.trim();
    if (term === '') continue;
    const set = /^([^\s!=()]+)\s+(in|notin)\s*\(([^)]*)\)$/.exec(term);
    if (set) {
      const values = set[3]!.split(',').map((v) => v.trim());
      terms.push({ key: set[1]!, op: set[2] as 'in' | 'notin', values });
      continue;
    }
    const inequality = /^([^!=]+)!=(.*)$/.exec(term);
    if (inequality) {
      terms.push({ key: inequality[1]!.trim(), op: '!=', values: [inequality[2]!.trim()] });
      continue;
    }
    const equality = /^([^!=]+)==?(.*)$/.exec(term);
    if (equality) {
      terms.push({ key: equality[1]!.trim(), op: '=', values: [equality[2]!.trim()] });
      continue;
    }
    if (/^![^\s!=()]+$/.test(term)) {
      terms.push({ key: term.slice(1), op: '!exists', values: [] });
      continue;
    }
    if (/^[^\s!=()]+$/.test(term)) {
      terms.push({ key: term, op: 'exists', values: [] });
      continue;
    }
    throw new Error(`Cannot read the selector term '${term}'`);
  }
  return terms;
}

function termHolds(term: LabelTerm, labels: Record<string, unknown>): boolean {
  const has = Object.hasOwn(labels, term.key);
  const value = has ? String(labels[term.key]) : undefined;
  switch (term.op) {
    case '=':
      return value === term.values[0];
    case '!=':
      return value !== term.values[0];
    case 'exists':
      return has;
    case '!exists':
      return !has;
    case 'in':
      return value !== undefined && term.values.includes(value);
    case 'notin':
      return value === undefined || !term.values.includes(value);
  }
}

export function matchesLabelSelector(selector: string, labels: Record<string, unknown> | null | undefined) {
  try {
    return parseLabelSelector(selector).every((term) => termHolds(term, labels ?? {}));
  } catch {
    return false;
  }
}

/** The fields a fieldSelector or a search term may name, on every kind. */
export const SELECTABLE_FIELDS = ['id', 'name', 'namespace', 'type', 'status', 'health', 'agent_id'];

/** 'status=healthy,type=http,name!=x': like a label selector, over the resource's own fields. */
export function matchesFieldSelector(selector: string, resource: SelectableResource): boolean {
  let terms: LabelTerm[];
  try {
    terms = parseLabelSelector(selector);
  } catch {
    return false;
  }
  const fields: Record<string, unknown> = {};
  for (const field of SELECTABLE_FIELDS)
    if (resource[field] !== undefined && resource[field] !== null) fields[field] = resource[field];
  return terms.every((term) => SELECTABLE_FIELDS.includes(term.key) && termHolds(term, fields));
}

/**
 * The selector's `search`: whitespace-separated terms, each `field=value` (a field of
 * SELECTABLE_FIELDS, or `labels.key` / `tags.key`; the value a pattern list with '*' and '!'),
 * or a bare word the name must contain (case-insensitive).
 */
export function matchesSearch(search: string, resource: SelectableResource): boolean {
  for (const term of search.trim().split(/\s+/)) {
    if (term === '') continue;
    const pair = /^([^=!]+)(!?=)(.*)$/.exec(term);
    const field = pair?.[1] ?? '';
    const known =
      field.startsWith('labels.') || field.startsWith('tags.') || SELECTABLE_FIELDS.includes(field);
    // A word, or what reads like a term of an unknown field: a part of the name.
    if (!pair || !known) {
      if (!resource.name.toLowerCase().includes(term.toLowerCase())) return false;
      continue;
    }
    const [, , op, value] = pair as unknown as [string, string, string, string];
    let actual: unknown;
    if (field.startsWith('labels.')) actual = resource.labels?.[field.slice(7)];
    else if (field.startsWith('tags.')) actual = resource.tags?.[field.slice(5)];
    else actual = resource[field];
    const matched = matchesPatterns(patternsOf(value), actual === undefined ? undefined : String(actual));
    if (op === '=' ? !matched : matched) return false;
  }
  return true;
}

/** Whether the agent named by a selector is the resource's: 'all' any, 'local' the console's own. */
function matchesAgent(agent: string, agentId: string | null | undefined): boolean {
  const wanted = agent.trim();
  if (wanted === '' || wanted === 'all') return true;
  const id = agentId ?? LOCAL_AGENT;
  if (wanted === 'local') return id === LOCAL_AGENT;
  return wanted === id;
}

const given = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * Whether one selector matches the resource: every field it gives must hold. A selector that
 * gives no field it can be matched by (an empty `{}`) matches nothing, as the platform's does.
 */
export function selectorMatches(selector: ResourceSelector, resource: SelectableResource): boolean {
  if (!isRecord(selector)) return false;
  const checks: boolean[] = [];
  if (resource.deleted_at && selector.includeDeleted !== true) return false;
  if (given(selector.id)) checks.push(matchesPatterns(patternsOf(selector.id), resource.id));
  if (given(selector.name)) checks.push(matchesPatterns(patternsOf(selector.name), resource.name));
  if (given(selector.namespace))
    checks.push(matchesPatterns(patternsOf(selector.namespace), resource.namespace));
  if (Array.isArray(selector.types) && selector.types.length > 0)
    checks.push(matchesPatterns(selector.types.map(String), resource.type));
  if (Array.isArray(selector.statuses) && selector.statuses.length > 0)
    checks.push(matchesPatterns(selector.statuses.map(String), resource.status));
  if (given(selector.health)) checks.push(matchesPatterns(patternsOf(selector.health), resource.health));
  if (given(selector.labelSelector))
    checks.push(matchesLabelSelector(selector.labelSelector, resource.labels));
  if (given(selector.tagSelector))
    checks.push(matchesLabelSelector(selector.tagSelector, resource.tags ?? resource.labels));
  if (given(selector.fieldSelector)) checks.push(matchesFieldSelector(selector.fieldSelector, resource));
  if (given(selector.search)) checks.push(matchesSearch(selector.search, resource));
  if (checks.length === 0) return false;
  if (given(selector.agent)) checks.push(matchesAgent(selector.agent, resource.agent_id));
  return checks.every(Boolean);
}

export interface PlaybookSpecLike {
  configs?: unknown;
  components?: unknown;
  checks?: unknown;
  filters?: unknown;
  [field: string]: unknown;
}

/** The selectors of a kind a spec lists (malformed entries dropped). */
export function selectorsOf(
  spec: PlaybookSpecLike | null | undefined,
  kind: ResourceKind,
): ResourceSelector[] {
  const list = spec?.[SELECTOR_LIST[kind]];
  return Array.isArray(list) ? list.filter(isRecord) : [];
}

/** Whether a spec lists selectors of any kind (a playbook that runs on resources). */
export const selectsResources = (spec: PlaybookSpecLike | null | undefined) =>
  RESOURCE_KINDS.some((kind) => selectorsOf(spec, kind).length > 0);

/**
 * Why the spec's `filters` do not let it run on this context: undefined when every expression
 * is true. An expression that cannot be read or run counts as false, with its reason.
 */
export function filtersRefusal(
  spec: PlaybookSpecLike | null | undefined,
  context: Record<string, unknown>,
): string | undefined {
  const filters = Array.isArray(spec?.filters) ? spec.filters : [];
  for (const filter of filters) {
    if (typeof filter !== 'string' || filter.trim() === '') continue;
    let value: unknown;
    try {
      value = evaluateCel(filter, context);
    } catch (error) {
      return `The filter '${filter}' failed: ${(error as Error).message}`;
    }
    if (value !== true) return `The filter '${filter}' is not true for this resource`;
  }
  return undefined;
}

/** Whether the playbook can run on the resource: one of its selectors of that kind matches. */
export function playbookSelects(
  spec: PlaybookSpecLike | null | undefined,
  kind: ResourceKind,
  resource: SelectableResource,
): boolean {
  return selectorsOf(spec, kind).some((selector) => selectorMatches(selector, resource));
}
