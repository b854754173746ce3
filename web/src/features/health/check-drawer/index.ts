export { CheckDrawer, type CheckDrawerProps } from './CheckDrawer.js';
