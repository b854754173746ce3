import { FormGroup, GridItem, TextInput } from '@patternfly/react-core';
import { FieldError } from '../../components/Form/index.js';
import type { NameField } from './use-name-fields.js';
import type { SpecFormState } from './use-spec-form.js';

export interface NameFieldsProps {
  form: SpecFormState;
  /** Told of a new name before it is set. */
  onNameChange?: (name: string) => void;
}

/**
 * Name and Namespace, two half-width items of the editor's grid; once saved both are fixed
 * (read-only).
 */
export function NameFields({ form, onNameChange }: NameFieldsProps) {
  const { names: fields, id, isEdit, disabled: isDisabled } = form;
  const field = (name: NameField, label: string) => {
    const error = fields.shownError(name);
    return (
      <GridItem md={6}>
        <FormGroup label={label} fieldId={id(name)} isRequired>
          <TextInput
            id={id(name)}
            value={fields[name]}
            onChange={(_event, value) => {
              if (name === 'name') onNameChange?.(value);
              fields.change(name, value);
            }}
            onBlur={() => fields.touch(name)}
            readOnlyVariant={isEdit ? 'default' : undefined}
            isDisabled={!isEdit && isDisabled}
            validated={error ? 'error' : 'default'}
            aria-describedby={error ? id(`${name}-error`) : undefined}
          />
          <FieldError id={id(`${name}-error`)} error={error} />
        </FormGroup>
      </GridItem>
    );
  };
  return (
    <>
      {field('name', 'Name')}
      {field('namespace', 'Namespace')}
    </>
  );
}
