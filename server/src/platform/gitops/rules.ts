/**
 * GitOps read-only: rows of the four kinds that live in the cluster as custom resources (source
 * `KubernetesCRD`, or any source other than `UI`) are changed there, never through /api/db. The
 * mirror writes them straight to the database, not through this API.
 */
import {
  CRD_SOURCE,
  isManaged,
  managerOf,
  resourceName,
  type SourcedRow,
} from '../../../../common/managed.js';
import { KIND_OF_TABLE } from '../../../../common/kinds.js';
import { RestError } from '../rest/errors.js';
import type { WriteRules, WriteTarget } from '../rest/write-rules.js';

/** The relations holding GitOps kinds, and their kind; views Postgres can write through count. */
const kindByRelation: Record<string, string> = { ...KIND_OF_TABLE, canary_names: 'Canary' };

export const SOURCE_MUST_BE_UI = 'source must be UI: resources from the cluster are written by the mirror';

/**
 * Who manages a row, as people read it: 'managed by Canary default/web-checks in the cluster',
 * or for another source 'managed by Flux: Canary default/web-checks is read-only here'.
 */
export function managedBy(kind: string, row: SourcedRow): string {
  const manager = managerOf(kind, row);
  if (row.source === CRD_SOURCE) return `managed by ${manager}`;
  return `managed by ${manager}: ${resourceName(kind, row)} is read-only here`;
}

/** The 409 for a write that would change these managed rows (at least one). */
export function readOnlyError(
  relation: string,
  method: 'POST' | 'PATCH' | 'DELETE',
  managed: SourcedRow[],
): RestError {
  const kind = kindByRelation[relation] ?? relation;
  const verb = method === 'DELETE' ? 'delete' : 'change';
  const message = `Cannot ${verb} ${relation}: ${managedBy(kind, managed[0]!)}`;
  const details =
    managed.length > 1
      ? `${managed.length} of the rows are read-only here: ${managed.map((row) => resourceName(kind, row)).join(', ')}`
      : null;
  const hint = managed.some((row) => row.source === CRD_SOURCE)
    ? 'Change the custom resource in the cluster (kubectl or its GitOps repository); the console follows it'
    : null;
  return new RestError(409, 'PGRST409', message, details, hint);
}

/**
 * The /api/db write guard: a body may only set `source` to UI, and a PATCH, DELETE or upsert
 * touching any managed row is refused whole (409) before anything is written.
 */
export async function guardGitOpsWrite({ relation, method, rows, existing }: WriteTarget): Promise<void> {
  if (!Object.hasOwn(kindByRelation, relation)) return;
  if (rows.some((row) => Object.hasOwn(row, 'source') && isManaged(row.source))) {
    throw new RestError(422, 'PGRST422', SOURCE_MUST_BE_UI);
  }
  const managed = (await existing(['namespace', 'name', 'source'])).filter((row) => isManaged(row.source));
  if (managed.length > 0) throw readOnlyError(relation, method, managed);
}

/** The /api/db write rules of the relations holding GitOps kinds. */
export const gitOpsWriteRules: WriteRules = Object.fromEntries(
  Object.keys(kindByRelation).map((relation) => [relation, { guard: guardGitOpsWrite }]),
);
