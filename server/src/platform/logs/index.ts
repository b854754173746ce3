export { createLogsRouter, type LogsRouterDependencies } from './router.js';
export { searchLogs, SEARCH_TIMEOUT_MS } from './search.js';
