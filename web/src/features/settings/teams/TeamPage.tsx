import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, Flex, PageSection, Tab, Tabs, TabTitleText } from '@patternfly/react-core';
import { useCan, useDbQuery } from '../../../api/index.js';
import { ConfirmDialog } from '../../../components/ConfirmDialog/index.js';
import { LoadError } from '../../../components/LoadError/index.js';
import { useToast } from '../../../components/Toasts/index.js';
import { useTabParam } from '../../../lib/use-tab-param.js';
import { PageHeader } from '../../../shell/page-header.js';
import { LoadingScreen } from '../../../shell/screens/LoadingScreen.js';
import { ScreenMessage } from '../../../shell/screens/ScreenMessage.js';
import { JobHistoryTab } from '../resources/index.js';
import { TeamFormModal } from './TeamFormModal.js';
import { hasPicture, TeamIcon } from './TeamIcon.js';
import { TeamMembersPanel } from './TeamMembersPanel.js';
import { TeamSpecEditor } from './TeamSpecEditor.js';
import { deleteTeam, getTeam, teamKey, updateTeam, type Team, type TeamFields } from './teams-api.js';

const TABS = ['spec', 'members', 'jobs'] as const;
type TabKey = (typeof TABS)[number];

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
  const { data: team, error, isLoading, mutate } = useDbQuery<Team | null>(teamKey(id), () => getTeam(id));
  const [tab, selectTab] = useTabParam(TABS);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const live = team && !team.deleted_at ? team : undefined;
  const writable = mayWrite && live !== undefined && (live.source ?? 'UI') === 'UI';

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
    void mutate();
  };

  const remove = async () => {
    if (!live) return;
    try {
      await deleteTeam(live.id);
    } catch (failure) {
      toast.error(failure);
      throw failure;
    }
    toast.success(`${live.name} deleted successfully`);
    // The list is the page above this one, wherever the console is mounted.
    void navigate('..', { relative: 'path' });
  };

  const actions = writable && (
    <Flex spaceItems={{ default: 'spaceItemsSm' }}>
      <Button variant="secondary" onClick={() => setEditing(true)}>
        Edit
      </Button>
      <Button variant="danger" onClick={() => setDeleting(true)}>
        Delete
      </Button>
    </Flex>
  );

  let content;
  if (isLoading) content = <LoadingScreen />;
  else if (error && team === undefined) {
    content = <LoadError error={error} />;
  } else if (!live) content = <ScreenMessage title="No resources found" />;
  else {
    content = (
      <PageSection>
        <Tabs
          activeKey={tab}
          onSelect={(_event, key) => selectTab(key as TabKey)}
          aria-label="Team"
          mountOnEnter
          unmountOnExit
        >
          <Tab eventKey="spec" title={<TabTitleText>Spec</TabTitleText>}>
            <div className="pf-v6-u-pt-md">
              <TeamSpecEditor
                // A saved team comes back changed: the editor starts again from it.
                key={`${live.id}:${live.updated_at ?? ''}`}
                team={live}
                readOnly={!writable}
                onSaved={() => void mutate()}
              />
            </div>
          </Tab>
          <Tab eventKey="members" title={<TabTitleText>Members</TabTitleText>}>
            <TeamMembersPanel teamId={live.id} />
          </Tab>
          <Tab eventKey="jobs" title={<TabTitleText>Job History</TabTitleText>}>
            <div className="pf-v6-u-pt-md">
              <JobHistoryTab resourceId={live.id} />
            </div>
          </Tab>
        </Tabs>
      </PageSection>
    );
  }

  return (
    <>
      <PageHeader title={title} actions={actions || undefined} onRefresh={() => void mutate()} />
      {content}
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
      <ConfirmDialog
        isOpen={deleting}
        title="Delete Team"
        body={live && `Are you sure you want to delete team ${live.name}?`}
        confirmLabel="Delete"
        onConfirm={remove}
        onClose={() => setDeleting(false)}
      />
    </>
  );
}
