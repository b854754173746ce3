/**
 * The teams' /api/db write rules (spec 3 §2.3, §6, §7): a team has a name, unique among the teams
 * not deleted (409 naming it, before the database's own index would answer with less); rows whose
 * source is not UI come from GitOps and are read-only here; a body may only set source to UI. The
 * spec is checked against the Team schema by the specs area's rules (PLAIN_SPEC_TABLES), so the
 * responders and notifications code only ever read a spec they can use.
 */
import { RestError } from '../rest/errors.js';
import type { WriteRequest, WriteRules, WriteTarget } from '../rest/write-rules.js';

export const NAME_REQUIRED = 'A team needs a name';
export const SOURCE_MUST_BE_UI = 'source must be UI: teams from GitOps are written there';
export const nameTaken = (name: string) => `A team named ${name} already exists: choose another name`;

const unprocessable = (message: string) => new RestError(422, 'PGRST422', message);

function checkName(row: Record<string, unknown>, creating: boolean) {
  if (!Object.hasOwn(row, 'name')) {
    if (creating) throw unprocessable(NAME_REQUIRED);
    return;
  }
  if (typeof row.name !== 'string' || row.name.trim() === '') throw unprocessable(NAME_REQUIRED);
}

function validate({ method, rows }: WriteRequest): void {
  if (method === 'DELETE') return;
  for (const row of rows) {
    if (Object.hasOwn(row, 'source') && row.source !== 'UI' && row.source !== null)
      throw unprocessable(SOURCE_MUST_BE_UI);
    checkName(row, method === 'POST');
  }
}

/** The names the write gives teams that stay live; one name twice in one POST is refused too. */
function namesGiven(rows: Record<string, unknown>[]): string[] {
  const names = rows.flatMap((row) =>
    row.deleted_at == null && typeof row.name === 'string' ? [row.name] : [],
  );
  const twice = names.find((name, n) => names.indexOf(name) !== n);
  if (twice !== undefined) throw new RestError(409, 'PGRST409', nameTaken(twice));
  return names;
}

async function guard(target: WriteTarget): Promise<void> {
  const { method, rows, tx } = target;
  const existing = method === 'POST' ? [] : await target.existing(['id', 'name', 'source']);
  const managed = existing.find((row) => row.source !== 'UI');
  if (managed)
    throw new RestError(
      409,
      'PGRST409',
      `Cannot ${method === 'DELETE' ? 'delete' : 'change'} team ${String(managed.name)}: it comes from ${String(managed.source)} and is read-only here`,
    );
  if (method === 'DELETE') return;
  const names = namesGiven(rows);
  if (names.length === 0) return;
  // One name for several teams at once can only leave duplicates.
  if (method === 'PATCH' && existing.length > 1) throw new RestError(409, 'PGRST409', nameTaken(names[0]!));
  const { rows: taken } = await tx.query<{ name: string }>(
    `select name from teams
      where deleted_at is null and name = any($1::text[]) and not (id::text = any($2::text[]))
      limit 1`,
    [names, existing.map((row) => String(row.id))],
  );
  if (taken[0]) throw new RestError(409, 'PGRST409', nameTaken(taken[0].name));
}

export const teamWriteRules: WriteRules = { teams: { validate, guard } };
