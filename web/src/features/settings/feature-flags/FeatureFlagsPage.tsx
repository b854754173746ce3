import { useCallback, useMemo, useState } from 'react';
import { Label } from '@patternfly/react-core';
import { LockIcon } from '@patternfly/react-icons';
import { can, useDbQuery, useRefreshWhoami, useWhoami } from '../../../api/index.js';
import { Age } from '../../../components/Age/index.js';
import { ConfirmDialog } from '../../../components/ConfirmDialog/index.js';
import type { DataTableColumn } from '../../../components/DataTable/index.js';
import { ListPage, type RowAction } from '../../../components/ListPage/index.js';
import { useToast } from '../../../components/Toasts/index.js';
import { FeatureFlagModal } from './FeatureFlagModal.js';
import {
  addFlag,
  deleteFlag,
  FLAG_MESSAGES,
  FLAGS_KEY,
  isLocalFlag,
  listFlags,
  updateFlag,
  type FeatureFlag,
  type FeatureFlagValues,
} from './flags-api.js';

type Dialog = { kind: 'add' } | { kind: 'edit'; flag: FeatureFlag } | { kind: 'delete'; flag: FeatureFlag };

const SOURCE: DataTableColumn<FeatureFlag> = {
  id: 'source',
  header: 'Source',
  sortable: true,
  cell: (flag) =>
    isLocalFlag(flag) ? (
      <Label isCompact icon={<LockIcon />} color="orange">
        local
      </Label>
    ) : (
      flag.source
    ),
};

const COLUMNS: DataTableColumn<FeatureFlag>[] = [
  { id: 'name', header: 'Name', sortable: true, cell: (flag) => flag.name },
  { id: 'value', header: 'Value', sortable: true, cell: (flag) => flag.value },
  { id: 'description', header: 'Description', cell: (flag) => flag.description },
  SOURCE,
  { id: 'updated_at', header: 'Updated At', sortable: true, cell: (flag) => <Age from={flag.updated_at} /> },
  { id: 'created_at', header: 'Created At', sortable: true, cell: (flag) => <Age from={flag.created_at} /> },
];

/** /settings/feature-flags: the properties table, with add, edit and delete for writers of feature_flags. */
export function FeatureFlagsPage() {
  const { data: whoami } = useWhoami();
  const toast = useToast();
  // Flags decide which areas are on: the sidebar and route guards read them from whoami.
  const refreshWhoami = useRefreshWhoami();
  const query = useDbQuery<FeatureFlag[]>(FLAGS_KEY, listFlags);
  const { mutate } = query;
  const [dialog, setDialog] = useState<Dialog>();
  const canWrite = can(whoami, 'feature_flags', 'write');
  const close = () => setDialog(undefined);

  // Local flags belong to the server's settings: say so rather than send a change it refuses.
  const openUnlessLocal = useCallback(
    (next: Dialog & { flag: FeatureFlag }) =>
      isLocalFlag(next.flag) ? toast.error(FLAG_MESSAGES.local) : setDialog(next),
    [toast],
  );

  const rowActions = useMemo<RowAction<FeatureFlag>[] | undefined>(
    () =>
      canWrite
        ? [
            {
              label: 'Edit',
              ariaLabel: (flag) => `Edit ${flag.name}`,
              onClick: (flag) => openUnlessLocal({ kind: 'edit', flag }),
            },
            {
              label: 'Delete',
              ariaLabel: (flag) => `Delete ${flag.name}`,
              isDanger: true,
              onClick: (flag) => openUnlessLocal({ kind: 'delete', flag }),
            },
          ]
        : undefined,
    [canWrite, openUnlessLocal],
  );

  const save = (existing?: FeatureFlag) => async (values: FeatureFlagValues) => {
    if (existing) await updateFlag(values);
    else await addFlag(values, whoami?.user.id ?? null);
    toast.success(existing ? FLAG_MESSAGES.updated : FLAG_MESSAGES.added);
    void refreshWhoami();
    close();
    void mutate();
  };

  const remove = async (flag: FeatureFlag) => {
    try {
      await deleteFlag(flag.name);
    } catch (failure) {
      toast.error(failure);
      throw failure;
    }
    toast.success(FLAG_MESSAGES.removed);
    void refreshWhoami();
    void mutate();
  };

  return (
    <ListPage
      title="Feature Flags"
      ariaLabel="Feature flags"
      query={query}
      columns={COLUMNS}
      create={{ label: 'Add Feature Flag', onClick: () => setDialog({ kind: 'add' }), allowed: canWrite }}
      rowActions={rowActions}
      rowKey={(flag) => flag.name}
      onRowClick={canWrite ? (flag) => openUnlessLocal({ kind: 'edit', flag }) : undefined}
    >
      {dialog?.kind === 'add' && <FeatureFlagModal onSubmit={save()} onClose={close} />}
      {dialog?.kind === 'edit' && (
        <FeatureFlagModal
          initialValues={{
            name: dialog.flag.name,
            value: dialog.flag.value,
            description: dialog.flag.description ?? '',
          }}
          onSubmit={save(dialog.flag)}
          onClose={close}
        />
      )}
      <ConfirmDialog
        isOpen={dialog?.kind === 'delete'}
        title="Delete Feature Flag"
        body={
          dialog?.kind === 'delete' && `Are you sure you want to delete the feature flag ${dialog.flag.name}?`
        }
        onConfirm={() => (dialog?.kind === 'delete' ? remove(dialog.flag) : undefined)}
        onClose={close}
      />
    </ListPage>
  );
}
