import { FormGroup, GridItem, TextInput } from '@patternfly/react-core';
import { FieldError } from '../../components/Form/index.js';
import type { NameField, NameFieldsState } from './use-name-fields.js';

export interface NameFieldsProps {
  fields: NameFieldsState;
  /** The form's id for a field. */
  id: (field: string) => string;
  /** Saved already: both are fixed (read-only). */
  isEdit: boolean;
  isDisabled: boolean;
  /** Told of a new name before it is set. */
  onNameChange?: (name: string) => void;
}

/** Name and Namespace, two half-width items of the editor's grid. */
export function NameFields({ fields, id, isEdit, isDisabled, onNameChange }: NameFieldsProps) {
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
