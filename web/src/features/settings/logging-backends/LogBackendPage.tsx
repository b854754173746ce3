import { Link, useNavigate, useParams } from 'react-router';
import { PageSection, Tab, Tabs, TabTitleText } from '@patternfly/react-core';
import { can, useDbQuery, useWhoami } from '../../../api/index.js';
import { LoadError } from '../../../components/LoadError/index.js';
import { useTabParam } from '../../../lib/use-tab-param.js';
import { AREAS } from '../../../shell/nav-items.js';
import { PageHeader } from '../../../shell/page-header.js';
import { LoadingScreen } from '../../../shell/screens/LoadingScreen.js';
import { ScreenMessage } from '../../../shell/screens/ScreenMessage.js';
import { JobHistoryTab } from '../jobs/index.js';
import { LogBackendEditor } from './LogBackendEditor.js';
import { getLogBackend, logBackendKey, type LogBackendRow } from './logging-backends-api.js';

const TABS = ['spec', 'jobs'] as const;
const UI_SOURCE = 'UI';

export interface LogBackendViewProps {
  id: string;
  /** The breadcrumb's list, and where a save or delete returns. */
  listTitle: string;
  listPath: string;
  /** After a save: back to the list by default. */
  returnAfterSave?: boolean;
}

/** A log backend's tabs Spec (its form) and Job History, under a breadcrumb back to its list. */
export function LogBackendView({ id, listTitle, listPath, returnAfterSave = false }: LogBackendViewProps) {
  const navigate = useNavigate();
  const { data: whoami } = useWhoami();
  const [tab, selectTab] = useTabParam(TABS);
  const {
    data: row,
    error,
    isLoading,
    mutate,
  } = useDbQuery<LogBackendRow | null>(logBackendKey(id), () => getLogBackend(id));
  const managed = row?.source != null && row.source !== UI_SOURCE;
  const readOnly = !can(whoami, 'logging_backends', 'write') || managed;

  const title = (
    <>
      <Link to={listPath}>{listTitle}</Link>
      {row && ` › ${row.name}`}
    </>
  );

  const body = () => {
    if (isLoading) return <LoadingScreen />;
    if (error && row === undefined) return <LoadError error={error} />;
    if (!row || row.deleted_at) return <ScreenMessage title="No resources found" />;
    return (
      <PageSection>
        <Tabs
          activeKey={tab}
          onSelect={(_event, key) => selectTab(key as (typeof TABS)[number])}
          aria-label="Log Backend"
          mountOnEnter
          unmountOnExit
        >
          <Tab eventKey="spec" title={<TabTitleText>Spec</TabTitleText>}>
            <div className="pf-v6-u-pt-md">
              <LogBackendEditor
                key={`${row.id}:${row.updated_at ?? ''}`}
                row={row}
                readOnly={readOnly}
                onSaved={() => (returnAfterSave ? void navigate(listPath) : void mutate())}
                onDeleted={() => void navigate(listPath)}
              />
            </div>
          </Tab>
          <Tab eventKey="jobs" title={<TabTitleText>Job History</TabTitleText>}>
            <div className="pf-v6-u-pt-md">
              <JobHistoryTab resourceId={row.id} />
            </div>
          </Tab>
        </Tabs>
      </PageSection>
    );
  };

  return (
    <>
      <PageHeader title={title} onRefresh={() => void mutate()} />
      {body()}
    </>
  );
}

/** /settings/logging_backends/:id */
export function LogBackendPage() {
  const { id = '' } = useParams();
  return (
    <LogBackendView key={id} id={id} listTitle={AREAS.logBackends.title} listPath={AREAS.logBackends.path} />
  );
}
