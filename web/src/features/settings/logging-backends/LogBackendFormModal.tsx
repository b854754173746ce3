import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useWhoami } from '../../../api/index.js';
import { FormModal } from '../../../components/Form/index.js';
import { useToast } from '../../../components/Toasts/index.js';
import { checkLogBackend, useLogBackendForm } from './log-backend-form.js';
import { LogBackendFields } from './LogBackendFields.js';
import { createLogBackend, useRefreshLogBackendLists, type LogBackendRow } from './logging-backends-api.js';

export interface LogBackendFormModalProps {
  onClose: () => void;
  /** After the backend was created and the lists refreshed; the caller closes the dialog. */
  onSaved: (row: LogBackendRow) => void;
  /** Further footer buttons (Back in the Add Integration dialog). */
  extraActions?: ReactNode;
}

/**
 * 'Add Log Backends': name, namespace, labels (JSON), spec (YAML). Add stays disabled while the form
 * is invalid (spec 1 §5); a spec the server refuses (422) is said in the form, with the input kept.
 */
export function LogBackendFormModal({ onClose, onSaved, extraActions }: LogBackendFormModalProps) {
  const form = useLogBackendForm();
  const toast = useToast();
  const { data: whoami } = useWhoami();
  const refreshLists = useRefreshLogBackendLists();

  const submit = async () => {
    const check = checkLogBackend(form.values);
    if (!check.ok) return;
    const row = await createLogBackend(check.fields, whoami?.user.id ?? null);
    toast.success(`${row.name} created successfully`);
    void refreshLists();
    onSaved(row);
  };

  return (
    <FormModal
      title="Add Log Backends"
      variant="large"
      submitLabel="Add"
      busyLabel="Adding"
      canSubmit={form.check.ok}
      onSubmit={submit}
      onClose={onClose}
      errorInForm
      extraActions={extraActions}
    >
      {(busy) => <LogBackendFields form={form} isEdit={false} isDisabled={busy} source={undefined} />}
    </FormModal>
  );
}

/** The generic table's add (spec 3 §2.3): a created backend opens at its page. */
export function AddLogBackendModal({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <LogBackendFormModal
      onClose={onClose}
      onSaved={(row) => void navigate(`/settings/logging_backends/${encodeURIComponent(row.id)}`)}
    />
  );
}
