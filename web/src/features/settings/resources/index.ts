export { ResourceListPage } from './ResourceListPage.js';
// The job history of a resource belongs to settings/jobs; re-exported for the pages that show it.
export { JobHistoryTab, JobStatusLabel } from '../jobs/index.js';
