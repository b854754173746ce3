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
import { FieldError, RowsField } from '../../../components/Form/index.js';
import type { FieldDef, FormValues, Row } from './fields.js';
import { MultiSelectField } from './MultiSelectField.js';
import { validateValues, visibleFields } from './values.js';

export interface KindFormProps {
  fields: readonly FieldDef[];
  values: FormValues;
  onChange: (values: FormValues) => void;
  isDisabled: boolean;
  /** Show every problem at once (an existing entry), not only those of fields the user touched. */
  showAllErrors?: boolean;
}

const WIDE: FieldDef['type'][] = ['textarea', 'rows', 'list'];

/** A select's choices: its options, with 'Not set' and a value from the YAML where they are not among them. */
function selectOptions(field: FieldDef, value: string) {
  const options = [...(field.options ?? [])];
  if (!options.includes(value)) options[value === '' ? 'unshift' : 'push'](value);
  return options.map((option) => ({ value: option, label: option === '' ? 'Not set' : option }));
}

/** The form of one entry of a kind (spec 3 §3): its fields, their problems under them (spec 3 §5). */
export function KindForm({ fields, values, onChange, isDisabled, showAllErrors = false }: KindFormProps) {
  const idPrefix = useId();
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const errors = validateValues(fields, values);
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
            {selectOptions(field, value as string).map((option) => (
              <FormSelectOption key={option.value} value={option.value} label={option.label} />
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
      case 'rows':
        return (
          <RowsField
            id={inputId}
            row={field.row!}
            rows={value as Row[]}
            onChange={(next) => change(field.id, next)}
            isDisabled={isDisabled}
            describedBy={error ? errorId : undefined}
          />
        );
      case 'textarea':
      case 'list':
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
      {visibleFields(fields, values).map((field) => {
        const inputId = `${idPrefix}-${field.id}`;
        const errorId = `${inputId}-error`;
        const error = showAllErrors || touched.has(field.id) ? errors[field.id] : undefined;
        return (
          <GridItem key={field.id} md={WIDE.includes(field.type) ? 12 : 6}>
            <FormGroup
              label={field.label}
              fieldId={inputId}
              isRequired={field.required}
              role={field.type === 'rows' ? 'group' : undefined}
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
