import { LinkToIncidentModal } from '../../incidents/index.js';
import type { TopologyComponent } from '../types.js';
import { LinkToCatalogModal } from './LinkToCatalogModal.js';
import { SnapshotModal } from './SnapshotModal.js';

export type ComponentDialogName = 'incident' | 'snapshot' | 'catalog';

export interface ComponentDialogProps {
  dialog: ComponentDialogName;
  component: TopologyComponent;
  onClose: () => void;
}

/**
 * The dialog of one of a component's actions. Loaded only when one is opened: with the incidents
 * area's dialog and the catalog search, it weighs more than the cards that offer it.
 */
export function ComponentDialog({ dialog, component, onClose }: ComponentDialogProps) {
  if (dialog === 'incident')
    return (
      <LinkToIncidentModal
        isOpen
        onClose={onClose}
        evidence={{
          type: 'topology',
          component_id: component.id,
          description: component.title || component.name,
        }}
      />
    );
  if (dialog === 'snapshot') return <SnapshotModal component={component} onClose={onClose} />;
  return <LinkToCatalogModal component={component} onClose={onClose} />;
}
