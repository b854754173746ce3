import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Alert, AlertActionCloseButton, PageSection, Tab, Tabs, TabTitleText } from '@patternfly/react-core';
import { can, useDbQuery, useWhoami } from '../../../api/index.js';
import { LoadError } from '../../../components/LoadError/index.js';
import { AREAS } from '../../../shell/nav-items.js';
import { PageHeader } from '../../../shell/page-header.js';
import { LoadingScreen } from '../../../shell/screens/LoadingScreen.js';
import { ScreenMessage } from '../../../shell/screens/ScreenMessage.js';
import { JobHistoryTab } from '../resources/JobHistoryTab.js';
import { useTabParam } from '../../../lib/use-tab-param.js';
import type { CreatedState } from './AddCanaryModal.js';
import {
  CANARY_MESSAGES,
  canaryKey,
  getCanary,
  managerOf,
  readOnlyNote,
  type Canary,
} from './canaries-api.js';
import { CanaryEditor } from './CanaryEditor.js';
import { firstCheckName } from './spec-state.js';

const TABS = ['spec', 'jobs'] as const;
type TabKey = (typeof TABS)[number];
const LIST_PATH = AREAS.healthChecks.path;

/**
 * After a create: the checks run within seconds, and /health finds the first one by name, passing
 * or not (the dashboard hides passing checks by default).
 */
function SavedAlert({ canary, onClose }: { canary: Canary; onClose: () => void }) {
  const checkName = firstCheckName(canary.spec ?? {});
  const health = checkName
    ? `/health?query=${encodeURIComponent(checkName)}&hidePassing=false`
    : '/health?hidePassing=false';
  return (
    <Alert
      variant="info"
      isInline
      title={CANARY_MESSAGES.savedInfo}
      actionClose={<AlertActionCloseButton onClose={onClose} />}
      actionLinks={<Link to={health}>{checkName ? `Show ${checkName} in Health` : 'Open Health'}</Link>}
      className="pf-v6-u-mb-md"
    />
  );
}

/** /settings/canaries/:id: a health check's editor (tab Spec) and its Job History. */
export function CanaryPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { data: whoami } = useWhoami();
  const {
    data: canary,
    error,
    isLoading,
    mutate,
  } = useDbQuery<Canary | null>(canaryKey(id), () => getCanary(id));
  const [tab, selectTab] = useTabParam(TABS);
  const [justCreated, setJustCreated] = useState(
    () => (location.state as CreatedState | null)?.created === true,
  );

  const title = (
    <>
      <Link to={LIST_PATH}>{AREAS.healthChecks.title}</Link>
      {canary && ` › ${canary.name}`}
    </>
  );

  let content;
  if (isLoading) content = <LoadingScreen />;
  else if (error && canary === undefined) content = <LoadError error={error} />;
  else if (!canary || canary.deleted_at) content = <ScreenMessage title="No resources found" />;
  else {
    const manager = managerOf(canary);
    const readOnly = !can(whoami, 'canaries', 'write') || manager !== undefined;
    content = (
      <PageSection>
        {justCreated && <SavedAlert canary={canary} onClose={() => setJustCreated(false)} />}
        <Tabs
          activeKey={tab}
          onSelect={(_event, key) => selectTab(key as TabKey)}
          aria-label="Health check"
          mountOnEnter
          unmountOnExit
        >
          <Tab eventKey="spec" title={<TabTitleText>Spec</TabTitleText>}>
            <div className="pf-v6-u-pt-md">
              {manager && (
                <Alert
                  variant="info"
                  isInline
                  isPlain
                  title={readOnlyNote(manager)}
                  className="pf-v6-u-mb-md"
                />
              )}
              <CanaryEditor
                // A saved row comes back with a new updated_at: the editor starts again from it.
                key={`${canary.id}:${canary.updated_at ?? ''}`}
                canary={canary}
                readOnly={readOnly}
                onSaved={() => void mutate()}
                onDeleted={() => void navigate(LIST_PATH)}
              />
            </div>
          </Tab>
          <Tab eventKey="jobs" title={<TabTitleText>Job History</TabTitleText>}>
            <div className="pf-v6-u-pt-md">
              <JobHistoryTab resourceId={canary.id} />
            </div>
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
