import { useState } from 'react';
import { FormModal, SelectField, SwitchField, TextField } from '../../../components/Form/index.js';
import {
  trimUserForm,
  USER_ROLES,
  validateUserForm,
  type UserFormErrors,
  type UserFormField,
  type UserFormValues,
} from './user-form.js';

export interface UserFormModalProps {
  /** 'invite' asks for a new user; 'edit' adds the Active switch. */
  mode: 'invite' | 'edit';
  initialValues: UserFormValues;
  /** Only admins may change a role. */
  canChangeRole: boolean;
  /** Sends the form; a rejection is shown as a toast and the form stays open with what was typed. */
  onSubmit: (values: UserFormValues) => Promise<void>;
  onClose: () => void;
}

const TEXT_FIELDS: { field: Exclude<UserFormField, 'role'>; label: string; type: 'text' | 'email' }[] = [
  { field: 'firstName', label: 'First Name', type: 'text' },
  { field: 'lastName', label: 'Last Name', type: 'text' },
  { field: 'email', label: 'Email', type: 'email' },
];

/** Invite User and Edit User (spec 3 §2.3, §5): validated here first, then by the server. */
export function UserFormModal({ mode, initialValues, canChangeRole, onSubmit, onClose }: UserFormModalProps) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<UserFormErrors>({});
  const [triedSubmit, setTriedSubmit] = useState(false);

  const change = (patch: Partial<UserFormValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    // Once a submit has shown the problems, they follow what is typed.
    if (triedSubmit) setErrors(validateUserForm(next));
  };

  const submit = async () => {
    setTriedSubmit(true);
    const found = validateUserForm(values);
    setErrors(found);
    if (Object.keys(found).length === 0) await onSubmit(trimUserForm(values));
  };

  return (
    <FormModal
      title={mode === 'invite' ? 'Invite User' : 'Edit User'}
      submitLabel={mode === 'invite' ? 'Invite' : 'Save'}
      onSubmit={submit}
      onClose={onClose}
    >
      {TEXT_FIELDS.map(({ field, label, type }) => (
        <TextField
          key={field}
          label={label}
          type={type}
          isRequired
          value={values[field]}
          onChange={(value) => change({ [field]: value })}
          error={errors[field]}
        />
      ))}
      <SelectField
        label="Role"
        isRequired
        value={values.role}
        onChange={(role) => change({ role })}
        options={USER_ROLES}
        placeholder="Select a role"
        isDisabled={!canChangeRole}
        error={errors.role}
      />
      {mode === 'edit' && (
        <SwitchField label="Active" isChecked={values.active} onChange={(active) => change({ active })} />
      )}
    </FormModal>
  );
}
