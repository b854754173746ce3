export { ChangesPage } from './ChangesPage.js';
export { ConfigChangesTab } from './ConfigChangesTab.js';
