/**
 * Which rules an event fires: the live rules whose `events` name it and whose CEL `filter` holds
 * over the event's context. A filter that cannot be read or run is the rule's error, not the
 * event's: the other rules still fire.
 */
import { celEnvironment } from '../../../lib/cel-functions.js';
import { CelError, evaluateCel } from '../../../lib/cel.js';
import type { Queryable } from '../../db/db.js';

export interface NotificationRule {
  id: string;
  name: string | null;
  namespace: string;
  title: string | null;
  events: string[];
  filter: string | null;
  person_id: string | null;
  team_id: string | null;
  custom_services: unknown;
  repeat_interval: string | null;
  template: string | null;
  properties: Record<string, unknown> | null;
  error: string | null;
}

const RULE_COLUMNS = `id, name, namespace, title, events, filter, person_id, team_id, custom_services,
  repeat_interval, template, properties, error`;

export async function rulesFor(db: Queryable, eventName: string): Promise<NotificationRule[]> {
  const { rows } = await db.query<NotificationRule>(
    `select ${RULE_COLUMNS} from notifications where deleted_at is null and $1 = any(events) order by created_at, id`,
    [eventName],
  );
  return rows;
}

export async function ruleById(db: Queryable, id: string): Promise<NotificationRule | undefined> {
  const { rows } = await db.query<NotificationRule>(
    `select ${RULE_COLUMNS} from notifications where deleted_at is null and id = $1`,
    [id],
  );
  return rows[0];
}

/** The column of a parse error, read from the caret line cel-js draws under the expression. */
function columnOf(error: unknown): number | undefined {
  const text = (error as Error)?.message ?? '';
  const lines = text.split('\n');
  const caret = lines.findIndex((line) => /^\s*\^\s*$/.test(line));
  const source = lines[caret - 1];
  if (caret < 0 || source === undefined) return undefined;
  const bar = source.indexOf('| ');
  return bar < 0 ? undefined : lines[caret]!.indexOf('^') - (bar + 2) + 1;
}

/** Why a filter cannot be read, with where ('Unexpected token: EOF at column 15'); undefined when it can. */
export function filterProblem(filter: string | null | undefined): string | undefined {
  if (!filter?.trim()) return undefined;
  try {
    celEnvironment.parse(filter);
    return undefined;
  } catch (error) {
    const first = ((error as Error)?.message ?? String(error)).split('\n')[0]!.trim();
    const column = columnOf(error);
    return column === undefined ? first : `${first} at column ${column}`;
  }
}

/**
 * Whether the rule's filter holds; throws a one-line reason when it cannot be read or run. The
 * filter is compiled once (evaluateCel's cache); only one that cannot be read is parsed again, for
 * the column its reason names.
 */
export function filterHolds(filter: string | null | undefined, env: Record<string, unknown>): boolean {
  if (!filter?.trim()) return true;
  let value: unknown;
  try {
    value = evaluateCel(filter, env);
  } catch (error) {
    if (!(error instanceof CelError)) throw error;
    const reason =
      error.stage === 'cannot be read' ? (filterProblem(filter) ?? error.message) : error.message;
    throw new Error(`filter ${error.stage}: ${reason}`);
  }
  if (typeof value !== 'boolean') throw new Error(`filter gave ${typeof value}, not true or false`);
  return value;
}
