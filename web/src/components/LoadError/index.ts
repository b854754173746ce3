export { LoadError } from './LoadError.js';
