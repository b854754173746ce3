// What other areas use of the notifications: the pages of the route map.
export { NotificationsLayout } from './NotificationsLayout.js';
export { SendHistoryPage } from './SendHistoryPage.js';
export { RulesPage } from './RulesPage.js';
export { SilencesPage } from './SilencesPage.js';
export { SilenceAddPage } from './SilenceAddPage.js';
