/**
 * Integrations (spec 3 §2.3, §7): the page of `integrations_with_status` with its count, the chart
 * of a GitOps tile (`GET /api/integrations/charts/:key`), the check of its typed values
 * (`POST /api/integrations/charts/:key/check`) and its apply (`POST /api/integrations/apply`).
 */
import { apiJson, db, useApi } from '../../../api/index.js';
import type { JobStatus } from '../jobs/index.js';
import type {
  ApplyAnswer,
  ApplyRequest,
  ChartAnswer,
  ValuesCheckAnswer,
  ValuesCheckRequest,
} from '../../../../../server/src/platform/integrations/types.js';

export type { AppliedObject, ValuesProblem } from '../../../../../server/src/platform/integrations/types.js';

/** A row of `integrations_with_status` (spec 3 §3 Integration row). */
export interface IntegrationRow {
  id: string;
  name: string | null;
  namespace: string | null;
  source: string | null;
  /** scrapers, topologies or logging_backends. */
  integration_type: string;
  agent: { id: string; name: string } | null;
  job_status: JobStatus | null;
  job_name: string | null;
  job_time_start: string | null;
  created_by: { id: string; name: string } | null;
  created_at: string | null;
  updated_at: string | null;
}

export interface IntegrationsPage {
  pageIndex: number;
  pageSize: number;
}

export const integrationsKey = ({ pageIndex, pageSize }: IntegrationsPage) =>
  `integrations_with_status?deleted_at=is.null&order=created_at.desc&page=${pageIndex}.${pageSize}`;

/** One page of integrations, newest first, with the total (Prefer: count=exact). */
export function listIntegrations({ pageIndex, pageSize }: IntegrationsPage) {
  const from = pageIndex * pageSize;
  return db
    .from('integrations_with_status')
    .select('*,created_by(id,name),agent:agent_id(id,name)', { count: 'exact' })
    .is('deleted_at', null)
    .order('created_at', { ascending: false })
    .range(from, from + pageSize - 1)
    .overrideTypes<IntegrationRow[], { merge: false }>();
}

/** What the server says of a GitOps tile's chart. */
export type ChartInfo = ChartAnswer;

export const chartPath = (key: string) => `api/integrations/charts/${encodeURIComponent(key)}`;

export const useChart = (key: string) => useApi<ChartInfo>(chartPath(key), { revalidateOnFocus: false });

/** The values checked by the server against the chart's schema, over the chart's defaults. */
export const checkChartValues = (key: string, values: ValuesCheckRequest['values'], signal?: AbortSignal) =>
  apiJson<ValuesCheckAnswer>(`${chartPath(key)}/check`, { method: 'POST', json: { values }, signal });

export const applyIntegration = (request: ApplyRequest) =>
  apiJson<ApplyAnswer>('api/integrations/apply', { method: 'POST', json: request });
