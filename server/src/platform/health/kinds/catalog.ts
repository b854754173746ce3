import { SelectorError, SqlConditions, valueList } from '../../../lib/selector-sql.js';
import type { Entry } from '../canary-spec.js';
import { celSafe } from '../test-expression.js';
import {
  abortable,
  cap,
  describeError,
  EntryError,
  fail,
  pass,
  str,
  type CheckOutcome,
  type KindContext,
} from './common.js';

const ITEMS_KEPT = 20;
/** A bound on what one check reads of the catalog. */
const MAX_ITEMS = 1000;

type Where = { sql: string; params: unknown[] };

/** One resource selector (the platform's ResourceSelector) as a condition on `configs`. */
function selectorWhere(selector: Record<string, unknown>, where: Where): void {
  const conditions = new SqlConditions(where.params);
  if (str(selector.id)) conditions.matchAny('id::text', valueList(selector.id));
  if (str(selector.name)) conditions.matchAny('name', valueList(selector.name));
  if (str(selector.namespace)) conditions.matchAny('namespace', valueList(selector.namespace));
  if (valueList(selector.types).length) conditions.matchAny('type', valueList(selector.types));
  if (valueList(selector.statuses).length) conditions.matchAny('status', valueList(selector.statuses));
  if (valueList(selector.health).length) conditions.matchAny('health', valueList(selector.health));
  const search = str(selector.search);
  if (search) conditions.matchSearch('name', search);
  const labels = str(selector.labelSelector);
  if (labels) conditions.matchSelector('labels', labels, 'labelSelector');
  const tags = str(selector.tagSelector);
  if (tags) conditions.matchSelector('tags', tags, 'tagSelector');
  if (selector.includeDeleted !== true) conditions.terms.push('deleted_at is null');
  where.sql += ` and (${['true', ...conditions.terms].join(' and ')})`;
}

interface Item {
  id: string;
  name: string;
  type: string;
  namespace: string | null;
  status: string | null;
  health: string | null;
  labels: Record<string, string>;
  tags: Record<string, string>;
  config: unknown;
}

/**
 * Finds the console's own catalog items (configs) that any of the check's `selector`s match.
 * It passes when some are found, or, with a `test`, when the test over `results` holds.
 */
export async function runCatalog(entry: Entry, ctx: KindContext): Promise<CheckOutcome> {
  const selectors = (
    Array.isArray(entry.selector) ? entry.selector : entry.selector ? [entry.selector] : []
  ).filter((s): s is Record<string, unknown> => !!s && typeof s === 'object');
  if (selectors.length === 0) return fail('selector is required (types, names, labelSelector, ...)');
  const where: Where = { sql: 'false', params: [] };
  let items: Item[];
  try {
    for (const selector of selectors) {
      where.sql += ' or (true';
      selectorWhere(selector, where);
      where.sql += ')';
    }
    const { rows } = await abortable(
      ctx.db.query<Item>(
        `select id, name, type, namespace, status, health, labels, tags, config from configs
          where ${where.sql} order by type, name limit ${MAX_ITEMS}`,
        where.params,
      ),
      ctx.signal,
    );
    items = rows;
  } catch (error) {
    return fail(
      error instanceof EntryError || error instanceof SelectorError
        ? error.message
        : describeError(error, ctx),
    );
  }
  const names = items.slice(0, 5).map((i) => `${i.type}/${i.name}`);
  const message =
    items.length === 0
      ? 'no catalog items match the selector'
      : `${items.length} catalog ${items.length === 1 ? 'item' : 'items'}: ${names.join(', ')}${items.length > 5 ? ', …' : ''}`;
  const summary = items.map(({ config: _config, ...rest }) => rest);
  const detail = { count: items.length, items: celSafe(summary.slice(0, ITEMS_KEPT)) } as Record<
    string,
    unknown
  >;
  const context = { results: items, count: items.length };
  // With a test, the test decides (as upstream, where a catalog check always passes).
  if (items.length > 0 || entry.test) return { ...pass(cap(message), detail), context };
  return { ...fail('no catalog items match the selector', null, detail), context };
}
