export { TopologyPage, ScraperPage, PlaybookPage } from './ResourcePage.js';
export { AddTopologyModal, AddScraperModal } from './AddResourceModal.js';
