export { HealthLabel, type HealthLabelProps } from './HealthLabel.js';
export { groupHealth, healthColor, type GroupHealth, type HealthColor } from './health.js';
