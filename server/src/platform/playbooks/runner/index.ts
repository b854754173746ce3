export { cancelRun, needsApproval } from './control.js';
export { DEFAULT_PLAYBOOK_TIMEOUT_MS, parseDuration } from './durations.js';
export { loadRunContext, renderTemplates, type RunContext } from './context.js';
export { PlaybookRunner, kindOf, retryBackoffMs, type PlaybookRunnerOptions } from './runner.js';
export { fireEvent, SCHEDULE_TASK, TRIGGER_EVENTS } from './triggers.js';
