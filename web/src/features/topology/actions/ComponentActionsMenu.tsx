import type { TopologyComponent } from '../types.js';

export interface ComponentActionsMenuProps {
  component: TopologyComponent;
  /** The card's menu offers Zoom In; the panel's does not. */
  zoomIn?: boolean;
}

/** A component's actions: View Logs, Zoom In, Link to Incident, Snapshot, Link to catalog. */
export function ComponentActionsMenu(_props: ComponentActionsMenuProps) {
  return null;
}
