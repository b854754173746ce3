import { useId, type ReactNode } from 'react';
import {
  FormGroup,
  FormHelperText,
  FormSelect,
  FormSelectOption,
  HelperText,
  HelperTextItem,
  Switch,
  TextArea,
  TextInput,
} from '@patternfly/react-core';
import { FieldError } from './FieldError.js';

/** What every field takes: its label, whether it is required, its problem and a hint under it. */
export interface FieldProps {
  label: string;
  isRequired?: boolean;
  /** The field's problem, shown under it in place of the hint and linked to the input. */
  error?: string;
  /** A hint under the field. */
  helperText?: ReactNode;
  isDisabled?: boolean;
  /** The input's id; generated when absent. */
  id?: string;
}

/** The ids and attributes an input needs to show and announce its problem. */
export interface FieldInput {
  id: string;
  validated: 'error' | 'default';
  'aria-describedby': string | undefined;
}

/**
 * A labelled form group whose input comes from `children(input)`: the problem (or the hint) under
 * it, linked by aria-describedby. For inputs the typed fields below do not cover.
 */
export function FormField({
  label,
  isRequired,
  error,
  helperText,
  id,
  children,
}: Omit<FieldProps, 'isDisabled'> & { children: (input: FieldInput) => ReactNode }) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const helperId = `${inputId}-helper`;
  const describedBy = error ? errorId : helperText ? helperId : undefined;
  return (
    <FormGroup label={label} fieldId={inputId} isRequired={isRequired}>
      {children({ id: inputId, validated: error ? 'error' : 'default', 'aria-describedby': describedBy })}
      {error ? (
        <FieldError id={errorId} error={error} />
      ) : (
        helperText && (
          <FormHelperText>
            <HelperText id={helperId}>
              <HelperTextItem>{helperText}</HelperTextItem>
            </HelperText>
          </FormHelperText>
        )
      )}
    </FormGroup>
  );
}

export interface TextFieldProps extends FieldProps {
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password' | 'url';
  /** Shown but not editable (e.g. a key that cannot change once saved). */
  isReadOnly?: boolean;
  autoFocus?: boolean;
}

export function TextField({
  value,
  onChange,
  type = 'text',
  isReadOnly,
  autoFocus,
  isDisabled,
  ...field
}: TextFieldProps) {
  return (
    <FormField {...field}>
      {(input) => (
        <TextInput
          {...input}
          type={type}
          value={value}
          onChange={(_event, next) => onChange(next)}
          readOnlyVariant={isReadOnly ? 'default' : undefined}
          isDisabled={isDisabled}
          autoFocus={autoFocus}
        />
      )}
    </FormField>
  );
}

export interface TextAreaFieldProps extends FieldProps {
  value: string;
  onChange: (value: string) => void;
}

export function TextAreaField({ value, onChange, isDisabled, ...field }: TextAreaFieldProps) {
  return (
    <FormField {...field}>
      {(input) => (
        <TextArea
          {...input}
          value={value}
          onChange={(_event, next) => onChange(next)}
          resizeOrientation="vertical"
          isDisabled={isDisabled}
        />
      )}
    </FormField>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends FieldProps {
  value: string;
  onChange: (value: string) => void;
  options: readonly (SelectOption | string)[];
  /** A first, empty choice ('Select a role'); choosing nothing leaves the value ''. */
  placeholder?: string;
}

export function SelectField({
  value,
  onChange,
  options,
  placeholder,
  isDisabled,
  ...field
}: SelectFieldProps) {
  return (
    <FormField {...field}>
      {(input) => (
        <FormSelect
          {...input}
          value={value}
          onChange={(_event, next) => onChange(next)}
          isDisabled={isDisabled}
        >
          {placeholder !== undefined && <FormSelectOption value="" label={placeholder} isPlaceholder />}
          {options.map((option) => {
            const { value: optionValue, label } =
              typeof option === 'string' ? { value: option, label: option } : option;
            return <FormSelectOption key={optionValue} value={optionValue} label={label} />;
          })}
        </FormSelect>
      )}
    </FormField>
  );
}

export interface SwitchFieldProps extends FieldProps {
  isChecked: boolean;
  onChange: (checked: boolean) => void;
}

export function SwitchField({ isChecked, onChange, isDisabled, ...field }: SwitchFieldProps) {
  return (
    <FormField {...field}>
      {(input) => (
        <Switch
          id={input.id}
          aria-describedby={input['aria-describedby']}
          label={field.label}
          isChecked={isChecked}
          onChange={(_event, checked) => onChange(checked)}
          isDisabled={isDisabled}
        />
      )}
    </FormField>
  );
}
