// The incident rules' settings pages (spec 3 §2.3): the detail page with Spec and Job History.
export { IncidentRulePage } from './IncidentRulePage.js';
