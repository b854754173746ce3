import type { TopologyComponent } from '../types.js';

export interface TopologyDetailPanelProps {
  /** The component of /topology/{id}, as the topology endpoint answered it. */
  component: TopologyComponent;
}

/** The right-hand panel of /topology/{id}: its sections, one open at a time. */
export function TopologyDetailPanel(_props: TopologyDetailPanelProps) {
  return null;
}
