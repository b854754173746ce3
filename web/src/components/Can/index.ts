export { Can, type CanProps } from './Can.js';
