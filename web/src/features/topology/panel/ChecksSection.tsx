import { Link } from 'react-router';
import { Age } from '../../../components/Age/index.js';
import type { DataTableColumn } from '../../../components/DataTable/index.js';
import { HealthLabel } from '../../../components/HealthLabel/index.js';
import type { TopologyComponent } from '../types.js';
import { componentChecksKey, listComponentChecks, type ComponentCheck } from './panel-api.js';
import { checkPath } from '../links.js';
import { PanelList } from './PanelList.js';

export const NO_CHECKS = 'No health checks are linked to this component';

const COLUMNS: DataTableColumn<ComponentCheck>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: (check) => (
      <>
        <Link to={checkPath(check.check_id)}>{check.name}</Link>
        {check.type && <small className="pf-v6-u-display-block">{check.type}</small>}
      </>
    ),
  },
  {
    id: 'status',
    header: 'Health',
    cell: (check) => <HealthLabel status={check.status ?? 'unknown'} isCompact />,
  },
  {
    id: 'last_runtime',
    header: 'Last run',
    cell: (check) => (check.last_runtime ? <Age from={check.last_runtime} /> : null),
  },
];

/** The health checks linked to the component, each opening on the health page. */
export function ChecksSection({ component }: { component: TopologyComponent }) {
  return (
    <PanelList
      label="Checks"
      queryKey={componentChecksKey(component.id)}
      load={(pageIndex, pageSize) => listComponentChecks(component.id, pageIndex, pageSize)}
      columns={COLUMNS}
      rowKey={(check) => check.check_id}
      emptyText={NO_CHECKS}
    />
  );
}
