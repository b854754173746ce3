export { useFocusWhereClicked } from './use-focus-where-clicked.js';
