import { Button, Toolbar, ToolbarContent, ToolbarItem } from '@patternfly/react-core';
import { PlusIcon } from '@patternfly/react-icons';
import { DataTable } from '../../../components/DataTable/index.js';
import { LoadError } from '../../../components/LoadError/index.js';
import type { PermissionFilter } from './permissions-api.js';
import { PERMISSION_COLUMNS, usePermissions } from './use-permissions.js';

/** The panel's paging in the URL, apart from the page it sits in. */
const PANEL_PREFIX = 'permissions.';

export interface PermissionsPanelProps {
  /** The one resource whose permissions show: `{ playbook_id }`, `{ connection_id }`, … */
  filter: PermissionFilter;
}

/** A resource's Permissions tab (spec 3 §2.3): its permissions, and adding one for it. */
export function PermissionsPanel({ filter }: PermissionsPanelProps) {
  const { query, canWrite, rowActions, dialogs, add, edit } = usePermissions(filter, PANEL_PREFIX);
  const columns = PERMISSION_COLUMNS.filter((column) => column.id !== 'resource');
  const withActions = rowActions
    ? [
        ...columns,
        {
          id: 'actions',
          header: 'Actions',
          cell: (permission: Parameters<(typeof columns)[number]['cell']>[0]) => (
            <>
              {rowActions.map((action) => (
                <Button
                  key={action.label}
                  variant="link"
                  isInline
                  isDanger={action.isDanger}
                  aria-label={action.ariaLabel?.(permission)}
                  onClick={() => action.onClick(permission)}
                  className="pf-v6-u-mr-md"
                >
                  {action.label}
                </Button>
              ))}
            </>
          ),
        },
      ]
    : columns;
  return (
    <>
      {canWrite && (
        <Toolbar>
          <ToolbarContent>
            <ToolbarItem>
              <Button variant="primary" icon={<PlusIcon />} onClick={add}>
                Add Permission
              </Button>
            </ToolbarItem>
          </ToolbarContent>
        </Toolbar>
      )}
      {query.error && !query.data ? (
        <LoadError error={query.error} />
      ) : (
        <DataTable
          ariaLabel="Permissions"
          columns={withActions}
          rows={query.data ?? []}
          isLoading={query.isLoading}
          rowKey={(permission) => permission.id}
          mode="server"
          totalRows={query.count}
          emptyText="No permissions found"
          onRowClick={canWrite ? edit : undefined}
          queryPrefix={PANEL_PREFIX}
        />
      )}
      {dialogs}
    </>
  );
}
