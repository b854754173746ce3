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

const list = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.map((v) => String(v).trim()).filter(Boolean)
    : typeof value === 'string' && value.trim()
      ? value
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean)
      : [];

/**
 * A value or list of values with the platform's prefixes: `!x` excludes x, `x*` matches by
 * prefix (and `*x` by suffix).
 */
function matchAny(column: string, values: string[], where: Where): void {
  const like = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%');
  const include = values.filter((v) => !v.startsWith('!'));
  const exclude = values.filter((v) => v.startsWith('!')).map((v) => v.slice(1));
  const param = (v: unknown) => {
    where.params.push(v);
    return `$${where.params.length}`;
  };
  if (include.length)
    where.sql += ` and (${include.map((v) => (v.includes('*') ? `${column} like ${param(like(v))}` : `${column} = ${param(v)}`)).join(' or ')})`;
  for (const v of exclude)
    where.sql += v.includes('*')
      ? ` and ${column} not like ${param(like(v))}`
      : ` and ${column} is distinct from ${param(v)}`;
}

/**
 * A Kubernetes-style selector (`app=api,tier!=db,env in (prod,stage),owner,!legacy`) on a jsonb
 * column of string values (labels or tags).
 */
function matchSelector(column: string, selector: string, what: string, where: Where): void {
  const param = (v: unknown) => {
    where.params.push(v);
    return `$${where.params.length}`;
  };
  const terms = selector.match(/[^,(]+(\([^)]*\))?/g) ?? [];
  for (const raw of terms) {
    const term = raw.trim();
    if (!term) continue;
    let m: RegExpExecArray | null;
    if ((m = /^([\w./-]+)\s+(in|notin)\s*\(([^)]*)\)$/.exec(term))) {
      const values = m[3]!
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);
      const test = `${column}->>${param(m[1])} = any(${param(values)}::text[])`;
      where.sql += m[2] === 'in' ? ` and ${test}` : ` and not coalesce(${test}, false)`;
    } else if ((m = /^([\w./-]+)\s*(==|=|!=)\s*(.*)$/.exec(term))) {
      const test = `${column}->>${param(m[1])} = ${param(m[3]!.trim())}`;
      where.sql += m[2] === '!=' ? ` and not coalesce(${test}, false)` : ` and ${test}`;
    } else if ((m = /^!([\w./-]+)$/.exec(term))) {
      where.sql += ` and not ${column} ? ${param(m[1])}`;
    } else if ((m = /^([\w./-]+)$/.exec(term))) {
      where.sql += ` and ${column} ? ${param(m[1])}`;
    } else throw new EntryError(`${what} '${selector}' cannot be read at '${term}'`);
  }
}

/** One resource selector (the platform's ResourceSelector) as a condition on `configs`. */
function selectorWhere(selector: Record<string, unknown>, where: Where): void {
  where.sql += ' and (true';
  if (str(selector.id)) matchAny('id::text', list(selector.id), where);
  if (str(selector.name)) matchAny('name', list(selector.name), where);
  if (str(selector.namespace)) matchAny('namespace', list(selector.namespace), where);
  if (list(selector.types).length) matchAny('type', list(selector.types), where);
  if (list(selector.statuses).length) matchAny('status', list(selector.statuses), where);
  if (list(selector.health).length) matchAny('health', list(selector.health), where);
  const search = str(selector.search);
  if (search) {
    where.params.push(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.sql += ` and name ilike $${where.params.length}`;
  }
  const labels = str(selector.labelSelector);
  if (labels) matchSelector('labels', labels, 'labelSelector', where);
  const tags = str(selector.tagSelector);
  if (tags) matchSelector('tags', tags, 'tagSelector', where);
  if (selector.includeDeleted !== true) where.sql += ' and deleted_at is null';
  where.sql += ')';
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
    return fail(error instanceof EntryError ? error.message : describeError(error, ctx));
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
