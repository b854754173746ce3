import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PlusIcon } from '@patternfly/react-icons';
import { useCan, useDbQuery, useWhoami } from '../../../api/index.js';
import { Age } from '../../../components/Age/index.js';
import type { DataTableColumn } from '../../../components/DataTable/index.js';
import { ListPage } from '../../../components/ListPage/index.js';
import { useToast } from '../../../components/Toasts/index.js';
import { TeamFormModal } from './TeamFormModal.js';
import { TeamIcon } from './TeamIcon.js';
import { createTeam, listTeams, TEAMS_KEY, type Team, type TeamFields } from './teams-api.js';

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

/** /settings/teams: the teams by name; a row opens the team; writers add teams here. */
export function TeamsPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const { data: whoami } = useWhoami();
  const mayWrite = useCan('identities', 'write');
  const query = useDbQuery<Team[]>(TEAMS_KEY, listTeams);
  const [adding, setAdding] = useState(false);
  // Relative to this page, so the console works under any base path.
  const open = (team: Team) => void navigate(encodeURIComponent(team.id));

  const add = async (fields: TeamFields) => {
    const team = await createTeam(fields, whoami?.user.id ?? null);
    toast.success(`${team.name} created successfully`);
    void query.mutate();
    setAdding(false);
    open(team);
  };

  return (
    <ListPage
      title="Teams"
      ariaLabel="Teams"
      query={query}
      columns={COLUMNS}
      rowKey={(team) => team.id}
      onRowClick={open}
      create={{ label: 'Add Team', icon: <PlusIcon />, allowed: mayWrite, onClick: () => setAdding(true) }}
    >
      {adding && (
        <TeamFormModal
          title="Add Team"
          submitLabel="Save"
          busyLabel="Saving"
          onSubmit={add}
          onClose={() => setAdding(false)}
        />
      )}
    </ListPage>
  );
}
