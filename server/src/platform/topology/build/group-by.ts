/**
 * `groupBy: {tag, selector}`: one tree per value of a config tag, as canary-checker does. Each
 * root is named `<name> (<value>)`, and the tag is added to every config query, component
 * selector and catalog lookup of its spec, so each tree holds what carries that tag value.
 */
import type { Queryable } from '../../db/db.js';
import { configQuery } from './selectors.js';
import { isRecord, records, text } from './spec.js';
import type { Spec } from './types.js';

export interface Group {
  name: string;
  spec: Spec;
}

function withTerm(selector: unknown, term: string): string {
  const current = text(selector);
  return current ? `${current},${term}` : term;
}

/** A copy of the spec with `tag=value` in each tag and label selector that picks configs or components. */
export function injectTag(spec: Spec, tag: string, value: string): Spec {
  const term = `${tag}=${value}`;
  const walk = (node: unknown, key?: string): unknown => {
    if (Array.isArray(node)) {
      if (key === 'configs')
        return records(node).map((c) => ({ ...c, tagSelector: withTerm(c.tagSelector, term) }));
      if (key === 'selectors')
        return records(node).map((c) => ({ ...c, labelSelector: withTerm(c.labelSelector, term) }));
      if (key === 'catalog')
        return records(node).map((entry) => {
          const selectors = Array.isArray(entry.selector)
            ? records(entry.selector)
            : isRecord(entry.selector)
              ? [entry.selector]
              : [];
          return {
            ...entry,
            selector: selectors.map((s) => ({ ...s, tagSelector: withTerm(s.tagSelector, term) })),
          };
        });
      return node.map((item) => walk(item));
    }
    if (isRecord(node)) return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v, k)]));
    return node;
  };
  return walk(spec) as Spec;
}

/** The trees a spec gives: one, or one per value of its groupBy tag (one when it has none). */
export async function groupsOf(db: Queryable, name: string, spec: Spec): Promise<Group[]> {
  const groupBy = isRecord(spec.groupBy) ? spec.groupBy : undefined;
  const tag = text(groupBy?.tag);
  if (!groupBy || !tag) return [{ name, spec }];
  const selector = isRecord(groupBy.selector) ? { ...groupBy.selector } : {};
  selector.tagSelector = withTerm(selector.tagSelector, tag);
  const { sql, params } = configQuery(selector, 'tags');
  const { rows } = await db.query<{ tags: Record<string, unknown> }>(sql, params);
  const values = [
    ...new Set(rows.map((r) => r.tags?.[tag]).filter((v): v is string => typeof v === 'string' && v !== '')),
  ].sort();
  if (values.length === 0) return [{ name, spec }];
  return values.map((value) => ({ name: `${name} (${value})`, spec: injectTag(spec, tag, value) }));
}
