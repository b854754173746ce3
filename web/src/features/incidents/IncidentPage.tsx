import { Link, useParams } from 'react-router';
import {
  Button,
  Flex,
  FlexItem,
  Grid,
  GridItem,
  PageSection,
  Skeleton,
  Stack,
  StackItem,
  Tab,
  Tabs,
  TabTitleText,
} from '@patternfly/react-core';
import { DownloadIcon } from '@patternfly/react-icons';
import { useCan } from '../../api/index.js';
import { LoadError } from '../../components/LoadError/index.js';
import { useTabParam } from '../../lib/use-tab-param.js';
import { PageHeader } from '../../shell/page-header.js';
import { ScreenMessage } from '../../shell/screens/ScreenMessage.js';
import { ActionPlanTab } from './action-plan/ActionPlanTab.js';
import { CommentsTab } from './comments/CommentsTab.js';
import { isIncidentId, postmortemUrl, useIncident, type IncidentDetail } from './incident-api.js';
import { IncidentSidebar } from './IncidentSidebar.js';
import { StatusToggle } from './status/StatusToggle.js';
import { ComponentCards } from './topology/ComponentCards.js';

export const INCIDENT_NOT_FOUND = 'Incident not found';

const TABS = ['comments', 'action-plan'] as const;
type TabKey = (typeof TABS)[number];

/**
 * The page title as a breadcrumb from Incidents. The top bar puts the title in its h1, which holds
 * phrasing content only, so the trail is links and text rather than a nav list.
 */
function IncidentBreadcrumb({ incident }: { incident?: IncidentDetail }) {
  return (
    <span className="ops-incident-breadcrumb">
      <Link to="/incidents">Incidents</Link>
      {incident && (
        <>
          <span aria-hidden="true" className="pf-v6-u-mx-sm">
            ›
          </span>
          <span aria-current="page">
            {incident.incident_id} {incident.title}
          </span>
        </>
      )}
    </span>
  );
}

function PageSkeleton() {
  return (
    <PageSection aria-busy="true">
      <Grid hasGutter>
        <GridItem lg={8}>
          <Skeleton height="2rem" width="40%" screenreaderText="Loading incident" />
          <Skeleton height="16rem" className="pf-v6-u-mt-md" />
        </GridItem>
        <GridItem lg={4}>
          <Skeleton height="20rem" />
        </GridItem>
      </Grid>
    </PageSection>
  );
}

/** /incidents/:id: the incident's comments and action plan, with its details beside them. */
export function IncidentPage() {
  const { id = '' } = useParams();
  const { data: incident, error, isLoading, mutate } = useIncident(id);
  const [tab, selectTab] = useTabParam(TABS);
  const canWrite = useCan('incident', 'write');

  const actions = incident && (
    <Flex spaceItems={{ default: 'spaceItemsSm' }} flexWrap={{ default: 'nowrap' }}>
      {canWrite && (
        <FlexItem>
          <StatusToggle incident={incident} />
        </FlexItem>
      )}
      <FlexItem>
        <Button
          variant="secondary"
          component="a"
          href={postmortemUrl(incident.id)}
          download={`${incident.incident_id}-postmortem.md`}
          icon={<DownloadIcon />}
        >
          Download postmortem
        </Button>
      </FlexItem>
    </Flex>
  );

  let content;
  if (isLoading) content = <PageSkeleton />;
  else if (error && incident === undefined) content = <LoadError error={error} />;
  else if (!incident || !isIncidentId(id)) content = <ScreenMessage title={INCIDENT_NOT_FOUND} />;
  else {
    content = (
      <PageSection>
        <Grid hasGutter>
          <GridItem lg={8}>
            <Stack hasGutter>
              <StackItem>
                <ComponentCards incident={incident} />
              </StackItem>
              <StackItem isFilled>
                <Tabs
                  activeKey={tab}
                  onSelect={(_event, key) => selectTab(key as TabKey)}
                  aria-label="Incident"
                  mountOnEnter
                  unmountOnExit
                >
                  <Tab eventKey="comments" title={<TabTitleText>Comments</TabTitleText>}>
                    <CommentsTab incident={incident} />
                  </Tab>
                  <Tab eventKey="action-plan" title={<TabTitleText>Action Plan</TabTitleText>}>
                    <ActionPlanTab incident={incident} />
                  </Tab>
                </Tabs>
              </StackItem>
            </Stack>
          </GridItem>
          <GridItem lg={4}>
            <IncidentSidebar incident={incident} />
          </GridItem>
        </Grid>
      </PageSection>
    );
  }

  return (
    <>
      <PageHeader
        title={<IncidentBreadcrumb incident={incident ?? undefined} />}
        actions={actions}
        onRefresh={() => void mutate()}
      />
      {content}
    </>
  );
}
