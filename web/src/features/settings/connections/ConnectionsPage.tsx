import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { can, useDbQuery, useWhoami } from '../../../api/index.js';
import { Age } from '../../../components/Age/index.js';
import { ConfirmDialog } from '../../../components/ConfirmDialog/index.js';
import type { DataTableColumn } from '../../../components/DataTable/index.js';
import { ListPage } from '../../../components/ListPage/index.js';
import { useToast } from '../../../components/Toasts/index.js';
import { ConnectionModal } from './ConnectionModal.js';
import { ConnectionTypeIcon } from './ConnectionTypeIcon.js';
import { connectionType } from './connection-types.js';
import {
  addConnection,
  CONNECTION_MESSAGES,
  CONNECTIONS_KEY,
  deleteConnection,
  listConnections,
  updateConnection,
  type Connection,
  type ConnectionWrite,
} from './connections-api.js';

/** The query parameter naming the open connection, so a link opens it. */
export const CONNECTION_PARAM = 'id';

const ADD_LABEL = 'Add Connection';

const COLUMNS: DataTableColumn<Connection>[] = [
  { id: 'name', header: 'Name', sortable: true, cell: (row) => row.name },
  {
    id: 'type',
    header: 'Type',
    sortable: true,
    cell: (row) => (
      <>
        <ConnectionTypeIcon type={row.type} /> {connectionType(row.type)?.title ?? row.type}
      </>
    ),
  },
  { id: 'namespace', header: 'Namespace', sortable: true, cell: (row) => row.namespace },
  { id: 'created_by', header: 'Created By', cell: (row) => row.created_by?.name },
  { id: 'updated_at', header: 'Updated', sortable: true, cell: (row) => <Age from={row.updated_at} /> },
];

/** /settings/connections: the connections, added, edited, tested and deleted in a modal. */
export function ConnectionsPage() {
  const { data: whoami } = useWhoami();
  const toast = useToast();
  const query = useDbQuery<Connection[]>(CONNECTIONS_KEY, listConnections);
  const [searchParams, setSearchParams] = useSearchParams();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Connection>();
  const canWrite = can(whoami, 'connections', 'write');

  const openId = searchParams.get(CONNECTION_PARAM);
  const open = openId ? query.data?.find((row) => row.id === openId) : undefined;

  const setOpen = (id: string | undefined) =>
    setSearchParams(
      (params) => {
        if (id) params.set(CONNECTION_PARAM, id);
        else params.delete(CONNECTION_PARAM);
        return params;
      },
      { replace: id === undefined },
    );
  const close = () => {
    setAdding(false);
    setOpen(undefined);
  };

  const save = (existing?: Connection) => async (write: ConnectionWrite) => {
    if (existing) await updateConnection(existing.id, write);
    else await addConnection(write, whoami?.user.id ?? null);
    toast.success(existing ? CONNECTION_MESSAGES.updated : CONNECTION_MESSAGES.added);
    close();
    void query.mutate();
  };

  const remove = async (row: Connection) => {
    try {
      await deleteConnection(row.id);
    } catch (failure) {
      toast.error(failure);
      throw failure;
    }
    toast.success(CONNECTION_MESSAGES.deleted);
    setDeleting(undefined);
    close();
    void query.mutate();
  };

  return (
    <ListPage
      title="Connections"
      ariaLabel="Connections"
      query={query}
      columns={COLUMNS}
      create={{ label: ADD_LABEL, onClick: () => setAdding(true), allowed: canWrite }}
      rowKey={(row) => row.id}
      onRowClick={(row) => setOpen(row.id)}
    >
      {adding && (
        <ConnectionModal canWrite={canWrite} onSubmit={save()} onDelete={() => {}} onClose={close} />
      )}
      {open && !deleting && (
        <ConnectionModal
          key={open.id}
          row={open}
          canWrite={canWrite}
          onSubmit={save(open)}
          onDelete={() => setDeleting(open)}
          onClose={close}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== undefined}
        title="Delete Connection"
        body={deleting && `Are you sure you want to delete the connection ${deleting.name}?`}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        onClose={() => setDeleting(undefined)}
      />
    </ListPage>
  );
}
