/** The incidents area's background work: automatic definition-of-done items and incident rules. */
import type { Db } from '../db/db.js';
import type { JobRegistry } from '../jobs/registry.js';
import { definitionOfDoneTask } from './dod-job.js';
import { incidentRulesTask } from './incident-rules/engine.js';

export function registerIncidentJobs(jobs: JobRegistry, db: Db): void {
  jobs.addTask(definitionOfDoneTask(db));
  jobs.addTask(incidentRulesTask(db));
}
