import { db } from '../../../api/index.js';
import { GLOBAL_OBJECTS, type GrantAction } from '../../../../../common/permissions.js';

/** A row of the permissions table (spec 3 §3) with the names of what it points at embedded. */
export interface Permission {
  id: string;
  action: GrantAction;
  deny: boolean;
  description: string | null;
  object: string | null;
  config_id: string | null;
  component_id: string | null;
  connection_id: string | null;
  playbook_id: string | null;
  canary_id: string | null;
  check_id: string | null;
  person_id: string | null;
  team_id: string | null;
  until: string | null;
  source: string;
  created_at: string;
  updated_at: string | null;
  catalog?: Named | null;
  component?: Named | null;
  connection?: Named | null;
  playbook?: (Named & { title?: string | null }) | null;
  canary?: Named | null;
  check?: Named | null;
  team?: Named | null;
  person?: Named | null;
  createdBy?: Named | null;
}

export interface Named {
  id: string;
  name: string;
}

/** Spec 3 §5 and §8. */
export const PERMISSION_MESSAGES = {
  added: 'Permission added',
  updated: 'Permission updated',
  deleted: 'Permission deleted',
  resourceRequired: 'Please select a resource',
  subjectRequired: 'Please select a team or a person',
} as const;

/** The resource kinds of the form (spec 3 §2.3), each with the column it fills. */
export const RESOURCE_KINDS = [
  { value: 'catalog', label: 'Catalog', column: 'config_id' },
  { value: 'component', label: 'Component', column: 'component_id' },
  { value: 'connection', label: 'Connection', column: 'connection_id' },
  { value: 'playbook', label: 'Playbook', column: 'playbook_id' },
  { value: 'global', label: 'Global', column: 'object' },
] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number]['value'];
type ResourceColumn = (typeof RESOURCE_KINDS)[number]['column'];

/** Spec 3 §3's actions, with what the form shows ('*' for all). */
export const ACTION_OPTIONS: { value: GrantAction; label: string }[] = [
  { value: 'read', label: 'read' },
  { value: 'update', label: 'update' },
  { value: 'create', label: 'create' },
  { value: 'delete', label: 'delete' },
  { value: '*', label: '*' },
  { value: 'create,read,update,delete', label: 'create,read,update,delete' },
  { value: 'playbook:run', label: 'playbook:run' },
  { value: 'playbook:approve', label: 'playbook:approve' },
];

export const OBJECT_OPTIONS = GLOBAL_OBJECTS;

/** What the form holds. */
export interface PermissionValues {
  kind: ResourceKind;
  /** The resource's id, or the global object's name. */
  resource: string;
  subjectKind: 'team' | 'person';
  subject: string;
  action: GrantAction;
  deny: boolean;
  /** `datetime-local` text, '' for none. */
  until: string;
  description: string;
}

/** The columns one permission's resource may fill: the list's fixed filters. */
export type PermissionFilter = Partial<
  Record<'config_id' | 'component_id' | 'connection_id' | 'playbook_id' | 'person_id' | 'team_id', string>
>;

const RESOURCE_COLUMNS: readonly ResourceColumn[] = RESOURCE_KINDS.map((kind) => kind.column);

export const columnOf = (kind: ResourceKind): ResourceColumn =>
  RESOURCE_KINDS.find((entry) => entry.value === kind)!.column;

export const EMPTY_VALUES: PermissionValues = {
  kind: 'playbook',
  resource: '',
  subjectKind: 'person',
  subject: '',
  action: 'read',
  deny: false,
  until: '',
  description: '',
};

/** A new permission's values with a fixed resource (a playbook's or connection's own tab). */
export function valuesFor(filter: PermissionFilter): PermissionValues {
  const kind = RESOURCE_KINDS.find((entry) => entry.column !== 'object' && filter[entry.column]);
  return kind
    ? { ...EMPTY_VALUES, kind: kind.value, resource: filter[kind.column as keyof PermissionFilter]! }
    : EMPTY_VALUES;
}

/** Switching the kind clears the resource chosen under the other kind (spec 3 §2.3). */
export const withKind = (values: PermissionValues, kind: ResourceKind): PermissionValues =>
  kind === values.kind ? values : { ...values, kind, resource: '' };

/** Switching between Team and Person clears the other's choice. */
export const withSubjectKind = (
  values: PermissionValues,
  subjectKind: 'team' | 'person',
): PermissionValues =>
  subjectKind === values.subjectKind ? values : { ...values, subjectKind, subject: '' };

