import { useState } from 'react';
import { FIELD_REQUIRED } from '../../components/Form/index.js';

export type NameField = 'name' | 'namespace';

const required = (value: string) => (value.trim() === '' ? FIELD_REQUIRED : undefined);

/**
 * An editor's name and namespace, both required. Their problems show once the field is touched,
 * and at once when editing a saved one.
 */
export function useNameFields(start: Record<NameField, string>, isEdit: boolean) {
  const [values, setValues] = useState(() => ({ name: start.name, namespace: start.namespace }));
  const [touched, setTouched] = useState<ReadonlySet<NameField>>(() => new Set());
  const errors = { name: required(values.name), namespace: required(values.namespace) };
  const touch = (field: NameField) => setTouched((all) => new Set(all).add(field));

  return {
    ...values,
    invalid: Boolean(errors.name || errors.namespace),
    shownError: (field: NameField) => (isEdit || touched.has(field) ? errors[field] : undefined),
    touch,
    change: (field: NameField, value: string) => {
      touch(field);
      setValues((all) => ({ ...all, [field]: value }));
    },
  };
}

export type NameFieldsState = ReturnType<typeof useNameFields>;
