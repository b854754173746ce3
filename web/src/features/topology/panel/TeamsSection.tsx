import { Link } from 'react-router';
import type { DataTableColumn } from '../../../components/DataTable/index.js';
import type { TopologyComponent } from '../types.js';
import { componentTeamsKey, listComponentTeams, type ComponentTeam } from './panel-api.js';
import { teamPath } from '../links.js';
import { PanelList } from './PanelList.js';

export const NO_TEAMS = 'No teams own this component';

const COLUMNS: DataTableColumn<ComponentTeam>[] = [
  {
    id: 'team',
    header: 'Team',
    cell: (link) => <Link to={teamPath(link.team_id)}>{link.team?.name ?? link.team_id}</Link>,
  },
  { id: 'role', header: 'Role', cell: (link) => link.role ?? '' },
];

/** The teams that own the component. */
export function TeamsSection({ component }: { component: TopologyComponent }) {
  return (
    <PanelList
      label="Teams"
      queryKey={componentTeamsKey(component.id)}
      load={(pageIndex, pageSize) => listComponentTeams(component.id, pageIndex, pageSize)}
      columns={COLUMNS}
      rowKey={(link) => `${link.team_id}/${link.selector_id ?? ''}`}
      emptyText={NO_TEAMS}
    />
  );
}
