export { ConnectionsPage } from './ConnectionsPage.js';
export { ConnectionPermissionsTab } from './ConnectionPermissionsTab.js';
