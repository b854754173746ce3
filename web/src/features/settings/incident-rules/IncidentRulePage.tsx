import { Link, useNavigate, useParams } from 'react-router';
import { PageSection, Tab, Tabs, TabTitleText } from '@patternfly/react-core';
import { useCan, useDbQuery } from '../../../api/index.js';
import { LoadError } from '../../../components/LoadError/index.js';
import { useTabParam } from '../../../lib/use-tab-param.js';
import { AREAS } from '../../../shell/nav-items.js';
import { PageHeader } from '../../../shell/page-header.js';
import { LoadingScreen } from '../../../shell/screens/LoadingScreen.js';
import { ScreenMessage } from '../../../shell/screens/ScreenMessage.js';
import { JobHistoryTab } from '../resources/index.js';
import { getRule, ruleKey, type IncidentRuleRow } from './incident-rules-api.js';
import { IncidentRuleEditor, RULE_NOUN } from './IncidentRuleEditor.js';

const TABS = ['spec', 'jobs'] as const;
type TabKey = (typeof TABS)[number];

/**
 * /settings/incident_rules/:id (spec 3 §2.3, Rules: Spec and Job History): the rule's spec in
 * an editor, and the runs of the rule's evaluation; the tab is kept in the URL.
 */
export function IncidentRulePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const mayWrite = useCan('incident', 'write');
  const {
    data: rule,
    error,
    isLoading,
    mutate,
  } = useDbQuery<IncidentRuleRow | null>(ruleKey(id), () => getRule(id));
  const [tab, selectTab] = useTabParam(TABS);
  const list = AREAS.rules;

  const title = (
    <>
      <Link to={list.path}>{list.title}</Link>
      {rule && ` › ${rule.name}`}
    </>
  );

  let content;
  if (isLoading) content = <LoadingScreen />;
  else if (error && rule === undefined) content = <LoadError error={error} />;
  else if (!rule || rule.deleted_at) content = <ScreenMessage title="No resources found" />;
  else
    content = (
      <PageSection>
        <Tabs
          activeKey={tab}
          onSelect={(_event, key) => selectTab(key as TabKey)}
          aria-label={RULE_NOUN}
          mountOnEnter
          unmountOnExit
        >
          <Tab eventKey="spec" title={<TabTitleText>Spec</TabTitleText>}>
            <div className="pf-v6-u-pt-md">
              <IncidentRuleEditor
                // A saved rule comes back changed: the editor starts again from it.
                key={`${rule.id}:${rule.updated_at ?? ''}`}
                rule={rule}
                readOnly={!mayWrite}
                onSaved={() => void mutate()}
                onDeleted={() => void navigate(list.path)}
              />
            </div>
          </Tab>
          <Tab eventKey="jobs" title={<TabTitleText>Job History</TabTitleText>}>
            <div className="pf-v6-u-pt-md">
              <JobHistoryTab resourceId={rule.id} />
            </div>
          </Tab>
        </Tabs>
      </PageSection>
    );

  return (
    <>
      <PageHeader title={title} onRefresh={() => void mutate()} />
      {content}
    </>
  );
}
