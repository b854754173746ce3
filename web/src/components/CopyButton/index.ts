export { CopyableText, CopyButton, useCopyToClipboard } from './CopyButton.js';
