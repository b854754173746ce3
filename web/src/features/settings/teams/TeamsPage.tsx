import { useNavigate } from 'react-router';
import { useDbQuery } from '../../../api/index.js';
import { Age } from '../../../components/Age/index.js';
import type { DataTableColumn } from '../../../components/DataTable/index.js';
import { ListPage } from '../../../components/ListPage/index.js';
import { TeamIcon } from './TeamIcon.js';
import { listTeams, TEAMS_KEY, type Team } from './teams-api.js';

const COLUMNS: DataTableColumn<Team>[] = [
  {
    id: 'name',
    header: 'Name',
    sortable: true,
    sortValue: (team) => team.name.toLowerCase(),
    cell: (team) => (
      <>
        <TeamIcon icon={team.icon} /> {team.name}
      </>
    ),
  },
  { id: 'created_at', header: 'Created At', sortable: true, cell: (team) => <Age from={team.created_at} /> },
];

/** /settings/teams: the teams by name; a row opens the team. */
export function TeamsPage() {
  const navigate = useNavigate();
  const query = useDbQuery<Team[]>(TEAMS_KEY, listTeams);

  return (
    <ListPage
      title="Teams"
      ariaLabel="Teams"
      query={query}
      columns={COLUMNS}
      rowKey={(team) => team.id}
      // Relative to this page, so the console works under any base path.
      onRowClick={(team) => void navigate(encodeURIComponent(team.id))}
    />
  );
}
