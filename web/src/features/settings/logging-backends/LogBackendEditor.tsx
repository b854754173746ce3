import { useState, type FormEvent } from 'react';
import { ActionGroup, Alert, Button, Form } from '@patternfly/react-core';
import { ApiError, errorMessage } from '../../../api/index.js';
import { useToast } from '../../../components/Toasts/index.js';
import { DeleteAction, useDeleteResource } from '../../../components/SpecResource/index.js';
import { checkLogBackend, useLogBackendForm } from './log-backend-form.js';
import { LogBackendFields } from './LogBackendFields.js';
import {
  deleteLogBackend,
  updateLogBackend,
  useRefreshLogBackendLists,
  type LogBackendRow,
} from './logging-backends-api.js';

export interface LogBackendEditorProps {
  row: LogBackendRow;
  /** No write permission, or managed elsewhere: every field read-only, no buttons. */
  readOnly: boolean;
  onSaved: (row: LogBackendRow) => void;
  onDeleted: () => void;
}

/**
 * A saved log backend's form: labels and spec can change (name and namespace are fixed), Update
 * stays disabled while the form is invalid, Delete asks first. A refusal of the server (a 422 on
 * the spec) is said over the buttons and the input kept.
 */
export function LogBackendEditor({ row, readOnly, onSaved, onDeleted }: LogBackendEditorProps) {
  const form = useLogBackendForm(row);
  const toast = useToast();
  const refreshLists = useRefreshLogBackendLists();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = checkLogBackend(form.values);
    if (readOnly || saving || !check.ok) return;
    setSaving(true);
    setFailure(undefined);
    try {
      const saved = await updateLogBackend(row.id, check.fields);
      toast.success(`${saved.name} updated successfully`);
      void refreshLists();
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) setFailure(errorMessage(error));
      else toast.error(error);
    } finally {
      setSaving(false);
    }
  };

  const remove = useDeleteResource({
    name: row.name,
    remove: () => deleteLogBackend(row.id),
    onDeleted: () => {
      void refreshLists();
      onDeleted();
    },
  });

  return (
    <Form onSubmit={(event) => void submit(event)} noValidate>
      <LogBackendFields form={form} isEdit isDisabled={readOnly || saving} source={row.source} />
      {failure && (
        <Alert variant="danger" isInline title="The server did not accept this Log Backend">
          {failure}
        </Alert>
      )}
      {!readOnly && (
        <ActionGroup>
          <Button type="submit" variant="primary" isDisabled={!form.check.ok || saving} isLoading={saving}>
            {saving ? 'Updating' : 'Update'}
          </Button>
          <DeleteAction
            title="Delete Log Backend"
            body={`Are you sure you want to delete Log Backend ${row.name}?`}
            onDelete={remove}
            isDisabled={saving}
          />
        </ActionGroup>
      )}
    </Form>
  );
}
