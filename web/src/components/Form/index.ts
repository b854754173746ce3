export { FormModal } from './FormModal.js';
export type { FormModalProps } from './FormModal.js';
export { FieldError } from './FieldError.js';
export { FormField, SelectField, SwitchField, TextAreaField, TextField } from './fields.js';
export type {
  FieldInput,
  FieldProps,
  SelectFieldProps,
  SelectOption,
  SwitchFieldProps,
  TextAreaFieldProps,
  TextFieldProps,
} from './fields.js';
export { FIELD_REQUIRED } from './messages.js';
export { RowsField } from './RowsField.js';
export type { Row, RowColumn, RowsFieldProps } from './RowsField.js';
