/**
 * labelSelector and fieldSelector of list and watch requests, parsed as the real server does
 * (equality, inequality, existence, set-based `in`/`notin`) and matched against objects.
 */
import type { KubeObject } from '../../../server/src/kube/types.js';
import { badRequest } from './status.js';

export type Matcher = (object: KubeObject) => boolean;

const matchAll: Matcher = () => true;

/** Splits on commas outside parentheses: `a in (x,y),b` → ['a in (x,y)', 'b']. */
function requirements(selector: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of selector) {
    if (char === '(') depth++;
    if (char === ')') depth--;
    if (char === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  parts.push(current.trim());
  return parts.filter(Boolean);
}

function labelRequirement(text: string): Matcher {
  const labelsOf = (object: KubeObject) => object.metadata.labels ?? {};
  let match = /^!\s*([\w./-]+)$/.exec(text);
  if (match) {
    const key = match[1]!;
    return (object) => !(key in labelsOf(object));
  }
  match = /^([\w./-]+)\s*(==|=|!=)\s*([\w.-]*)$/.exec(text);
  if (match) {
    const [, key, operator, value] = match as unknown as [string, string, string, string];
    return operator === '!='
      ? (object) => labelsOf(object)[key] !== value
      : (object) => labelsOf(object)[key] === value;
  }
  match = /^([\w./-]+)\s+(in|notin)\s+\(([^)]*)\)$/.exec(text);
  if (match) {
    const [, key, operator, list] = match as unknown as [string, string, string, string];
    const values = list.split(',').map((value) => value.trim());
    return operator === 'in'
      ? (object) => values.includes(labelsOf(object)[key] as string)
      : (object) => !values.includes(labelsOf(object)[key] as string);
  }
  match = /^([\w./-]+)$/.exec(text);
  if (match) {
    const key = match[1]!;
    return (object) => key in labelsOf(object);
  }
  throw badRequest(`unable to parse requirement: found '${text}', expected: identifier`);
}

export function labelSelector(selector: string | null): Matcher {
  if (!selector) return matchAll;
  const matchers = requirements(selector).map(labelRequirement);
  return (object) => matchers.every((matcher) => matcher(object));
}

/** How a field selector reads a field of an object. */
export type SelectableFields = Record<string, (object: KubeObject) => string>;

const FIELDS: SelectableFields = {
  'metadata.name': (object) => object.metadata.name,
  'metadata.namespace': (object) => object.metadata.namespace ?? '',
};

/** Field selectors accept metadata.name, metadata.namespace and the kind's own fields. */
export function fieldSelector(selector: string | null, kindFields: SelectableFields = {}): Matcher {
  if (!selector) return matchAll;
  const matchers = requirements(selector).map((text): Matcher => {
    const match = /^([\w.]+)\s*(==|=|!=)\s*(.*)$/.exec(text);
    if (!match) throw badRequest(`invalid selector: '${selector}'; can't understand '${text}'`);
    const [, field, operator, value] = match as unknown as [string, string, string, string];
    const read = FIELDS[field] ?? kindFields[field];
    if (!read) throw badRequest(`field label not supported: ${field}`);
    return operator === '!=' ? (object) => read(object) !== value : (object) => read(object) === value;
  });
  return (object) => matchers.every((matcher) => matcher(object));
}

/** Both selectors of a request's query. */
export function selectorOf(query: URLSearchParams, kindFields?: SelectableFields): Matcher {
  const labels = labelSelector(query.get('labelSelector'));
  const fields = fieldSelector(query.get('fieldSelector'), kindFields);
  return (object) => labels(object) && fields(object);
}
