export { CopyButton, useCopyToClipboard } from './CopyButton.js';
