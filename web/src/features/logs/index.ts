// What other areas use of the logs: the page, for the route map.
export { LogsPage } from './LogsPage.js';
