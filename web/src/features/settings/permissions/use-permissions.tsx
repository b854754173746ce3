import { useMemo, useState, type ReactNode } from 'react';
import { can, useDbQuery, useWhoami } from '../../../api/index.js';
import { Age } from '../../../components/Age/index.js';
import { ConfirmDialog } from '../../../components/ConfirmDialog/index.js';
import { useTableState, type DataTableColumn } from '../../../components/DataTable/index.js';
import type { RowAction } from '../../../components/ListPage/index.js';
import { useToast } from '../../../components/Toasts/index.js';
import { PermissionModal } from './PermissionModal.js';
import {
  addPermission,
  deletePermission,
  listPermissions,
  PERMISSION_MESSAGES,
  permissionsKey,
  updatePermission,
  valuesFor,
  valuesOf,
  type Permission,
  type PermissionFilter,
  type PermissionValues,
} from './permissions-api.js';

const NO_VALUE = '-';

/** What a permission points at, as people read it. */
export function resourceLabel(permission: Permission): string {
  if (permission.object) return `Global: ${permission.object}`;
  if (permission.playbook) return `Playbook: ${permission.playbook.title || permission.playbook.name}`;
  if (permission.catalog) return `Catalog: ${permission.catalog.name}`;
  if (permission.component) return `Component: ${permission.component.name}`;
  if (permission.connection) return `Connection: ${permission.connection.name}`;
  const id = permission.connection_id ?? permission.canary_id ?? permission.check_id;
  return id ?? NO_VALUE;
}

const subjectLabel = (permission: Permission) =>
  permission.team ? `Team: ${permission.team.name}` : permission.person ? permission.person.name : NO_VALUE;

export const PERMISSION_COLUMNS: DataTableColumn<Permission>[] = [
  { id: 'resource', header: 'Resource', cell: resourceLabel },
  { id: 'subject', header: 'Subject', cell: subjectLabel },
  { id: 'action', header: 'Action', cell: (permission) => permission.action },
  { id: 'deny', header: 'Deny', cell: (permission) => (permission.deny ? 'Yes' : 'No') },
  {
    id: 'until',
    header: 'Until',
    cell: (permission) => (permission.until ? new Date(permission.until).toLocaleString() : NO_VALUE),
  },
  { id: 'created_by', header: 'Created By', cell: (permission) => permission.createdBy?.name ?? NO_VALUE },
  { id: 'created_at', header: 'Created At', cell: (permission) => <Age from={permission.created_at} /> },
];

type Dialog =
  { kind: 'add' } | { kind: 'edit'; permission: Permission } | { kind: 'delete'; permission: Permission };

/**
 * The permissions under a fixed filter, a page at a time from the server, with add, edit and
 * delete for writers of permissions: the rows, the row actions, and the dialogs to render.
 */
export function usePermissions(filter: PermissionFilter, queryPrefix = '') {
  const { data: whoami } = useWhoami();
  const toast = useToast();
  const { pageIndex, pageSize } = useTableState({ queryPrefix });
  const withConnections = can(whoami, 'connections');
  const request = { filter, pageIndex, pageSize, withConnections };
  const query = useDbQuery<Permission[]>(
    whoami ? permissionsKey(request) : null,
    () => listPermissions(request),
    {
      keepPreviousData: true,
    },
  );
  const { mutate } = query;
  const [dialog, setDialog] = useState<Dialog>();
  const canWrite = can(whoami, 'permissions', 'write');
  const fixedResource = Object.keys(filter).some((column) => column !== 'person_id' && column !== 'team_id');
  const close = () => setDialog(undefined);
  const me = whoami?.user.id ?? null;

  const rowActions = useMemo<RowAction<Permission>[] | undefined>(
    () =>
      canWrite
        ? [
            {
              label: 'Edit',
              ariaLabel: (permission) => `Edit ${resourceLabel(permission)} for ${subjectLabel(permission)}`,
              onClick: (permission) => setDialog({ kind: 'edit', permission }),
            },
            {
              label: 'Delete',
              ariaLabel: (permission) =>
                `Delete ${resourceLabel(permission)} for ${subjectLabel(permission)}`,
              isDanger: true,
              onClick: (permission) => setDialog({ kind: 'delete', permission }),
            },
          ]
        : undefined,
    [canWrite],
  );

  const save = (existing?: Permission) => async (values: PermissionValues) => {
    if (existing) await updatePermission(existing.id, values, me);
    else await addPermission(values, me);
    toast.success(existing ? PERMISSION_MESSAGES.updated : PERMISSION_MESSAGES.added);
    close();
    void mutate();
  };

  const remove = async (permission: Permission) => {
    try {
      await deletePermission(permission.id);
    } catch (failure) {
      toast.error(failure);
      throw failure;
    }
    toast.success(PERMISSION_MESSAGES.deleted);
    void mutate();
  };

  const dialogs: ReactNode = (
    <>
      {dialog?.kind === 'add' && (
        <PermissionModal
          isEdit={false}
          fixedResource={fixedResource}
          initialValues={valuesFor(filter)}
          onSubmit={save()}
          onClose={close}
        />
      )}
      {dialog?.kind === 'edit' && (
        <PermissionModal
          isEdit
          fixedResource={fixedResource}
          initialValues={valuesOf(dialog.permission)}
          onSubmit={save(dialog.permission)}
          onClose={close}
        />
      )}
      <ConfirmDialog
        isOpen={dialog?.kind === 'delete'}
        title="Delete Permission"
        body={
          dialog?.kind === 'delete' &&
          `Are you sure you want to delete the permission on ${resourceLabel(dialog.permission)} for ${subjectLabel(dialog.permission)}?`
        }
        onConfirm={() => (dialog?.kind === 'delete' ? remove(dialog.permission) : undefined)}
        onClose={close}
      />
    </>
  );

  return {
    query,
    canWrite,
    rowActions,
    dialogs,
    add: () => setDialog({ kind: 'add' }),
    edit: (permission: Permission) => setDialog({ kind: 'edit', permission }),
  };
}
