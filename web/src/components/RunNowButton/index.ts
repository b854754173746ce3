export { RunNowButton, type RunNowButtonProps, type RunNowOutcome } from './RunNowButton.js';
