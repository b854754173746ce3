export { PermissionsPage } from './PermissionsPage.js';
export { PermissionsPanel, type PermissionsPanelProps } from './PermissionsPanel.js';
