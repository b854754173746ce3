/**
 * A scraper entry's `transform`, applied to what its kind found, as config-db applies it:
 *  - `exclude` [{jsonpath, types?}]: the fields the JSONPath selects are removed from the bodies
 *    (of the items of those types only, when `types` is given; `*` matches any run of characters);
 *  - `mask` [{selector?, jsonpath, value}]: the selected fields of the items the CEL `selector`
 *    accepts are replaced: `md5sum` by the MD5 of the value, anything else by that text;
 *  - `relationship` [{filter?, id|external_id|name|namespace|type: {value|expr|label}, labels,
 *    expr?, parent?}]: each item the CEL `filter` accepts is linked to the configs the selector
 *    finds (`expr` gives a list of selectors instead); with `parent`, the first found is its parent;
 *  - `changes.exclude` [CEL]: a change any of them accepts is dropped;
 *  - `changes.mapping` [{filter, type?, severity?, summary?, action?}]: the first rule whose CEL
 *    `filter` accepts a change overrides its type, severity and summary; action `ignore` drops it,
 *    `delete` drops it and soft-deletes its config.
 * CEL sees an item as {id, name, config_type, config_class, namespace, status, health,
 * labels, tags, config} and a change as {change_type, severity, summary, source, details,
 * created_by, external_change_id, config_type, config}. An expression that fails is reported once
 * in the scrape's errors and treated as false.
 */
import { createHash } from 'node:crypto';
import { JSONPath } from 'jsonpath-plus';
import { evaluateCel } from '../../../lib/cel.js';
import type { ConfigRef, ScrapedChange, ScrapedItem, ScrapeOutput } from './types.js';

/** What a relationship rule names: any of a config's fields, all of which must match. */
export interface ConfigSelector {
  id?: string;
  externalId?: string;
  name?: string;
  namespace?: string;
  type?: string;
  labels?: Record<string, string>;
}

export interface RuleLink {
  selector: ConfigSelector;
  parent: boolean;
}

export interface TransformedItem extends ScrapedItem {
  /** Links found by the entry's relationship rules, resolved against the store when persisted. */
  ruleLinks?: RuleLink[];
}

