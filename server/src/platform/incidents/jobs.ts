/**
 * The incidents area's background work: automatic definition-of-done items, incident rules, and
 * the delivery of team responders to their external systems.
 */
import type { Logger } from '../../http/logging.js';
import type { KubeConnection } from '../../kube/connection.js';
import type { Db } from '../db/db.js';
import type { JobRegistry } from '../jobs/registry.js';
import { definitionOfDoneTask } from './dod-job.js';
import { incidentRulesTask } from './incident-rules/engine.js';
import { ResponderDelivery } from './responders/index.js';

export interface IncidentWorkDependencies {
  db: Db;
  logger: Logger;
  /** Where the connections' secret references are read. */
  kube?: KubeConnection;
  /** Whether incident rules and automatic definition-of-done items run (INCIDENT_AUTOMATION_ENABLED). */
  automation: boolean;
  /** How often they run (INCIDENT_AUTOMATION_INTERVAL); a minute unless said. */
  automationEveryMs?: number;
}

export function registerIncidentWork(
  jobs: JobRegistry,
  { db, logger, kube, automation, automationEveryMs }: IncidentWorkDependencies,
): void {
  if (automation) {
    jobs.addTask(definitionOfDoneTask(db, automationEveryMs));
    jobs.addTask(incidentRulesTask(db, automationEveryMs));
  }
  // Delivery is what a person asked for by adding a responder, not automation: it always runs.
  new ResponderDelivery({ db, logger, kube }).register(jobs);
}
