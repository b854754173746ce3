import { useState } from 'react';
import { TextInput } from '@patternfly/react-core';
import { useDbQuery } from '../../../api/index.js';
import {
  FormField,
  FormModal,
  SelectField,
  SwitchField,
  TextAreaField,
} from '../../../components/Form/index.js';
import {
  ACTION_OPTIONS,
  listChoices,
  OBJECT_OPTIONS,
  problemsOf,
  RESOURCE_KINDS,
  withKind,
  withSubjectKind,
  type Named,
  type PermissionValues,
  type ResourceKind,
} from './permissions-api.js';

export interface PermissionModalProps {
  /** The values to start from: a stored permission's, or a new one's (with a fixed resource). */
  initialValues: PermissionValues;
  isEdit: boolean;
  /** The resource is fixed (a resource's Permissions tab): its kind and choice are not offered. */
  fixedResource?: boolean;
  /** Sends the form; a rejection is shown as a toast and the form stays open. */
  onSubmit: (values: PermissionValues) => Promise<void>;
  onClose: () => void;
}

/** The names to choose from for a kind of resource or subject. */
function useChoices(kind: Exclude<ResourceKind, 'global'> | 'team' | 'person' | null) {
  const { data } = useDbQuery<Named[]>(kind ? `permission-choices?kind=${kind}` : null, () =>
    listChoices(kind!),
  );
  return (data ?? []).map((row) => ({ value: row.id, label: row.name }));
}

/** Add or edit a permission (spec 3 §2.3): switching a kind clears the other kind's choice. */
export function PermissionModal({
  initialValues,
  isEdit,
  fixedResource,
  onSubmit,
  onClose,
}: PermissionModalProps) {
  const [values, setValues] = useState(initialValues);
  const [shown, setShown] = useState(false);
  const problems = shown ? problemsOf(values) : {};
  const resources = useChoices(values.kind === 'global' || fixedResource ? null : values.kind);
  const subjects = useChoices(values.subjectKind);
  const change = (patch: Partial<PermissionValues>) => setValues((current) => ({ ...current, ...patch }));

  const submit = async () => {
    setShown(true);
    if (Object.keys(problemsOf(values)).length === 0) await onSubmit(values);
  };

  return (
    <FormModal
      title={isEdit ? 'Edit Permission' : 'Add Permission'}
      submitLabel={isEdit ? 'Update' : 'Save'}
      busyLabel={isEdit ? 'Updating' : 'Saving'}
      onSubmit={submit}
      onClose={onClose}
    >
      {!fixedResource && (
        <>
          <SelectField
            label="Resource kind"
            value={values.kind}
            options={RESOURCE_KINDS.map(({ value, label }) => ({ value, label }))}
            onChange={(kind) => setValues((current) => withKind(current, kind as ResourceKind))}
          />
          <SelectField
            label={
              values.kind === 'global'
                ? 'Object'
                : RESOURCE_KINDS.find((kind) => kind.value === values.kind)!.label
            }
            isRequired
            placeholder={values.kind === 'global' ? 'Select an object' : 'Select a resource'}
            value={values.resource}
            options={values.kind === 'global' ? OBJECT_OPTIONS : resources}
            error={problems.resource}
            onChange={(resource) => change({ resource })}
          />
        </>
      )}
      <SelectField
        label="Subject kind"
        value={values.subjectKind}
        options={[
          { value: 'person', label: 'Person' },
          { value: 'team', label: 'Team' },
        ]}
        onChange={(kind) => setValues((current) => withSubjectKind(current, kind as 'team' | 'person'))}
      />
      <SelectField
        label={values.subjectKind === 'team' ? 'Team' : 'Person'}
        isRequired
        placeholder={values.subjectKind === 'team' ? 'Select a team' : 'Select a person'}
        value={values.subject}
        options={subjects}
        error={problems.subject}
        onChange={(subject) => change({ subject })}
      />
      <SelectField
        label="Action"
        isRequired
        value={values.action}
        options={ACTION_OPTIONS}
        onChange={(action) => change({ action: action as PermissionValues['action'] })}
      />
      <SwitchField label="Deny" isChecked={values.deny} onChange={(deny) => change({ deny })} />
      <FormField label="Until" helperText="Leave empty for no end">
        {(input) => (
          <TextInput
            {...input}
            type="datetime-local"
            value={values.until}
            onChange={(_event, until) => change({ until })}
          />
        )}
      </FormField>
      <TextAreaField
        label="Description"
        value={values.description}
        onChange={(description) => change({ description })}
      />
    </FormModal>
  );
}
