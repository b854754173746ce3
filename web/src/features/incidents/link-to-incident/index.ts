export { LinkToIncidentModal, type LinkToIncidentModalProps } from './LinkToIncidentModal.js';
export { CREATE_NEW, LINK_MESSAGES } from './link-form.js';
