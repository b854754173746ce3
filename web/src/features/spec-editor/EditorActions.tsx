import type { ReactNode } from 'react';
import { ActionGroup, Alert, Button } from '@patternfly/react-core';
import { describeRef } from './cluster/cluster-api.js';
import { ClusterSaveDialog } from './cluster/ClusterSaveDialog.js';
import { SaveTarget } from './cluster/SaveTarget.js';
import { DeleteAction } from '../../components/SpecResource/index.js';
import type { SpecFormState } from './use-spec-form.js';

export interface EditorDeletion {
  /** The confirmation's title: 'Delete Topology'. */
  title: string;
  /** What the confirmation asks about a row of the console's database. */
  rowQuestion: string;
}

export interface EditorActionsProps {
  form: SpecFormState;
  /** The form has errors: it cannot be saved. */
  invalid: boolean;
  /** What is edited, as in 'The server did not accept this Topology'. */
  noun: string;
  /** More buttons after Save (Back, Cancel in the add dialogs). */
  extraActions?: ReactNode;
  /** The Delete button's confirmation, offered once saved. */
  deletion: EditorDeletion;
}

/**
 * The foot of a spec editor: where to save, what the server refused, Save or Update, the caller's
 * extra buttons, Delete (once saved), and the review of a save to the cluster.
 */
export function EditorActions({ form, invalid, noun, extraActions, deletion }: EditorActionsProps) {
  const { target, readOnly, isEdit } = form;
  const { saving, rejected } = form.rowSave;
  const savingLabel = isEdit ? 'Updating' : 'Saving';
  const saveLabel = isEdit ? 'Update' : 'Save';
  return (
    <>
      {!readOnly && <SaveTarget {...target.targetProps} isDisabled={saving} />}
      {rejected && (
        <Alert variant="danger" isInline title={`The server did not accept this ${noun}`}>
          {rejected}
        </Alert>
      )}
      {!readOnly && (
        <ActionGroup>
          <Button
            type="submit"
            variant="primary"
            isDisabled={invalid || target.blocked || saving}
            isLoading={saving}
          >
            {saving ? savingLabel : saveLabel}
          </Button>
          {extraActions}
          {isEdit && (
            <DeleteAction
              title={deletion.title}
              body={
                target.inCluster
                  ? `Are you sure you want to delete ${describeRef(form.clusterRef)} from the cluster?`
                  : deletion.rowQuestion
              }
              onDelete={form.remove}
              isDisabled={saving}
            />
          )}
        </ActionGroup>
      )}
      <ClusterSaveDialog {...target.dialogProps} />
    </>
  );
}
