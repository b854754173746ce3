export { cancelRun, needsApproval } from './control.js';
export { DEFAULT_PLAYBOOK_TIMEOUT_MS, formatDuration, parseDuration } from './durations.js';
export {
  loadRunContext,
  renderTemplates,
  resourceAgent,
  type GivenRows,
  type RunContext,
} from './context.js';
export {
  PlaybookRunner,
  invokeExecutor,
  kindOf,
  localAgents,
  prepareAction,
  retryBackoffMs,
  type PlaybookRunnerOptions,
} from './runner.js';
export type { ActionRow, ActionSpec, RunRow } from './types.js';
export { fireEvent, SCHEDULE_TASK, TRIGGER_EVENTS } from './triggers.js';
