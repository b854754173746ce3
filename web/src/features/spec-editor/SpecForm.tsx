import type { FormEvent, ReactNode } from 'react';
import { Form, FormGroup, Grid } from '@patternfly/react-core';
import { EditorActions } from './EditorActions.js';
import { LabelsField } from './LabelsField.js';
import { NameFields } from './NameFields.js';
import type { SpecFormState } from './use-spec-form.js';

export interface SpecFormProps {
  form: SpecFormState;
  /** What is edited, as in 'The server did not accept this Topology'. */
  noun: string;
  /** The delete confirmation's title and its question about a saved row. */
  deletion: { title: string; rowQuestion: string };
  /** The spec cannot be saved as it stands. */
  specInvalid: boolean;
  /** Saves (through `form.save`); called only when the form may be saved. */
  onSave: () => void;
  /** More half-width items of the grid after Name and Namespace. */
  fields?: ReactNode;
  /** Labels (JSON) are edited where the kind has them. */
  hasLabels?: boolean;
  /** Told of a new name before it is set. */
  onNameChange?: (name: string) => void;
  /** More buttons after Save (Back, Cancel in the add dialogs). */
  extraActions?: ReactNode;
  /** The spec's editor. */
  children: ReactNode;
}

/**
 * A spec editor's form (spec 3 §2.3): name and namespace with the kind's own fields, the labels,
 * the spec, and the foot with where to save, Save or Update, and Delete.
 */
export function SpecForm({
  form,
  noun,
  deletion,
  specInvalid,
  onSave,
  fields,
  hasLabels = true,
  onNameChange,
  extraActions,
  children,
}: SpecFormProps) {
  const { id, names, labels, rowSave, target, readOnly, disabled, isEdit } = form;
  const invalid = names.invalid || !labels.ok || specInvalid;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (readOnly || rowSave.saving || invalid || target.blocked) return;
    onSave();
  };

  return (
    <Form onSubmit={submit} noValidate>
      <Grid hasGutter md={6}>
        <NameFields
          fields={names}
          id={id}
          isEdit={isEdit}
          isDisabled={disabled}
          onNameChange={onNameChange}
        />
        {fields}
      </Grid>
      {hasLabels && (
        <LabelsField
          fieldId={id('labels')}
          text={form.labelsText}
          labels={labels}
          onChange={form.setLabelsText}
          readOnly={disabled}
        />
      )}
      <FormGroup label="Spec" fieldId={id('spec')} role="group">
        {children}
      </FormGroup>
      <EditorActions
        target={target}
        readOnly={readOnly}
        isEdit={isEdit}
        saving={rowSave.saving}
        invalid={invalid}
        rejected={rowSave.rejected}
        noun={noun}
        extraActions={extraActions}
        deletion={isEdit ? { ...deletion, clusterRef: form.clusterRef, onDelete: form.remove } : undefined}
      />
    </Form>
  );
}