export interface TransformedOutput {
  items: TransformedItem[];
  changes: ScrapedChange[];
  errors: string[];
  completeTypes: string[];
  /** True when the kind said which types are complete (else they are those of its items). */
  explicitComplete: boolean;
  /** Configs a change mapping with action `delete` removed. */
  deletions: { ref: ConfigRef; at: Date }[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const SEVERITIES = new Set(['info', 'warning', 'low', 'medium', 'high', 'blocker', 'critical']);

function globMatches(pattern: string, value: string): boolean {
  if (!pattern.includes('*')) return pattern === value;
  const escaped = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('.*')}$`).test(value);
}

/** The fields of `body` a JSONPath selects, each with a way to set or remove it. */
function selected(
  body: unknown,
  path: string,
): { parent: Record<string, unknown> | unknown[]; key: string | number }[] {
  if (typeof body !== 'object' || body === null) return [];
  const found = JSONPath({ path, json: body as object, resultType: 'all', wrap: true }) as {
    parent: unknown;
    parentProperty: string | number;
  }[];
  return found
    .filter((hit) => hit.parent !== null && typeof hit.parent === 'object')
    .map((hit) => ({ parent: hit.parent as Record<string, unknown>, key: hit.parentProperty }));
}

function removeAt(body: unknown, path: string): void {
  // From the last hit backwards: removing array elements shifts the later ones.
  for (const { parent, key } of selected(body, path).reverse()) {
    if (Array.isArray(parent) && typeof key === 'number') parent.splice(key, 1);
    else delete (parent as Record<string, unknown>)[key as string];
  }
}

function maskAt(body: unknown, path: string, value: string): void {
  for (const { parent, key } of selected(body, path)) {
    const current = (parent as Record<string | number, unknown>)[key];
    (parent as Record<string | number, unknown>)[key] =
      value === 'md5sum'
        ? createHash('md5')
            .update(typeof current === 'string' ? current : JSON.stringify(current ?? null))
            .digest('hex')
        : value;
  }
}

export function itemEnvironment(item: ScrapedItem): Record<string, unknown> {
  return {
    id: item.id,
    name: item.name,
    config_type: item.type,
    config_class: item.configClass ?? '',
    namespace: item.namespace ?? '',
    status: item.status ?? '',
    health: item.health ?? '',
    labels: item.labels ?? {},
    tags: item.tags ?? {},
    config: item.config ?? null,
  };
}

function changeEnvironment(change: ScrapedChange, item?: ScrapedItem): Record<string, unknown> {
  return {
    change_type: change.changeType,
    severity: change.severity ?? '',
    summary: change.summary ?? '',
    source: change.source ?? '',
    details: change.details ?? null,
    created_by: change.createdBy ?? '',
    external_change_id: change.externalChangeId ?? '',
    config_type: item?.type ?? change.config?.type ?? '',
    config: item?.config ?? null,
  };
}

/** Runs CEL expressions of one transform, reporting each failing expression once. */
class Expressions {
  private readonly reported = new Set<string>();
  constructor(private readonly errors: string[]) {}

  value(expr: string, context: Record<string, unknown>, what: string): unknown {
    try {
      return evaluateCel(expr, context);
    } catch (error) {
      const message = `${what} '${expr}': ${(error as Error).message}`;
      if (!this.reported.has(message)) {
        this.reported.add(message);
        this.errors.push(message);
      }
      return undefined;
    }
  }

  test(expr: string | undefined, context: Record<string, unknown>, what: string): boolean {
    if (!expr?.trim()) return true;
    return this.value(expr, context, what) === true;
  }
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value : undefined;

function lookup(field: unknown, item: ScrapedItem, cel: Expressions): string | undefined {
  if (typeof field === 'string') return text(field);
  if (!isRecord(field)) return undefined;
  if (text(field.value)) return field.value as string;
  if (text(field.label)) return item.labels?.[field.label as string];
  if (text(field.expr)) {
    const value = cel.value(field.expr as string, itemEnvironment(item), 'relationship lookup');
    return value === undefined || value === null ? undefined : String(value);
  }
  return undefined;
}

function selectorOf(
  rule: Record<string, unknown>,
  item: ScrapedItem,
  cel: Expressions,
): ConfigSelector | undefined {
  const selector: ConfigSelector = {
    id: lookup(rule.id, item, cel),
    externalId: lookup(rule.external_id, item, cel),
    name: lookup(rule.name, item, cel),
    namespace: lookup(rule.namespace, item, cel),
    type: lookup(rule.type, item, cel),
    labels: isRecord(rule.labels)
      ? Object.fromEntries(Object.entries(rule.labels).map(([k, v]) => [k, String(v)]))
      : undefined,
  };
  const empty =
    !selector.id &&
    !selector.externalId &&
    !selector.name &&
    !selector.type &&
    !Object.keys(selector.labels ?? {}).length;
  return empty ? undefined : selector;
}

function selectorsFromExpression(value: unknown): ConfigSelector[] {
  const list = Array.isArray(value) ? value : [value];
  return list.filter(isRecord).map((s) => ({
    id: text(s.id),
    externalId: text(s.external_id) ?? text(s.externalID) ?? text(s.externalId),
    name: text(s.name),
    namespace: text(s.namespace),
    type: text(s.type),
    labels: isRecord(s.labels) ? (s.labels as Record<string, string>) : undefined,
  }));
}

interface ChangeVerdict {
  change?: ScrapedChange;
  deleteConfig?: boolean;
}

function judgeChange(
  change: ScrapedChange,
  transform: Record<string, unknown>,
  cel: Expressions,
  item?: ScrapedItem,
): ChangeVerdict {
  const rules = isRecord(transform.changes) ? transform.changes : {};
  const env = changeEnvironment(change, item);
  const excludes = Array.isArray(rules.exclude) ? rules.exclude.filter((e): e is string => !!text(e)) : [];
  if (excludes.some((expr) => cel.value(expr, env, 'changes.exclude') === true)) return {};
  const mappings = Array.isArray(rules.mapping) ? rules.mapping.filter(isRecord) : [];
  const rule = mappings.find(
    (m) => text(m.filter) && cel.test(m.filter as string, env, 'changes.mapping filter'),
  );
  if (!rule) return { change };
  const action = text(rule.action)?.toLowerCase();
  if (action === 'ignore') return {};
  if (action === 'delete') return { deleteConfig: true };
  const severity = text(rule.severity)?.toLowerCase();
  return {
    change: {
      ...change,
      changeType: text(rule.type) ?? change.changeType,
      severity:
        severity && SEVERITIES.has(severity) ? (severity as ScrapedChange['severity']) : change.severity,
      summary: text(rule.summary) ?? change.summary,
    },
  };
}

/** The kind's output with the entry's transform applied (bodies are copied, never changed in place). */
export function applyTransform(output: ScrapeOutput, transformSpec: unknown): TransformedOutput {
  const errors = [...(output.errors ?? [])];
  const completeTypes =
    output.completeTypes ?? (errors.length ? [] : [...new Set(output.items.map((i) => i.type))]);
  const transform = isRecord(transformSpec) ? transformSpec : {};
  const cel = new Expressions(errors);
  const excludes = (Array.isArray(transform.exclude) ? transform.exclude : []).filter(
    (e): e is Record<string, unknown> => isRecord(e) && !!text(e.jsonpath),
  );
  const masks = (Array.isArray(transform.mask) ? transform.mask : []).filter(
    (m): m is Record<string, unknown> => isRecord(m) && !!text(m.jsonpath),
  );
  const relationships = (Array.isArray(transform.relationship) ? transform.relationship : []).filter(
    isRecord,
  );
  const deletions: TransformedOutput['deletions'] = [];

  const items = output.items.map((original): TransformedItem => {
    const item: TransformedItem = { ...original };
    if ((excludes.length || masks.length) && typeof item.config === 'object' && item.config !== null) {
      item.config = structuredClone(item.config);
      for (const exclude of excludes) {
        const types = Array.isArray(exclude.types) ? exclude.types.filter((t): t is string => !!text(t)) : [];
        if (types.length && !types.some((t) => globMatches(t, item.type))) continue;
        try {
          removeAt(item.config, exclude.jsonpath as string);
        } catch (error) {
          errors.push(`exclude '${String(exclude.jsonpath)}': ${(error as Error).message}`);
        }
      }
      for (const mask of masks) {
        if (!cel.test(text(mask.selector), itemEnvironment(item), 'mask selector')) continue;
        try {
          maskAt(item.config, mask.jsonpath as string, text(mask.value) ?? '******');
        } catch (error) {
          errors.push(`mask '${String(mask.jsonpath)}': ${(error as Error).message}`);
        }
      }
    }
    for (const rule of relationships) {
      if (!cel.test(text(rule.filter), itemEnvironment(item), 'relationship filter')) continue;
      const selectors = text(rule.expr)
        ? selectorsFromExpression(cel.value(rule.expr as string, itemEnvironment(item), 'relationship expr'))
        : [selectorOf(rule, item, cel)].filter((s): s is ConfigSelector => !!s);
      if (selectors.length)
        item.ruleLinks = [
          ...(item.ruleLinks ?? []),
          ...selectors.map((selector) => ({ selector, parent: rule.parent === true })),
        ];
    }
    if (item.changes?.length) {
      const kept: ScrapedChange[] = [];
      for (const change of item.changes) {
        const verdict = judgeChange(change, transform, cel, item);
        if (verdict.deleteConfig && !change.config) item.deletedAt ??= change.createdAt ?? new Date();
        else if (verdict.deleteConfig && change.config)
          deletions.push({ ref: change.config, at: change.createdAt ?? new Date() });
        if (verdict.change) kept.push(verdict.change);
      }
      item.changes = kept;
    }
    return item;
  });

  const changes: ScrapedChange[] = [];
  for (const change of output.changes ?? []) {
    const verdict = judgeChange(change, transform, cel);
    if (verdict.deleteConfig && change.config)
      deletions.push({ ref: change.config, at: change.createdAt ?? new Date() });
    if (verdict.change) changes.push(verdict.change);
  }
  return {
    items,
    changes,
    errors,
    completeTypes,
    explicitComplete: output.completeTypes !== undefined,
    deletions,
  };
}
