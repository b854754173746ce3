import { Link } from 'react-router';
import { Age } from '../../../components/Age/index.js';
import type { DataTableColumn } from '../../../components/DataTable/index.js';
import type { TopologyComponent } from '../types.js';
import { componentChangesKey, listComponentChanges, type ComponentChange } from './panel-api.js';
import { configPath } from '../links.js';
import { PanelList } from './PanelList.js';
import { SeverityLabel } from './SeverityLabel.js';
import { useComponentLinksRevision } from './use-component-links.js';

export const NO_CHANGES = 'No changes of the linked catalog items';

const COLUMNS: DataTableColumn<ComponentChange>[] = [
  {
    id: 'change',
    header: 'Change',
    cell: (change) => (
      <>
        <strong>{change.change_type}</strong> <SeverityLabel severity={change.severity} />
        {change.summary && <span className="pf-v6-u-display-block">{change.summary}</span>}
      </>
    ),
  },
  {
    id: 'config',
    header: 'Catalog item',
    cell: (change) => (
      <Link to={`${configPath(change.config_id)}/changes`}>{change.name ?? change.config_id}</Link>
    ),
  },
  { id: 'created_at', header: 'Age', cell: (change) => <Age from={change.created_at} /> },
];

/** The changes of the catalog items linked to the component, newest first. */
export function ChangesSection({ component }: { component: TopologyComponent }) {
  const revision = useComponentLinksRevision(component.id);
  return (
    <PanelList
      label="Changes"
      queryKey={`${componentChangesKey(component.id)}&revision=${revision}`}
      load={(pageIndex, pageSize) => listComponentChanges(component.id, pageIndex, pageSize)}
      columns={COLUMNS}
      rowKey={(change) => change.id}
      emptyText={NO_CHANGES}
    />
  );
}
