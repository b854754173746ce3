export { DetailField, type DetailFieldProps } from './DetailField.js';
