import { useMemo, useState } from 'react';
import { Button, Flex, Label, LabelGroup } from '@patternfly/react-core';
import { useApi, useWhoami, can } from '../../../api/index.js';
import { Age } from '../../../components/Age/index.js';
import { ConfirmDialog } from '../../../components/ConfirmDialog/index.js';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/index.js';
import { useToast } from '../../../components/Toasts/index.js';
import { PageHeader } from '../../../shell/page-header.js';
import { InviteLinkModal } from './InviteLinkModal.js';
import { EMPTY_USER_FORM, userFormFrom, type UserFormValues } from './user-form.js';
import { UserFormModal } from './UserFormModal.js';
import { deleteUser, fullNameOf, inviteUser, updateUser, USERS_PATH, type User } from './users-api.js';
import { LoadError } from '../../../components/LoadError/index.js';

type Dialog =
  | { kind: 'invite' }
  | { kind: 'invited'; name: string; link: string }
  | { kind: 'edit'; user: User }
  | { kind: 'delete'; user: User };

const nameOf = (user: User) => fullNameOf(user.traits.name);

const BASE_COLUMNS: DataTableColumn<User>[] = [
  { id: 'name', header: 'Name', cell: nameOf, sortable: true, sortValue: (u) => nameOf(u).toLowerCase() },
  {
    id: 'email',
    header: 'Email',
    cell: (u) => u.traits.email,
    sortable: true,
    sortValue: (u) => u.traits.email,
  },
  {
    id: 'roles',
    header: 'Roles',
    sortable: true,
    sortValue: (u) => u.roles.join(', '),
    cell: (u) => (
      <LabelGroup>
        {u.roles.map((role) => (
          <Label key={role} isCompact>
            {role}
          </Label>
        ))}
      </LabelGroup>
    ),
  },
  {
    id: 'state',
    header: 'State',
    sortable: true,
    cell: (u) => (
      <Label isCompact color={u.state === 'active' ? 'green' : 'grey'}>
        {u.state}
      </Label>
    ),
  },
  { id: 'created_at', header: 'Created At', sortable: true, cell: (u) => <Age from={u.created_at} /> },
];

/** /settings/users: who may sign in, with invite, edit and delete for those who manage identities. */
export function UsersPage() {
  const { data: whoami } = useWhoami();
  const { data: users, error, isLoading, isValidating, mutate } = useApi<User[]>(USERS_PATH);
  const toast = useToast();
  const [dialog, setDialog] = useState<Dialog>();
  const [mayInvite, mayEdit, mayDelete] = [
    can(whoami, 'people.invite'),
    can(whoami, 'people.update'),
    can(whoami, 'people.delete'),
  ];
  // The users here are the console's own, in upstream mode too.
  const selfId = whoami?.consoleUserId;
  const close = () => setDialog(undefined);

  const columns = useMemo<DataTableColumn<User>[]>(() => {
    if (!mayEdit && !mayDelete) return BASE_COLUMNS;
    const actions: DataTableColumn<User> = {
      id: 'actions',
      header: 'Actions',
      cell: (user) => (
        <Flex spaceItems={{ default: 'spaceItemsMd' }} flexWrap={{ default: 'nowrap' }}>
          {mayEdit && (
            <Button
              variant="link"
              isInline
              aria-label={`Edit User ${nameOf(user)}`}
              onClick={() => setDialog({ kind: 'edit', user })}
            >
              Edit User
            </Button>
          )}
          {/* The server refuses to delete one's own user: not offered. */}
          {mayDelete && user.id !== selfId && (
            <Button
              variant="link"
              isInline
              isDanger
              aria-label={`Delete ${nameOf(user)}`}
              onClick={() => setDialog({ kind: 'delete', user })}
            >
              Delete
            </Button>
          )}
        </Flex>
      ),
    };
    return [...BASE_COLUMNS, actions];
  }, [mayEdit, mayDelete, selfId]);

  const headerActions = useMemo(
    () =>
      mayInvite ? (
        <Button variant="primary" onClick={() => setDialog({ kind: 'invite' })}>
          Invite User
        </Button>
      ) : undefined,
    [mayInvite],
  );

  const invite = async (values: UserFormValues) => {
    const { link } = await inviteUser(values);
    setDialog({
      kind: 'invited',
      name: fullNameOf({ first: values.firstName, last: values.lastName }),
      link,
    });
    void mutate();
  };

  const update = (user: User) => async (values: UserFormValues) => {
    await updateUser(user.id, values);
    toast.success(`${values.firstName} ${values.lastName} updated successfully`);
    close();
    void mutate();
  };

  const remove = async (user: User) => {
    try {
      await deleteUser(user.id);
    } catch (failure) {
      toast.error(failure);
      throw failure;
    }
    toast.success('user deleted successfully');
    void mutate();
  };

  return (
    <>
      <PageHeader
        title="Users"
        actions={headerActions}
        onRefresh={() => void mutate()}
        isRefreshing={isValidating && !isLoading}
      />
      {error && !users ? (
        <LoadError error={error} />
      ) : (
        <DataTable
          ariaLabel="Users"
          columns={columns}
          rows={users ?? []}
          rowKey={(u) => u.id}
          isLoading={isLoading}
          defaultSort={{ by: 'name', order: 'asc' }}
        />
      )}
      {dialog?.kind === 'invite' && (
        <UserFormModal
          mode="invite"
          initialValues={EMPTY_USER_FORM}
          canChangeRole
          onSubmit={invite}
          onClose={close}
        />
      )}
      {dialog?.kind === 'invited' && (
        <InviteLinkModal name={dialog.name} link={dialog.link} onClose={close} />
      )}
      {dialog?.kind === 'edit' && (
        <UserFormModal
          mode="edit"
          initialValues={userFormFrom(dialog.user)}
          canChangeRole={can(whoami, 'people.assignRole')}
          onSubmit={update(dialog.user)}
          onClose={close}
        />
      )}
      <ConfirmDialog
        isOpen={dialog?.kind === 'delete'}
        title="Delete User ?"
        body={dialog?.kind === 'delete' && `Are you sure you want to delete ${nameOf(dialog.user)}?`}
        onConfirm={() => (dialog?.kind === 'delete' ? remove(dialog.user) : undefined)}
        onClose={close}
      />
    </>
  );
}
