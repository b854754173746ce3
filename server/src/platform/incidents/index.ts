/** What other areas use of the incidents server: the router, the write rules, the postmortem. */
export { createIncidentsRouter, INCIDENT_NOT_FOUND } from './router.js';
export { closedRefusal, incidentWriteRules, stampResolution, transitionRefusal } from './rules.js';
export { postmortemFileName, renderPostmortem } from './postmortem.js';
export type * from './types.js';
