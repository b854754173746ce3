import { db } from '../../../api/index.js';
import type { JobStatus } from '../jobs/index.js';

/** A row of a `{table}_with_status` view (spec 3 §3 Generic resource); fields vary by table. */
export interface ResourceRow {
  id: string;
  name?: string | null;
  namespace?: string | null;
  source?: string | null;
  schedule?: string | null;
  job_status?: JobStatus | null;
  last_runtime?: string | null;
  created_by?: { id: string; name: string } | null;
  /** Tables run by agents (canaries, topologies, scrapers, log backends); 'local' is the console itself. */
  agent?: { id: string; name: string } | null;
  created_at?: string | null;
  updated_at?: string | null;
}

/** Spec 3 §9: the generic list shows at most 100 rows. */
export const RESOURCE_LIST_LIMIT = 100;

/** The tables whose rows have a schedule (migrations 0003 to 0008). */
const SCHEDULED = new Set([
  'canaries',
  'topologies',
  'config_scrapers',
  'incident_rules',
  'logging_backends',
]);
/** The tables whose rows have no namespace. */
const WITHOUT_NAMESPACE = new Set(['teams', 'permissions', 'properties']);

/** The tables whose rows belong to an agent (an agent_id column, migrations 0002 to 0008). */
const AGENT_OWNED = new Set(['canaries', 'topologies', 'config_scrapers', 'logging_backends']);

export const hasSchedule = (table: string) => SCHEDULED.has(table);
export const hasAgent = (table: string) => AGENT_OWNED.has(table);
export const hasNamespace = (table: string) => !WITHOUT_NAMESPACE.has(table);

export const resourcesKey = (table: string) => `${table}_with_status?deleted_at=is.null&order=name.asc`;

export const listResources = (table: string) =>
  db
    .from(`${table}_with_status`)
    .select(hasAgent(table) ? '*,created_by(id,name),agent:agent_id(id,name)' : '*,created_by(id,name)')
    .is('deleted_at', null)
    .order('name', { ascending: true })
    .limit(RESOURCE_LIST_LIMIT)
    .overrideTypes<ResourceRow[], { merge: false }>();
