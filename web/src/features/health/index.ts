export { HealthPage } from './HealthPage.js';
