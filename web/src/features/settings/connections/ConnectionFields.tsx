import { Checkbox, TextArea, TextInput } from '@patternfly/react-core';
import { FormField, SelectField, TextField } from '../../../components/Form/index.js';
import type { Connection } from './connections-api.js';
import { isValueSet } from './connection-form.js';
import {
  visibleFields,
  type ConnectionField,
  type ConnectionType,
  type FormValues,
} from './connection-types.js';

/** Under a write-only field whose value is stored: typing replaces it, leaving it empty keeps it. */
export const VALUE_SET = 'A value is set';

export interface ConnectionFieldsProps {
  type: ConnectionType;
  values: FormValues;
  errors: Record<string, string>;
  onChange: (patch: FormValues) => void;
  /** The saved row: name and namespace are fixed, and write-only fields may have a value. */
  row?: Connection;
  readOnly: boolean;
}

function WriteOnlyField({
  field,
  value,
  error,
  isSet,
  readOnly,
  onChange,
}: {
  field: ConnectionField;
  value: string;
  error?: string;
  isSet: boolean;
  readOnly: boolean;
  onChange: (value: string) => void;
}) {
  const placeholder = isSet ? VALUE_SET : undefined;
  return (
    <FormField
      label={field.label}
      isRequired={field.required && !isSet}
      error={error}
      helperText={isSet ? `${VALUE_SET}: leave empty to keep it, or type a new one.` : field.hint}
    >
      {(input) =>
        field.kind === 'textarea' ? (
          <TextArea
            {...input}
            value={value}
            placeholder={placeholder}
            onChange={(_event, next) => onChange(next)}
            resizeOrientation="vertical"
            isDisabled={readOnly}
            autoComplete="off"
            spellCheck={false}
          />
        ) : (
          <TextInput
            {...input}
            type="password"
            value={value}
            placeholder={placeholder}
            onChange={(_event, next) => onChange(next)}
            isDisabled={readOnly}
            autoComplete="new-password"
          />
        )
      }
    </FormField>
  );
}

/** Name, namespace and the fields of one connection type (spec 3 §9). */
export function ConnectionFields({ type, values, errors, onChange, row, readOnly }: ConnectionFieldsProps) {
  const text = (key: string) => String(values[key] ?? '');
  return (
    <>
      <TextField
        label="Name"
        isRequired
        value={text('name')}
        onChange={(name) => onChange({ name })}
        error={errors.name}
        isReadOnly={row !== undefined}
        autoFocus={row === undefined}
      />
      <TextField
        label="Namespace"
        isRequired
        value={text('namespace')}
        onChange={(namespace) => onChange({ namespace })}
        error={errors.namespace}
        isReadOnly={row !== undefined}
      />
      {visibleFields(type, values).map((field) => {
        const change = (value: string | boolean) => onChange({ [field.key]: value });
        if (field.column === 'password' || field.column === 'certificate' || field.kind === 'secret')
          return (
            <WriteOnlyField
              key={field.key}
              field={field}
              value={text(field.key)}
              error={errors[field.key]}
              isSet={isValueSet(field, row)}
              readOnly={readOnly}
              onChange={change}
            />
          );
        if (field.kind === 'checkbox')
          return (
            <Checkbox
              key={field.key}
              id={`connection-${field.key}`}
              label={field.label}
              isChecked={values[field.key] === true}
              onChange={(_event, checked) => change(checked)}
              isDisabled={readOnly}
            />
          );
        if (field.kind === 'select')
          return (
            <SelectField
              key={field.key}
              label={field.label}
              isRequired={field.required}
              value={text(field.key)}
              onChange={change}
              options={field.options ?? []}
              error={errors[field.key]}
              helperText={field.hint}
              isDisabled={readOnly}
            />
          );
        if (field.kind === 'textarea')
          return (
            <FormField
              key={field.key}
              label={field.label}
              isRequired={field.required}
              error={errors[field.key]}
            >
              {(input) => (
                <TextArea
                  {...input}
                  value={text(field.key)}
                  onChange={(_event, next) => change(next)}
                  isDisabled={readOnly}
                />
              )}
            </FormField>
          );
        return (
          <TextField
            key={field.key}
            label={field.label}
            isRequired={field.required}
            value={text(field.key)}
            onChange={change}
            error={errors[field.key]}
            helperText={field.hint}
            isDisabled={readOnly}
          />
        );
      })}
    </>
  );
}
