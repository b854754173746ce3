import { AddResourceModal, resourcePageOf } from '../spec-editor/index.js';
import { PLAYBOOK_KIND } from './playbook-kind.js';

/** /playbooks/:id: the playbook's spec form (tab Spec) and its Job History. */
export const PlaybookSpecPage = resourcePageOf(PLAYBOOK_KIND);

/** 'Add Playbook': the spec form in a dialog; the saved playbook opens at its page. */
export function AddPlaybookModal({ onClose }: { onClose: () => void }) {
  return <AddResourceModal kind={PLAYBOOK_KIND} onClose={onClose} />;
}
