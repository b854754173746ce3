import { Link, useNavigate, useParams } from 'react-router';
import { useCan, useDbQuery } from '../../../api/index.js';
import { SpecResourcePage } from '../../../components/SpecResource/index.js';
import { AREAS } from '../../../shell/nav-items.js';
import { JOB_HISTORY_TAB } from '../resources/index.js';
import { getRule, ruleKey, type IncidentRuleRow } from './incident-rules-api.js';
import { IncidentRuleEditor, RULE_NOUN } from './IncidentRuleEditor.js';

const TABS = [JOB_HISTORY_TAB];

/**
 * /settings/incident_rules/:id (spec 3 §2.3, Rules: Spec and Job History): the rule's spec in
 * an editor, and the runs of the rule's evaluation; the tab is kept in the URL.
 */
export function IncidentRulePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const mayWrite = useCan('incident', 'write');
  const query = useDbQuery<IncidentRuleRow | null>(ruleKey(id), () => getRule(id));
  const rule = query.data;
  const list = AREAS.rules;

  const title = (
    <>
      <Link to={list.path}>{list.title}</Link>
      {rule && ` › ${rule.name}`}
    </>
  );

  return (
    <SpecResourcePage
      query={query}
      title={title}
      label={RULE_NOUN}
      tabs={TABS}
      spec={(shown) => (
        <IncidentRuleEditor
          rule={shown}
          readOnly={!mayWrite}
          onSaved={() => void query.mutate()}
          onDeleted={() => void navigate(list.path)}
        />
      )}
    />
  );
}
