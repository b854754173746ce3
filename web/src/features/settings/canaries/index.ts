export { CanaryPage } from './CanaryPage.js';
export { AddCanaryModal } from './AddCanaryModal.js';
