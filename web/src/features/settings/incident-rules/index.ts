// The incident rules' settings pages (spec 3 §2.3): the detail page with Spec and Job History,
// and the add dialog the generic list opens.
export { IncidentRulePage } from './IncidentRulePage.js';
export { AddIncidentRuleModal } from './AddIncidentRuleModal.js';
