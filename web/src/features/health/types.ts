// The /api/canary shapes this feature reads (types only: web/ imports no server code).
export type { CheckSummary, HealthSummaryResponse } from '../../../../server/src/platform/health/types.js';
