// Log backends: their page, their add dialog, and the view the integrations' page shows.
export { LogBackendPage, LogBackendView } from './LogBackendPage.js';
export type { LogBackendViewProps } from './LogBackendPage.js';
export { AddLogBackendModal, LogBackendFormModal } from './LogBackendFormModal.js';
export type { LogBackendFormModalProps } from './LogBackendFormModal.js';
