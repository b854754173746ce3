// Integrations: the list, an integration's page, and the Add Integration dialog.
export { IntegrationsListPage } from './IntegrationsListPage.js';
export { IntegrationPage } from './IntegrationPage.js';
export { AddIntegrationDialog } from './AddIntegrationDialog.js';
// The Flux and Helm CLI previews' text, for other charts' install instructions (agents).
export { fluxManifests, yamlDocuments } from './flux-manifests.js';
