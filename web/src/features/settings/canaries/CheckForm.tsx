import { useId, useState } from 'react';
import {
  FormGroup,
  FormSelect,
  FormSelectOption,
  Grid,
  GridItem,
  TextArea,
  TextInput,
} from '@patternfly/react-core';
import type { FieldDef, FormValues, Header } from './check-fields.js';
import { validateValues, visibleFields } from './check-form.js';
import { FieldError } from '../../../components/Form/index.js';
import { HeadersField } from './HeadersField.js';
import { MultiSelectField } from './MultiSelectField.js';

export interface CheckFormProps {
  kind: string;
  values: FormValues;
  onChange: (values: FormValues) => void;
  isDisabled: boolean;
  /** Show every problem at once (an existing check), not only those of fields the user touched. */
  showAllErrors?: boolean;
}

const WIDE: FieldDef['type'][] = ['textarea', 'headers'];

/** The form of one check of a kind (spec 3 §3): its fields, their problems under them (spec 3 §5). */
export function CheckForm({ kind, values, onChange, isDisabled, showAllErrors = false }: CheckFormProps) {
  const idPrefix = useId();
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const errors = validateValues(kind, values);
  const touch = (id: string) => setTouched((all) => (all.has(id) ? all : new Set(all).add(id)));
  const change = (id: string, value: FormValues[string]) => {
    touch(id);
    onChange({ ...values, [id]: value });
  };

  const input = (field: FieldDef, inputId: string, errorId: string, error: string | undefined) => {
    const common = {
      id: inputId,
      isDisabled,
      onBlur: () => touch(field.id),
      'aria-describedby': error ? errorId : undefined,
      validated: error ? ('error' as const) : ('default' as const),
    };
    const value = values[field.id];
    switch (field.type) {
      case 'select':
        return (
          <FormSelect {...common} value={value as string} onChange={(_event, next) => change(field.id, next)}>
            {(field.options ?? []).map((option) => (
              <FormSelectOption key={option} value={option} label={option} />
            ))}
          </FormSelect>
        );
      case 'multiselect':
        return (
          <MultiSelectField
            id={inputId}
            label={field.label}
            options={field.options ?? []}
            selected={value as string[]}
            onChange={(next) => change(field.id, next)}
            isDisabled={isDisabled}
            placeholder={field.placeholder}
          />
        );
      case 'headers':
        return (
          <HeadersField
            id={inputId}
            headers={value as Header[]}
            onChange={(next) => change(field.id, next)}
            isDisabled={isDisabled}
            describedBy={error ? errorId : undefined}
          />
        );
      case 'textarea':
        return (
          <TextArea
            {...common}
            value={value as string}
            placeholder={field.placeholder}
            onChange={(_event, next) => change(field.id, next)}
            resizeOrientation="vertical"
            autoResize
          />
        );
      default:
        return (
          <TextInput
            {...common}
            type={field.type === 'password' ? 'password' : 'text'}
            inputMode={field.type === 'number' ? 'decimal' : undefined}
            value={value as string}
            placeholder={field.placeholder}
            onChange={(_event, next) => change(field.id, next)}
          />
        );
    }
  };

  return (
    <Grid hasGutter md={6}>
      {visibleFields(kind, values).map((field) => {
        const inputId = `${idPrefix}-${field.id}`;
        const errorId = `${inputId}-error`;
        const error = showAllErrors || touched.has(field.id) ? errors[field.id] : undefined;
        return (
          <GridItem key={field.id} md={WIDE.includes(field.type) ? 12 : 6}>
            <FormGroup
              label={field.label}
              fieldId={inputId}
              isRequired={field.required}
              role={field.type === 'headers' ? 'group' : undefined}
            >
              {input(field, inputId, errorId, error)}
              <FieldError id={errorId} error={error} />
            </FormGroup>
          </GridItem>
        );
      })}
    </Grid>
  );
}
