import { useParams } from 'react-router';
import { PageSection, Tab, Tabs, TabTitleText } from '@patternfly/react-core';
import { useDbQuery } from '../../../api/index.js';
import { CodeViewer } from '../../../components/CodeViewer/index.js';
import { CopyButton } from '../../../components/CopyButton/index.js';
import { PageHeader } from '../../../shell/page-header.js';
import { LoadingScreen } from '../../../shell/screens/LoadingScreen.js';
import { ScreenMessage } from '../../../shell/screens/ScreenMessage.js';
import { hasPicture, TeamIcon } from './TeamIcon.js';
import { TeamMembersPanel } from './TeamMembersPanel.js';
import { getTeam, teamKey, type Team } from './teams-api.js';
import { LoadError } from '../../../components/LoadError/index.js';
import { useTabParam } from '../../../lib/use-tab-param.js';

const TABS = ['spec', 'members'] as const;
type TabKey = (typeof TABS)[number];

/** /settings/teams/:id: the team's spec (read-only) and its members; the tab is kept in the URL. */
export function TeamPage() {
  const { id = '' } = useParams();
  const { data: team, error, isLoading, mutate } = useDbQuery<Team | null>(teamKey(id), () => getTeam(id));
  const [tab, selectTab] = useTabParam(TABS);

  // Plain text where there is no picture, so the browser tab is titled after the team too.
  const title = !team ? (
    'Team'
  ) : hasPicture(team.icon) ? (
    <>
      <TeamIcon icon={team.icon} /> {team.name}
    </>
  ) : (
    team.name
  );

  let content;
  if (isLoading) content = <LoadingScreen />;
  else if (error && team === undefined) {
    content = <LoadError error={error} />;
  } else if (!team) content = <ScreenMessage title="No resources found" />;
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
            <PageSection padding={{ default: 'noPadding' }} className="pf-v6-u-pt-md">
              <CodeViewer
                value={team.spec ?? {}}
                language="yaml"
                aria-label="Team spec"
                copyButton={(text) => <CopyButton text={text} />}
              />
            </PageSection>
          </Tab>
          <Tab eventKey="members" title={<TabTitleText>Members</TabTitleText>}>
            <TeamMembersPanel teamId={team.id} />
          </Tab>
        </Tabs>
      </PageSection>
    );
  }

  return (
    <>
      <PageHeader title={title} onRefresh={() => void mutate()} />
      {content}
    </>
  );
}
