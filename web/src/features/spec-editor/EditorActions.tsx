import type { ReactNode } from 'react';
import { ActionGroup, Alert, Button } from '@patternfly/react-core';
import { describeRef, type ClusterRef } from './cluster/cluster-api.js';
import { ClusterSaveDialog } from './cluster/ClusterSaveDialog.js';
import { SaveTarget } from './cluster/SaveTarget.js';
import type { SaveTargetState } from './cluster/use-save-target.js';
import { DeleteAction, type DeleteActionProps } from './DeleteAction.js';

export interface EditorDeletion extends Pick<DeleteActionProps, 'title' | 'onDelete'> {
  /** What the confirmation asks about a row of the console's database. */
  rowQuestion: string;
  /** What a cluster editor deletes. */
  clusterRef: ClusterRef;
}

export interface EditorActionsProps {
  target: SaveTargetState;
  /** No write permission, or managed elsewhere: no save target and no buttons. */
  readOnly: boolean;
  /** Editing a saved one: Update rather than Save. */
  isEdit: boolean;
  saving: boolean;
  /** The form has errors: it cannot be saved. */
  invalid: boolean;
  /** What the server answered a save it refused as invalid (422). */
  rejected?: string;
  /** What is edited, as in 'The server did not accept this Topology'. */
  noun: string;
  /** More buttons after Save (Back, Cancel in the add dialogs). */
  extraActions?: ReactNode;
  /** A Delete button, with its confirmation; none while creating. */
  deletion?: EditorDeletion;
}

/**
 * The foot of a settings editor: where to save, what the server refused, Save or Update, the
 * caller's extra buttons, Delete, and the review of a save to the cluster.
 */
export function EditorActions({
  target,
  readOnly,
  isEdit,
  saving,
  invalid,
  rejected,
  noun,
  extraActions,
  deletion,
}: EditorActionsProps) {
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
          {deletion && (
            <DeleteAction
              title={deletion.title}
              body={
                target.inCluster
                  ? `Are you sure you want to delete ${describeRef(deletion.clusterRef)} from the cluster?`
                  : deletion.rowQuestion
              }
              onDelete={deletion.onDelete}
              isDisabled={saving}
            />
          )}
        </ActionGroup>
      )}
      <ClusterSaveDialog {...target.dialogProps} />
    </>
  );
}
