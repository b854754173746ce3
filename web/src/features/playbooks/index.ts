/** The playbooks area's door for other features: the run-playbook dialog. */
export { RunPlaybookDialog } from './run-dialog/RunPlaybookDialog.js';
export type { RunPlaybookDialogProps } from './run-dialog/RunPlaybookDialog.js';
export type { RunnablePlaybook, RunResource } from './run-dialog/run-dialog-api.js';
