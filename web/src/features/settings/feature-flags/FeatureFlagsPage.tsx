import { useCallback, useMemo, useState } from 'react';
import { Button, Flex, Label } from '@patternfly/react-core';
import { LockIcon } from '@patternfly/react-icons';
import { can, useDbQuery, useRefreshWhoami, useWhoami } from '../../../api/index.js';
import { Age } from '../../../components/Age/index.js';
import { ConfirmDialog } from '../../../components/ConfirmDialog/index.js';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/index.js';
import { useToast } from '../../../components/Toasts/index.js';
import { PageHeader } from '../../../shell/page-header.js';
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
import { LoadError } from '../../../components/LoadError/index.js';

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

const BASE_COLUMNS: DataTableColumn<FeatureFlag>[] = [
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
  const { data: flags, error, isLoading, mutate } = useDbQuery<FeatureFlag[]>(FLAGS_KEY, listFlags);
  const [dialog, setDialog] = useState<Dialog>();
  const canWrite = can(whoami, 'feature_flags', 'write');
  const close = () => setDialog(undefined);

  // Local flags belong to the server's settings: say so rather than send a change it refuses.
  const openUnlessLocal = useCallback(
    (next: Dialog & { flag: FeatureFlag }) =>
      isLocalFlag(next.flag) ? toast.error(FLAG_MESSAGES.local) : setDialog(next),
    [toast],
  );

  const columns = useMemo<DataTableColumn<FeatureFlag>[]>(() => {
    if (!canWrite) return BASE_COLUMNS;
    const actions: DataTableColumn<FeatureFlag> = {
      id: 'actions',
      header: 'Actions',
      cell: (flag) => (
        <Flex spaceItems={{ default: 'spaceItemsMd' }} flexWrap={{ default: 'nowrap' }}>
          <Button
            variant="link"
            isInline
            aria-label={`Edit ${flag.name}`}
            onClick={() => openUnlessLocal({ kind: 'edit', flag })}
          >
            Edit
          </Button>
          <Button
            variant="link"
            isInline
            isDanger
            aria-label={`Delete ${flag.name}`}
            onClick={() => openUnlessLocal({ kind: 'delete', flag })}
          >
            Delete
          </Button>
        </Flex>
      ),
    };
    return [...BASE_COLUMNS, actions];
  }, [canWrite, openUnlessLocal]);

  const headerActions = useMemo(
    () =>
      canWrite ? (
        <Button variant="primary" onClick={() => setDialog({ kind: 'add' })}>
          Add Feature Flag
        </Button>
      ) : undefined,
    [canWrite],
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
    <>
      <PageHeader title="Feature Flags" actions={headerActions} onRefresh={() => void mutate()} />
      {error && !flags ? (
        <LoadError error={error} />
      ) : (
        <DataTable
          ariaLabel="Feature flags"
          columns={columns}
          rows={flags ?? []}
          rowKey={(flag) => flag.name}
          isLoading={isLoading}
          onRowClick={canWrite ? (flag) => openUnlessLocal({ kind: 'edit', flag }) : undefined}
        />
      )}
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
    </>
  );
}
