export { LinkedNote, type LinkedNoteProps } from './LinkedNote.js';
