import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PlusIcon } from '@patternfly/react-icons';
import { useSWRConfig } from 'swr';
import { useCan } from '../../api/index.js';
import { ConfirmDialog } from '../../components/ConfirmDialog/index.js';
import type { DataTableColumn } from '../../components/DataTable/index.js';
import { ListPage, type RowAction } from '../../components/ListPage/index.js';
import { useToast } from '../../components/Toasts/index.js';
import { NO_VALUE, toDate } from '../../lib/format.js';
import { EditSilenceModal } from './EditSilenceModal.js';
import { ResourceLink } from './history-cells.js';
import { deleteSilence, isNotificationsKey, useSilences, type Silence } from './notifications-api.js';
import type { ResourceType } from './notification-options.js';

export const DELETE_SILENCE_QUESTION = 'Are you sure you want to delete this notification silence?';

/** The resource a silence names, and its kind. */
function silencedResource(silence: Silence): { type: ResourceType; resource: Silence['check'] } {
  if (silence.config_id)
    return { type: 'config', resource: silence.config ?? { id: silence.config_id, name: '' } };
  if (silence.component_id)
    return { type: 'component', resource: silence.component ?? { id: silence.component_id, name: '' } };
  if (silence.check_id)
    return { type: 'check', resource: silence.check ?? { id: silence.check_id, name: '' } };
  return {
    type: 'canary',
    resource: silence.canary ?? (silence.canary_id ? { id: silence.canary_id, name: '' } : null),
  };
}

const moment = (value: string | null) => toDate(value)?.toLocaleString() ?? '';

/** 'from 29/11/2026, 10:00:00 until 29/11/2026, 11:00:00'; an open end says so. */
export function silenceDuration(silence: Pick<Silence, 'from' | 'until' | 'created_at'>): string {
  const from = moment(silence.from ?? silence.created_at);
  return silence.until ? `${from} – ${moment(silence.until)}` : `${from} – no end`;
}

const COLUMNS: DataTableColumn<Silence>[] = [
  {
    id: 'resource',
    header: 'Resource',
    cell: (silence) => {
      const { type, resource } = silencedResource(silence);
      return <ResourceLink type={type} resource={resource} />;
    },
  },
  { id: 'duration', header: 'Duration', width: 30, cell: silenceDuration },
  { id: 'source', header: 'Source', width: 10, cell: (silence) => silence.source ?? NO_VALUE },
  { id: 'description', header: 'Reason', cell: (silence) => silence.description || NO_VALUE },
  { id: 'created_by', header: 'Created By', width: 15, cell: (silence) => silence.creator?.name ?? NO_VALUE },
];

/**
 * /notifications/silences: the silences in force or to come; the plus button opens the Silence
 * Notification form, a row edits its silence, Delete removes it after a confirmation.
 */
export function SilencesPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const mayWrite = useCan('notifications', 'write');
  const mayDelete = useCan('silences.delete');
  const query = useSilences();
  const [editing, setEditing] = useState<Silence>();
  const [deleting, setDeleting] = useState<Silence>();

  const rowActions: RowAction<Silence>[] = mayDelete
    ? [
        {
          label: 'Delete',
          isDanger: true,
          ariaLabel: (silence) =>
            `Delete the silence of ${silencedResource(silence).resource?.name || silence.id}`,
          onClick: setDeleting,
        },
      ]
    : [];

  const remove = async () => {
    try {
      await deleteSilence(deleting!.id);
    } catch (error) {
      toast.error(error);
      throw error;
    }
    await mutate(isNotificationsKey);
  };

  return (
    <ListPage
      title="Notifications"
      ariaLabel="Notification silences"
      query={query}
      columns={COLUMNS}
      rowKey={(silence) => silence.id}
      emptyText="No notification silences found"
      create={{
        label: 'Add Silence',
        icon: <PlusIcon />,
        allowed: mayWrite,
        onClick: () => void navigate('/notifications/silences/add'),
      }}
      rowActions={rowActions}
      onRowClick={mayWrite ? setEditing : undefined}
    >
      {editing && (
        <EditSilenceModal key={editing.id} silence={editing} onClose={() => setEditing(undefined)} />
      )}
      <ConfirmDialog
        isOpen={deleting !== undefined}
        title="Delete Silence"
        body={DELETE_SILENCE_QUESTION}
        onConfirm={remove}
        onClose={() => setDeleting(undefined)}
      />
    </ListPage>
  );
}
