// Test data: a check summary row with plausible defaults. Only tests import this file.
import type { CheckSummary } from './types.js';

export function makeCheck(id: string, fields: Partial<CheckSummary> = {}): CheckSummary {
  return {
    id,
    canary_id: 'canary-1',
    canary_name: 'web',
    namespace: 'default',
    agent_id: '00000000-0000-0000-0000-000000000000',
    agent_name: null,
    name: id,
    type: 'http',
    icon: null,
    description: null,
    endpoint: null,
    severity: null,
    labels: {},
    status: 'healthy',
    last_runtime: null,
    next_runtime: null,
    last_transition_time: null,
    uptime: { passed: 10, failed: 0 },
    latency: { p95: 100, p97: 120, p99: 150 },
    created_at: '2024-01-01T00:00:00Z',
    updated_at: '2024-01-01T00:00:00Z',
    deleted_at: null,
    ...fields,
  };
}
