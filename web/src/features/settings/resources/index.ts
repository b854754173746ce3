export { ResourceListPage } from './ResourceListPage.js';
export { JobHistoryTab } from './JobHistoryTab.js';
export { JobStatusLabel } from './JobStatusLabel.js';
