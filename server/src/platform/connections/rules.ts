/**
 * The connections area's /api/db write rules (spec 3 §5, §9): a connection has a name and a
 * namespace, a type from the list, and an s3 one a bucket; `password_set`, `certificate_set`
 * and `secret_properties_set` are read-only; rows whose source is not UI (GitOps) are read-only
 * here (409), and a body may only set source to UI. A PATCH's empty password or certificate
 * keeps the stored one; its secret_properties change only the keys named (migration 0039).
 */
import { CONNECTION_TYPES } from '../../../../common/connection-types.js';
import { RestError } from '../rest/errors.js';
import type { WriteRequest, WriteRules, WriteTarget } from '../rest/write-rules.js';

export const NAME_REQUIRED = 'Name is required';
export const NAMESPACE_REQUIRED = 'Namespace is required';
export const BUCKET_REQUIRED = 'Bucket is required for an s3 connection';
export const SOURCE_MUST_BE_UI = 'source must be UI: connections from GitOps are written there';
export const FLAGS_READ_ONLY = (column: string) =>
  `${column} is read-only: it tells whether a value is stored; send ${column.replace(/_set$/, '')} to set one`;

const FLAG_COLUMNS = ['password_set', 'certificate_set', 'secret_properties_set'] as const;
export const SECRET_PROPERTIES_SHAPE =
  'secret_properties must be an object of strings (null removes a key when changing a connection)';

const unprocessable = (message: string) => new RestError(422, 'PGRST422', message);

const blank = (value: unknown) => value === null || (typeof value === 'string' && value.trim() === '');

function bucketOf(properties: unknown): unknown {
  return properties && typeof properties === 'object'
    ? (properties as Record<string, unknown>).bucket
    : undefined;
}

function checkRow(row: Record<string, unknown>, creating: boolean) {
  for (const column of FLAG_COLUMNS)
    if (Object.hasOwn(row, column)) throw unprocessable(FLAGS_READ_ONLY(column));
  if (Object.hasOwn(row, 'source') && row.source !== 'UI') throw unprocessable(SOURCE_MUST_BE_UI);
  if ((creating && !Object.hasOwn(row, 'name')) || (Object.hasOwn(row, 'name') && blank(row.name)))
    throw unprocessable(NAME_REQUIRED);
  if (Object.hasOwn(row, 'namespace') && blank(row.namespace)) throw unprocessable(NAMESPACE_REQUIRED);
  if ((creating && !Object.hasOwn(row, 'type')) || (Object.hasOwn(row, 'type') && blank(row.type)))
    throw unprocessable(`Type is required: one of ${CONNECTION_TYPES.join(', ')}`);
  if (Object.hasOwn(row, 'type') && !CONNECTION_TYPES.includes(row.type as string))
    throw unprocessable(`Type '${String(row.type)}' is not one of ${CONNECTION_TYPES.join(', ')}`);
  if (creating && row.type === 's3' && blank(bucketOf(row.properties) ?? null))
    throw unprocessable(BUCKET_REQUIRED);
  if (Object.hasOwn(row, 'secret_properties') && !isSecretProperties(row.secret_properties, creating))
    throw unprocessable(SECRET_PROPERTIES_SHAPE);
}

function isSecretProperties(value: unknown, creating: boolean): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((entry) => typeof entry === 'string' || (!creating && entry === null));
}

async function refuseReadOnly(target: WriteTarget) {
  const managed = (await target.existing(['name', 'source'])).find((row) => row.source !== 'UI');
  if (!managed) return;
  throw new RestError(
    409,
    'PGRST409',
    `Cannot ${target.method === 'DELETE' ? 'delete' : 'change'} connections: connection ${String(managed.name)} comes from ${String(managed.source)} and is read-only here`,
  );
}

/** A PATCH that changes type or properties keeps an s3 connection's bucket. */
async function checkBucketAfterChange(target: WriteTarget) {
  const change = target.rows[0] ?? {};
  if (target.method !== 'PATCH' || !(Object.hasOwn(change, 'type') || Object.hasOwn(change, 'properties')))
    return;
  for (const row of await target.existing(['type', 'properties'])) {
    const merged = { ...row, ...change };
    if (merged.type === 's3' && blank(bucketOf(merged.properties) ?? null))
      throw unprocessable(BUCKET_REQUIRED);
  }
}

const WRITE_ONLY = ['password', 'certificate'] as const;

/**
 * The form cannot show a write-only value, so its empty field means "unchanged": a PATCH's
 * empty password or certificate is left out and the stored one kept (null clears it).
 */
function keepUnchangedSecrets(change: Record<string, unknown>) {
  for (const column of WRITE_ONLY) if (change[column] === '') delete change[column];
}

const connections = {
  validate({ method, rows }: WriteRequest) {
    if (method === 'DELETE') return;
    if (method === 'PATCH') rows.forEach(keepUnchangedSecrets);
    for (const row of rows) checkRow(row, method === 'POST');
  },
  async guard(target: WriteTarget) {
    await refuseReadOnly(target);
    await checkBucketAfterChange(target);
  },
};

export const connectionWriteRules: WriteRules = { connections };
