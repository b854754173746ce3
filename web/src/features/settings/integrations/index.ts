// Integrations: the list, an integration's page, and the Add Integration dialog.
export { IntegrationsListPage } from './IntegrationsListPage.js';
export { IntegrationPage } from './IntegrationPage.js';
export { AddIntegrationDialog } from './AddIntegrationDialog.js';
