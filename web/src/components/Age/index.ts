export { Age, type AgeProps } from './Age.js';
