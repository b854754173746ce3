/**
 * The incidents area's door for other features: the Link to Incident / Attach as Evidence
 * dialog, Create New Incident, the severity and status labels, and the person picker.
 */
export { LinkToIncidentModal, type LinkToIncidentModalProps } from './link-to-incident/index.js';
export { CreateIncidentModal, type CreateIncidentModalProps } from './CreateIncidentModal.js';
export { IncidentSeverity, type IncidentSeverityProps } from './IncidentSeverity.js';
export { IncidentStatus, type IncidentStatusProps } from './IncidentStatus.js';
export type { NewEvidence } from './incident-list-api.js';
export { PersonTypeahead, type PersonTypeaheadProps } from './PersonTypeahead.js';
