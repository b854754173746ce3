/**
 * The incidents server's one door: its router, its /api/db write rules (the incident's own, the
 * definition of done's and the responders', composed), its background work, the postmortem.
 */
import { composeWriteRules } from '../rest/write-rules.js';
import { dodWriteRules } from './dod-rules.js';
import { responderWriteRules } from './responders/index.js';
import { incidentWriteRules } from './rules.js';

/** Every /api/db rule of the area: a closed incident's refusal runs before what a write implies. */
export const incidentsWriteRules = composeWriteRules(incidentWriteRules, dodWriteRules, responderWriteRules);
export { registerIncidentWork, type IncidentWorkDependencies } from './jobs.js';
export { createIncidentsRouter, INCIDENT_NOT_FOUND } from './router.js';
export { closedRefusal, stampResolution, transitionRefusal } from './rules.js';
export { postmortemFileName, renderPostmortem } from './postmortem.js';
export type * from './types.js';
