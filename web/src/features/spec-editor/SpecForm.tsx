import type { FormEvent, ReactNode } from 'react';
import { Form, FormGroup, Grid } from '@patternfly/react-core';
import { AgentField } from './AgentField.js';
import { EditorActions, type EditorActionsProps } from './EditorActions.js';
import { LabelsField } from './LabelsField.js';
import { NameFields } from './NameFields.js';

/** The form's state and, for the foot, the noun, the delete confirmation and extra buttons. */
export interface SpecFormProps extends Omit<EditorActionsProps, 'invalid'> {
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
  /** The spec's editor. */
  children: ReactNode;
}

/**
 * A spec editor's form (spec 3 §2.3): name and namespace with the kind's own fields, the labels,
 * the spec, and the foot with where to save, Save or Update, and Delete.
 */
export function SpecForm({
  form,
  specInvalid,
  onSave,
  fields,
  hasLabels = true,
  onNameChange,
  children,
  ...actions
}: SpecFormProps) {
  const { id, names, labels, rowSave, target, readOnly } = form;
  const invalid = names.invalid || !labels.ok || specInvalid;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (readOnly || rowSave.saving || invalid || target.blocked) return;
    onSave();
  };

  return (
    <Form onSubmit={submit} noValidate>
      <Grid hasGutter md={6}>
        <NameFields form={form} onNameChange={onNameChange} />
        {fields}
        <AgentField form={form} />
      </Grid>
      {hasLabels && <LabelsField form={form} />}
      <FormGroup label="Spec" fieldId={id('spec')} role="group">
        {children}
      </FormGroup>
      <EditorActions form={form} invalid={invalid} {...actions} />
    </Form>
  );
}
