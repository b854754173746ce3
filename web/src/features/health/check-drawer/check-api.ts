import { apiJson, db } from '../../../api/index.js';
import type {
  CheckHealth,
  CheckResult,
  CheckSummary,
  HealthSummaryResponse,
  RunCheckResponse,
} from '../../../../../server/src/platform/health/types.js';
import { durationToMs, resolveExpression } from '../../../lib/time-range/index.js';

export type { CheckHealth, CheckResult, CheckSummary, HealthSummaryResponse, RunCheckResponse };

/** A checks row with its canary embedded: what the Spec tab, the Edit link and the header read. */
export interface CheckRow {
  id: string;
  canary_id: string;
  agent_id: string;
  type: string;
  name: string;
  namespace: string | null;
  description: string | null;
  endpoint: string | null;
  icon: string | null;
  labels: Record<string, string> | null;
  spec: unknown;
  status: CheckHealth | null;
  last_runtime: string | null;
  next_runtime: string | null;
  last_transition_time: string | null;
  deleted_at: string | null;
  canary: {
    id: string;
    name: string;
    namespace: string;
    spec: unknown;
    source: string;
    /** Whose the canary is: an agent's own is read-only here, the hub's assignment is not. */
    agent_id?: string;
    created_by?: string | null;
    agent?: { id: string; name: string } | null;
  } | null;
}

/** One point of the Health Overview chart. */
export interface StatusPoint {
  time: string;
  /** milliseconds */
  duration: number;
  status: boolean;
}

export interface RelatedConfig {
  config: { id: string; name: string; type: string | null } | null;
}
export interface RelatedComponent {
  component: { id: string; name: string; type: string | null } | null;
}

/** The chart asks for at most this many runs; more are thinned out in the browser. */
export const CHART_POINT_LIMIT = 1000;
const FALLBACK_RANGE_MS = 60 * 60 * 1000;

/** The instant a time range such as '1h', '2d', 'now-6h' or an ISO date starts at. */
export function rangeStart(timeRange: string, now: Date = new Date()): Date {
  const span = durationToMs(timeRange);
  if (span !== undefined) return new Date(now.getTime() - span);
  return resolveExpression(timeRange, { now }) ?? new Date(now.getTime() - FALLBACK_RANGE_MS);
}

export const summaryPath = (checkId: string, timeRange: string) =>
  `api/canary/api/summary?${new URLSearchParams({ check_id: checkId, start: timeRange })}`;

export const checkKey = (checkId: string) => `checks?id=eq.${checkId}&select=*,canary`;
export const getCheck = (checkId: string) =>
  db
    .from('checks')
    .select('*,canary:canary_id(id,name,namespace,spec,source,agent_id,created_by,agent:agent_id(id,name))')
    .eq('id', checkId)
    .maybeSingle<CheckRow>();

export const statusPointsKey = (checkId: string, since: string) =>
  `check_statuses?check_id=eq.${checkId}&time=gte.${since}&chart`;
export const listStatusPoints = (checkId: string, since: string) =>
  db
    .from('check_statuses')
    .select('time,duration,status')
    .eq('check_id', checkId)
    .gte('time', since)
    .order('time', { ascending: true })
    .limit(CHART_POINT_LIMIT)
    .overrideTypes<StatusPoint[], { merge: false }>();

export const relatedConfigsKey = (checkId: string) => `check_config_relationships?check_id=eq.${checkId}`;
export const listRelatedConfigs = (checkId: string) =>
  db
    .from('check_config_relationships')
    .select('config:config_id(id,name,type)')
    .eq('check_id', checkId)
    .is('deleted_at', null)
    .overrideTypes<RelatedConfig[], { merge: false }>();

export const relatedComponentsKey = (checkId: string) =>
  `check_component_relationships?check_id=eq.${checkId}`;
export const listRelatedComponents = (checkId: string) =>
  db
    .from('check_component_relationships')
    .select('component:component_id(id,name,type)')
    .eq('check_id', checkId)
    .is('deleted_at', null)
    .overrideTypes<RelatedComponent[], { merge: false }>();

/** POST api/canary/run/check/{id}: runs the check now and answers its result. */
export const runCheck = (checkId: string) =>
  apiJson<RunCheckResponse>(`api/canary/run/check/${encodeURIComponent(checkId)}`, { method: 'POST' });

/** The playbooks that can run on the check, matched by the server (GET /api/playbook/list). */
