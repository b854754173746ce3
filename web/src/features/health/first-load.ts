import { apiPath, type FirstData, type FirstLoad } from '../../../../common/first-load.js';
import { WHOAMI_PATH } from '../../api/whoami-path.js';
import { TIME_RANGE_OPTIONS } from '../../lib/time-range/index.js';
import { DEFAULT_HEALTH_PARAMS } from './health-params.js';

const SUMMARY_PATH = 'api/canary/api/summary';

/** The checks summary over a time range of TIME_RANGE_OPTIONS ('1h'). */
export const summaryPath = (timeRange: string) => apiPath(SUMMARY_PATH, { start: timeRange });

/** The summary /health reads first: over the time range its URL holds, as readHealthParams reads it. */
const firstSummary: FirstData = {
  path: SUMMARY_PATH,
  query: {
    start: {
      from: 'timeRange',
      values: TIME_RANGE_OPTIONS.map((option) => option.value),
      fallback: DEFAULT_HEALTH_PARAMS.timeRange,
    },
  },
  slow: true,
};

/**
 * /health's first render: the shell and the page, whoami (the shell waits for it) and the
 * summary. The build preloads them with the page's HTML and holds them to the JavaScript budget.
 */
export const HEALTH_FIRST_LOAD: FirstLoad = {
  path: 'health',
  modules: ['web/src/shell/AppShell.tsx', 'web/src/features/health/HealthPage.tsx'],
  data: [{ path: WHOAMI_PATH }, firstSummary],
  serverRendered: true,
};