/** The required-field problems (spec 3 §5), by field. */
export function problemsOf(values: PermissionValues): Partial<Record<'resource' | 'subject', string>> {
  return {
    ...(values.resource ? {} : { resource: PERMISSION_MESSAGES.resourceRequired }),
    ...(values.subject ? {} : { subject: PERMISSION_MESSAGES.subjectRequired }),
  };
}

/** `datetime-local` text of an ISO time, in the browser's zone. */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The form's values of a stored permission. */
export function valuesOf(permission: Permission): PermissionValues {
  const kind = RESOURCE_KINDS.find((entry) => permission[entry.column]) ?? RESOURCE_KINDS[0];
  return {
    kind: kind.value,
    resource: permission[kind.column] ?? '',
    subjectKind: permission.team_id ? 'team' : 'person',
    subject: permission.team_id ?? permission.person_id ?? '',
    action: permission.action,
    deny: permission.deny,
    until: localInput(permission.until),
    description: permission.description ?? '',
  };
}

/** The row to write: the chosen resource and subject, every other id cleared. */
export function rowOf(values: PermissionValues): Record<string, unknown> {
  const row: Record<string, unknown> = Object.fromEntries(RESOURCE_COLUMNS.map((column) => [column, null]));
  row[columnOf(values.kind)] = values.resource;
  row.person_id = values.subjectKind === 'person' ? values.subject : null;
  row.team_id = values.subjectKind === 'team' ? values.subject : null;
  row.action = values.action;
  row.deny = values.deny;
  row.until = values.until ? new Date(values.until).toISOString() : null;
  row.description = values.description.trim() || null;
  return row;
}

const EMBEDS = [
  'catalog:config_id(id,name)',
  'component:component_id(id,name)',
  'playbook:playbook_id(id,name,title)',
  'team:team_id(id,name)',
  'person:person_id(id,name)',
  'createdBy:created_by(id,name)',
];
const CONNECTION_EMBED = 'connection:connection_id(id,name)';

export interface PermissionsQuery {
  filter: PermissionFilter;
  pageIndex: number;
  pageSize: number;
  /** Whether the reader may read connections (embedding them otherwise is refused). */
  withConnections: boolean;
}

export const permissionsKey = ({ filter, pageIndex, pageSize, withConnections }: PermissionsQuery) =>
  `permissions?${new URLSearchParams({
    ...Object.fromEntries(Object.entries(filter).map(([column, id]) => [column, `eq.${id}`])),
    page: `${pageIndex}.${pageSize}`,
    connections: String(withConnections),
  }).toString()}`;

/** One page of permissions under the filter (eq filters, embeds, limit/offset, exact count). */
export function listPermissions({ filter, pageIndex, pageSize, withConnections }: PermissionsQuery) {
  const select = ['*', ...EMBEDS, ...(withConnections ? [CONNECTION_EMBED] : [])].join(',');
  let query = db.from('permissions').select(select, { count: 'exact' });
  for (const [column, id] of Object.entries(filter)) if (id) query = query.eq(column, id);
  const from = pageIndex * pageSize;
  return query
    .order('created_at', { ascending: false })
    .order('id')
    .range(from, from + pageSize - 1)
    .overrideTypes<Permission[], { merge: false }>();
}

export async function addPermission(values: PermissionValues, createdBy: string | null): Promise<void> {
  await db
    .from('permissions')
    .insert({ ...rowOf(values), source: 'UI', created_by: createdBy })
    .throwOnError();
}

export async function updatePermission(id: string, values: PermissionValues, updatedBy: string | null) {
  await db
    .from('permissions')
    .update({ ...rowOf(values), updated_by: updatedBy })
    .eq('id', id)
    .throwOnError();
}

export async function deletePermission(id: string): Promise<void> {
  await db.from('permissions').delete().eq('id', id).throwOnError();
}

/** The choices of one resource kind or subject kind, by name. */
export function listChoices(kind: Exclude<ResourceKind, 'global'> | 'team' | 'person') {
  const table = {
    catalog: 'config_names',
    component: 'component_names',
    connection: 'connections',
    playbook: 'playbooks',
    team: 'teams',
    person: 'people',
  }[kind];
  return db
    .from(table)
    .select('id,name')
    .is('deleted_at', null)
    .order('name', { ascending: true })
    .limit(CHOICES_LIMIT)
    .overrideTypes<Named[], { merge: false }>();
}

/** The most names a picker offers. */
export const CHOICES_LIMIT = 500;
