/** The problem shown under a required field left empty. */
export const FIELD_REQUIRED = 'This field is required';
