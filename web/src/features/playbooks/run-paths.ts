import { PLAYBOOKS_PATH } from './playbook-kind.js';

export const RUNS_PATH = `${PLAYBOOKS_PATH}/runs`;
/** Spec 1 §2: a run's page, opened after it starts. */
export const runPath = (id: string) => `${RUNS_PATH}/${encodeURIComponent(id)}`;
