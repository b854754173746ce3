export { eventually } from '../../server/src/lib/eventually.js';
