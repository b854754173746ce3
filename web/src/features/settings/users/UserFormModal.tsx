import { useId, useState, type FormEvent } from 'react';
import {
  Button,
  Form,
  FormGroup,
  FormHelperText,
  FormSelect,
  FormSelectOption,
  HelperText,
  HelperTextItem,
  Modal,
  ModalBody,
  ModalFooter,
  ModalHeader,
  Switch,
  TextInput,
} from '@patternfly/react-core';
import { useToast } from '../../../components/Toasts/index.js';
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

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <FormHelperText>
      <HelperText id={id}>
        <HelperTextItem variant="error">{message}</HelperTextItem>
      </HelperText>
    </FormHelperText>
  );
}

/** Invite User and Edit User (spec 3 §2.3, §5): validated here first, then by the server. */
export function UserFormModal({ mode, initialValues, canChangeRole, onSubmit, onClose }: UserFormModalProps) {
  const toast = useToast();
  const idPrefix = useId();
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<UserFormErrors>({});
  const [triedSubmit, setTriedSubmit] = useState(false);
  const [busy, setBusy] = useState(false);
  const title = mode === 'invite' ? 'Invite User' : 'Edit User';
  const formId = `${idPrefix}-form`;
  const idOf = (field: string) => `${idPrefix}-${field}`;

  const change = (patch: Partial<UserFormValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    // Once a submit has shown the problems, they follow what is typed.
    if (triedSubmit) setErrors(validateUserForm(next));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTriedSubmit(true);
    const found = validateUserForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await onSubmit(trimUserForm(values));
    } catch (error) {
      toast.error(error);
      setBusy(false);
    }
  };

  const close = () => {
    if (!busy) onClose();
  };

  return (
    <Modal variant="small" isOpen onClose={close} aria-labelledby={`${idPrefix}-title`}>
      <ModalHeader title={title} labelId={`${idPrefix}-title`} />
      <ModalBody>
        <Form id={formId} onSubmit={submit} noValidate>
          {TEXT_FIELDS.map(({ field, label, type }) => (
            <FormGroup key={field} label={label} fieldId={idOf(field)} isRequired>
              <TextInput
                id={idOf(field)}
                type={type}
                value={values[field]}
                onChange={(_event, value) => change({ [field]: value })}
                validated={errors[field] ? 'error' : 'default'}
                aria-describedby={errors[field] ? idOf(`${field}-error`) : undefined}
              />
              <FieldError id={idOf(`${field}-error`)} message={errors[field]} />
            </FormGroup>
          ))}
          <FormGroup label="Role" fieldId={idOf('role')} isRequired>
            <FormSelect
              id={idOf('role')}
              value={values.role}
              onChange={(_event, role) => change({ role })}
              isDisabled={!canChangeRole}
              validated={errors.role ? 'error' : 'default'}
              aria-describedby={errors.role ? idOf('role-error') : undefined}
            >
              <FormSelectOption value="" label="Select a role" isPlaceholder />
              {USER_ROLES.map((role) => (
                <FormSelectOption key={role} value={role} label={role} />
              ))}
            </FormSelect>
            <FieldError id={idOf('role-error')} message={errors.role} />
          </FormGroup>
          {mode === 'edit' && (
            <FormGroup label="Active" fieldId={idOf('active')}>
              <Switch
                id={idOf('active')}
                label="Active"
                isChecked={values.active}
                onChange={(_event, active) => change({ active })}
              />
            </FormGroup>
          )}
        </Form>
      </ModalBody>
      <ModalFooter>
        <Button type="submit" form={formId} variant="primary" isLoading={busy} isDisabled={busy}>
          {mode === 'invite' ? 'Invite' : 'Save'}
        </Button>
        <Button variant="link" onClick={close} isDisabled={busy}>
          Cancel
        </Button>
      </ModalFooter>
    </Modal>
  );
}
