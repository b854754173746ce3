import { useCan } from '../../api/index.js';
import { PermissionsPanel } from '../settings/permissions/index.js';
import { AddResourceModal, resourcePageOf } from '../spec-editor/index.js';
import { PLAYBOOK_KIND } from './playbook-kind.js';

/** A playbook's Permissions tab, for those who may read permissions. */
function PlaybookPermissions({ id }: { id: string }) {
  const mayRead = useCan('permissions');
  return mayRead ? <PermissionsPanel filter={{ playbook_id: id }} /> : null;
}

/** /playbooks/:id: the playbook's spec form (tab Spec), its Job History and its Permissions. */
export const PlaybookSpecPage = resourcePageOf(PLAYBOOK_KIND, {
  permissions: (id) => <PlaybookPermissions id={id} />,
});

/** 'Add Playbook': the spec form in a dialog; the saved playbook opens at its page. */
export function AddPlaybookModal({ onClose }: { onClose: () => void }) {
  return <AddResourceModal kind={PLAYBOOK_KIND} onClose={onClose} />;
}
