import { useMemo, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import {
  Alert,
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
  PageSection,
} from '@patternfly/react-core';
import { linkedAgentOf } from '../../../../common/managed.js';
import { LinkedAgentNote } from '../../components/LinkedNote/index.js';
import { LoadError } from '../../components/LoadError/index.js';
import { PageHeader } from '../../shell/page-header.js';
import { LoadingScreen } from '../../shell/screens/LoadingScreen.js';
import { ScreenMessage } from '../../shell/screens/ScreenMessage.js';
import { ActionLogPanel } from './ActionLogPanel.js';
import { PlaybookIcon, playbookTitle } from './PlaybookIcon.js';
import { playbookPath } from './playbook-kind.js';
import { durationBetween, formatMoment, triggeredBy } from './run-format.js';
import { RUNS_PATH } from './run-paths.js';
import { defaultStep, isSelectable, RunActionList, runSteps } from './RunActionList.js';
import { RunControls } from './RunControls.js';
import { RunResource } from './RunResource.js';
import { hasEnded, RunStatusLabel } from './RunStatusLabel.js';
import type { RunDetail } from './types.js';
import { useRun, useRunAction, useRunNames } from './use-run.js';
import './playbooks.css';

export const RUN_NOT_FOUND = 'Playbook run not found';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <DescriptionListGroup>
      <DescriptionListTerm>{term}</DescriptionListTerm>
      <DescriptionListDescription>{children}</DescriptionListDescription>
    </DescriptionListGroup>
  );
}

function RunBody({ run, refresh }: { run: RunDetail; refresh: () => Promise<unknown> }) {
  const names = useRunNames(run.id).data;
  const steps = useMemo(() => runSteps(run), [run]);
  const [chosenId, setChosenId] = useState<string>();
  const chosen = steps.find((step) => step.id === chosenId && isSelectable(step));
  const step = chosen ?? defaultStep(steps);
  const ended = hasEnded(run.status);
  const actionId = step && !step.synthetic ? step.id : undefined;
  const action = useRunAction(actionId, step?.status, ended);
  // While another action loads, the previous one's output is not this one's; the run's own copy
  // of the action stands in until its row comes.
  const actionRow =
    (action.data?.id === actionId ? action.data : undefined) ??
    run.actions.find((candidate) => candidate.id === actionId);

  // Every run of a remote agent is the agent's, whoever started it there: its creator does not make
  // it the hub's, as it makes a canary the hub assigned to an agent (linkedAgentOf).
  const agentRow = { agent_id: run.agent_id };
  const playbook = run.playbook ?? names?.playbook;
  const title = (
    <>
      <Link to={RUNS_PATH}>Playbook Runs</Link>
      {' › '}
      <Link to={playbookPath(run.playbook_id)}>
        <PlaybookIcon icon={playbook?.icon} size={20} /> {playbookTitle(playbook) || run.playbook_id}
      </Link>
    </>
  );

  return (
    <>
      <PageHeader
        title={title}
        actions={<RunControls run={run} refresh={refresh} linked={linkedAgentOf(agentRow) !== undefined} />}
        onRefresh={() => void refresh()}
      />
      <PageSection>
        <LinkedAgentNote row={agentRow} subject="This playbook run" />
        <section aria-label="Run details">
          <DescriptionList
            columnModifier={{ default: '2Col', lg: '3Col' }}
            isCompact
            className="pf-v6-u-mb-lg"
          >
            <Detail term="Status">
              <RunStatusLabel status={run.status} />
            </Detail>
            <Detail term="Resource">
              <RunResource check={names?.check} config={names?.config} component={names?.component} />
            </Detail>
            <Detail term="Triggered By">{triggeredBy(names?.creator, run.trigger)}</Detail>
            <Detail term="Started">{formatMoment(run.start_time)}</Detail>
            <Detail term="Scheduled">{formatMoment(run.scheduled_time)}</Detail>
            <Detail term="Duration">{durationBetween(run.start_time, run.end_time) || '—'}</Detail>
            <Detail term="Queued">{durationBetween(run.created_at, run.start_time) || '—'}</Detail>
          </DescriptionList>
        </section>
        {run.error && run.status !== 'failed' && (
          <Alert variant="warning" isInline title={run.error} className="pf-v6-u-mb-md" />
        )}
        <div className="ops-run__body">
          <div className="ops-run__actions">
            <RunActionList steps={steps} selectedId={step?.id} onSelect={(next) => setChosenId(next.id)} />
          </div>
          <div className="ops-run__log">
            <ActionLogPanel
              step={step}
              action={actionRow}
              isLoading={action.isLoading || (actionId !== undefined && actionRow === undefined)}
              error={action.error}
            />
          </div>
        </div>
      </PageSection>
    </>
  );
}

/**
 * /playbooks/runs/:id (spec 3 §2.3): the run's playbook, parameters, status and times, Re-run,
 * Cancel and Approve (none of them for an agent's run, which shows 'Linked to <agent>'), its
 * actions (a skipped one cannot be selected; a failed run's error is the 'Initialization' step)
 * and the selected action's output. The run is read every 2 s and the selected action every 1 s
 * until they end.
 */
export function PlaybookRunPage() {
  const { id = '' } = useParams();
  const { data: run, error, isLoading, mutate } = useRun(id);
  if (isLoading) return <LoadingScreen />;
  if (!run) {
    if (error?.status === 404 || !error) return <ScreenMessage title={RUN_NOT_FOUND} />;
    return <LoadError error={error} />;
  }
  return <RunBody key={run.id} run={run} refresh={() => mutate()} />;
}
