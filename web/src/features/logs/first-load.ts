import { apiPath, type FirstData, type FirstLoad } from '../../../../common/first-load.js';
import { WHOAMI_PATH } from '../../api/whoami-path.js';

const LOG_COMPONENTS_PATH = 'api/db/components_with_logs';
const LOG_COMPONENTS_QUERY = { select: 'id,name,title,type,icon,log_selectors', order: 'name.asc' };

/** The components that have logs, as the component dropdown lists them. */
export const logComponentsPath = () => apiPath(LOG_COMPONENTS_PATH, LOG_COMPONENTS_QUERY);

const firstComponents: FirstData = { path: LOG_COMPONENTS_PATH, query: LOG_COMPONENTS_QUERY };

/**
 * /logs's first render, as a topology card's View Logs opens it: the shell, the page and its
 * calls (the route starts the search from logs-api before the page is loaded: its own chunk),
 * whoami (the shell waits for it) and the component list. The search is a POST, which a
 * preload link cannot make: the route starts it (logs-api's preloadLogSearch).
 */
export const LOGS_FIRST_LOAD: FirstLoad = {
  path: 'logs',
  modules: [
    'web/src/shell/AppShell.tsx',
    'web/src/features/logs/LogsPage.tsx',
    'web/src/features/logs/logs-api.ts',
  ],
  data: [{ path: WHOAMI_PATH }, firstComponents],
};
