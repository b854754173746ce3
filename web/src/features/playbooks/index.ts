/** The playbooks area's door for other features: the run-playbook menu and dialog, and a resource's runs. */
export { RunPlaybookDialog } from './run-dialog/RunPlaybookDialog.js';
export { RunPlaybookMenu, runnablePlaybooksPath } from './RunPlaybookMenu.js';
export type { RunPlaybookMenuProps } from './RunPlaybookMenu.js';
export type { RunPlaybookDialogProps } from './run-dialog/RunPlaybookDialog.js';
export type { RunnablePlaybook, RunResource } from './run-dialog/run-dialog-api.js';
export { ResourcePlaybookRuns } from './ResourcePlaybookRuns.js';
export type { ResourcePlaybookRunsProps } from './ResourcePlaybookRuns.js';
export type { RunResourceFilter } from './playbooks-api.js';
