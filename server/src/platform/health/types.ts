/**
 * The shapes /api/canary answers (spec 1 §3, §7). The UI imports these as types only.
 */

/** Uptime over the requested range: counts of passing and failing runs. */
export interface Uptime {
  passed: number;
  failed: number;
  /** time of the latest passing / failing run in the range, ISO */
  last_pass?: string | null;
  last_fail?: string | null;
}

/** Latency in milliseconds over the requested range; rolling1h is always the last hour. */
export interface Latency {
  p95?: number | null;
  p97?: number | null;
  p99?: number | null;
  rolling1h?: number | null;
}

export type CheckHealth = 'healthy' | 'unhealthy';

/** One row of checks_summary. */
export interface CheckSummary {
  id: string;
  canary_id: string;
  canary_name: string;
  /** the canary's namespace when the check has none of its own; null falls to the tab 'none' */
  namespace: string | null;
  agent_id: string;
  /** the agent's name; null for the local agent (all-zero id) */
  agent_name: string | null;
  name: string;
  type: string;
  icon: string | null;
  description: string | null;
  endpoint: string | null;
  severity: string | null;
  labels: Record<string, string>;
  /** null until the check first ran */
  status: CheckHealth | null;
  last_runtime: string | null;
  next_runtime: string | null;
  last_transition_time: string | null;
  uptime: Uptime;
  latency: Latency;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** GET /api/canary/api/summary */
export interface HealthSummaryResponse {
  checks_summary: CheckSummary[];
  /** the range the figures cover, ISO */
  from: string;
  to: string;
  /** how long the server took, ms */
  duration: number;
}

/** One check run's result: what a check_statuses row holds. */
export interface CheckResult {
  time: string;
  /** milliseconds */
  duration: number;
  status: boolean;
  message: string | null;
  error: string | null;
  detail?: Record<string, unknown> | null;
}

/** POST /api/canary/run/check/{id}: the run's result and the check as it now is. */
export interface RunCheckResponse {
  result: CheckResult;
  check: CheckSummary;
}

/** One point of GET /api/canary/api/graph: a run, or runs of one time bucket when there are more than `count`. */
export interface CheckGraphPoint {
  /** ISO time: of the run, or of the bucket's first run. */
  time: string;
  /** The run passed; for a bucket, every run in it passed. */
  status: boolean;
  /** milliseconds; a bucket's mean */
  duration: number;
  message?: string | null;
  error?: string | null;
  /** A bucket's runs that passed and failed. */
  passed?: number;
  failed?: number;
}

/** GET /api/canary/api/graph?check=&count=&start=: a check's status history for charts. */
export interface CheckGraphResponse {
  /** Newest first. */
  status: CheckGraphPoint[];
  /** Milliseconds over the range; rolling1h is always the last hour. */
  latency: Latency;
  uptime: Uptime;
  /** The check's mean duration over the range, ms. */
  duration?: number | null;
  runnerName: string;
}
