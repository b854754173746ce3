export { JobHistoryPage } from './JobHistoryPage.js';
export { JOB_HISTORY_TAB, JobHistoryTab } from './JobHistoryTab.js';
export { JobStatusLabel, JOB_STATUS_COLORS } from './JobStatusLabel.js';
export { hasJobDetails, JobDetailsDialog } from './JobDetailsDialog.js';
export { JobResourceLink, jobResourcePath } from './resource-link.js';
export type { JobHistory, JobStatus } from './jobs-api.js';
