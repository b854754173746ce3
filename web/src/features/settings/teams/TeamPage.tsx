import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, Flex } from '@patternfly/react-core';
import { useCan, useDbQuery } from '../../../api/index.js';
import {
  DeleteAction,
  SpecResourcePage,
  useDeleteResource,
  type SpecResourceTab,
} from '../../../components/SpecResource/index.js';
import { useToast } from '../../../components/Toasts/index.js';
import { JOB_HISTORY_TAB } from '../resources/index.js';
import { TeamFormModal } from './TeamFormModal.js';
import { hasPicture, TeamIcon } from './TeamIcon.js';
import { TeamMembersPanel } from './TeamMembersPanel.js';
import { TeamSpecEditor } from './TeamSpecEditor.js';
import { deleteTeam, getTeam, teamKey, updateTeam, type Team, type TeamFields } from './teams-api.js';

const TABS: readonly SpecResourceTab<Team>[] = [
  { key: 'members', title: 'Members', content: (team) => <TeamMembersPanel teamId={team.id} />, flush: true },
  JOB_HISTORY_TAB,
];

/**
 * /settings/teams/:id: the team's spec in an editor, its members and its job history; the tab is
 * kept in the URL. Writers rename it, change its icon and delete it from the header; a team from
 * GitOps (source other than UI) is read-only here.
 */
export function TeamPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const mayWrite = useCan('identities', 'write');
  const query = useDbQuery<Team | null>(teamKey(id), () => getTeam(id));
  const team = query.data;
  const [editing, setEditing] = useState(false);
  const live = team && !team.deleted_at ? team : undefined;
  const writable = mayWrite && live !== undefined && (live.source ?? 'UI') === 'UI';
  const remove = useDeleteResource({
    name: live?.name ?? '',
    remove: () => deleteTeam(id),
    // The list is the page above this one, wherever the console is mounted.
    onDeleted: () => void navigate('..', { relative: 'path' }),
  });

  // Plain text where there is no picture, so the browser tab is titled after the team too.
  const title = !live ? (
    'Team'
  ) : hasPicture(live.icon) ? (
    <>
      <TeamIcon icon={live.icon} /> {live.name}
    </>
  ) : (
    live.name
  );

  const edit = async (fields: TeamFields) => {
    const saved = await updateTeam(id, fields);
    toast.success(`${saved.name} updated successfully`);
    setEditing(false);
    void query.mutate();
  };

  const actions = writable && (
    <Flex spaceItems={{ default: 'spaceItemsSm' }}>
      <Button variant="secondary" onClick={() => setEditing(true)}>
        Edit
      </Button>
      <DeleteAction
        title="Delete Team"
        body={`Are you sure you want to delete team ${live.name}?`}
        onDelete={remove}
      />
    </Flex>
  );

  return (
    <SpecResourcePage
      query={query}
      title={title}
      actions={actions || undefined}
      label="Team"
      tabs={TABS}
      spec={(shown) => (
        <TeamSpecEditor team={shown} readOnly={!writable} onSaved={() => void query.mutate()} />
      )}
    >
      {editing && live && (
        <TeamFormModal
          title="Edit Team"
          submitLabel="Update"
          busyLabel="Updating"
          initial={{ name: live.name, icon: live.icon }}
          onSubmit={edit}
          onClose={() => setEditing(false)}
        />
      )}
    </SpecResourcePage>
  );
}
