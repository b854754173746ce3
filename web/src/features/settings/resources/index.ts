export { ResourceListPage } from './ResourceListPage.js';
// The job history of a resource belongs to settings/jobs; re-exported for the pages that show it.
export { JOB_HISTORY_TAB, JobHistoryTab, JobStatusLabel } from '../jobs/index.js';
