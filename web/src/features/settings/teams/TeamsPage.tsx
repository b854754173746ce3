import { useNavigate } from 'react-router';
import { useDbQuery } from '../../../api/index.js';
import { Age } from '../../../components/Age/index.js';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/index.js';
import { PageHeader } from '../../../shell/page-header.js';
import { TeamIcon } from './TeamIcon.js';
import { listTeams, TEAMS_KEY, type Team } from './teams-api.js';
import { LoadError } from '../../../components/LoadError/index.js';

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
  const { data: teams, error, isLoading, mutate } = useDbQuery<Team[]>(TEAMS_KEY, listTeams);

  return (
    <>
      <PageHeader title="Teams" onRefresh={() => void mutate()} />
      {error && !teams ? (
        <LoadError error={error} />
      ) : (
        <DataTable
          ariaLabel="Teams"
          columns={COLUMNS}
          rows={teams ?? []}
          rowKey={(team) => team.id}
          isLoading={isLoading}
          // Relative to this page, so the console works under any base path.
          onRowClick={(team) => void navigate(encodeURIComponent(team.id))}
        />
      )}
    </>
  );
}
