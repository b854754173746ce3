/**
 * The playbooks server's one door: the /api/playbook and /api/resources routers, the webhook
 * router (mounted before the sign-in), the /api/db write rules, approvals, the runner's
 * background work and the action kinds it runs.
 */
export { ACTION_EXECUTORS } from './actions/index.js';
export { approveRun, approverOf, ApprovalError, type Approver, type ApprovalOutcome } from './approvals.js';
export { createResourcesRouter } from './resources-search.js';
export { createPlaybooksRouter, PLAYBOOK_NOT_FOUND } from './router.js';
export { playbookWriteRules } from './rules.js';
export { createPlaybookWebhookRouter } from './webhook.js';
export { registerPlaybookWork, type PlaybookWork, type PlaybookWorkDependencies } from './jobs.js';
