/**
 * The playbook as the spec editor edits it (spec 3 §2.3, §5, §8): the spec's title, icon,
 * description and category copied to their columns, no labels, title and spec required, the
 * YAML checked against the Playbook schema with the form's rules, and the area's own toasts.
 */
import type { ResourceKind } from '../spec-editor/index.js';
import { AREAS } from '../../shell/nav-items.js';

export const PLAYBOOKS_PATH = AREAS.playbooks.path;
export const playbookPath = (id: string) => `${PLAYBOOKS_PATH}/${encodeURIComponent(id)}`;

export const PLAYBOOK_KIND: ResourceKind = {
  table: 'playbooks',
  title: 'Playbook',
  listTitle: AREAS.playbooks.title,
  listPath: PLAYBOOKS_PATH,
  detailPath: playbookPath,
  hasLabels: false,
  specColumns: ['title', 'icon', 'description', 'category'],
  requiresTitleAndSpec: true,
  messages: {
    created: () => 'Playbook Spec created successfully',
    updated: () => 'Playbook Spec updated successfully',
    deleted: (name) => `${name} deleted successfully`,
    failed: (action, message) =>
      `Unable to ${action === 'save' ? 'update' : 'delete'} playbook spec: ${message}`,
  },
  placeholder:
    'title: Restart a deployment\ncategory: Kubernetes\nactions:\n  - name: restart\n    exec:\n      script: echo restart',
};
