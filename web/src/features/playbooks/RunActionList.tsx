import { Button, Flex, FlexItem, Title } from '@patternfly/react-core';
import { durationBetween } from './run-format.js';
import { RunStatusLabel } from './RunStatusLabel.js';
import type { ActionStatus, RunAction, RunDetail } from './types.js';

/** Spec 3 §2.3: a failed run's error before (or beside) its actions, as step 0. */
export const INITIALIZATION = 'Initialization';
export const INITIALIZATION_ID = 'initialization';

/** A row of the action list: an action of the run, or the synthetic Initialization step. */
export interface RunStep {
  id: string;
  name: string;
  status: ActionStatus;
  start_time: string | null;
  end_time: string | null;
  error: string | null;
  /** The synthetic step: its error is the run's, there is no action to read. */
  synthetic?: boolean;
}

/** The run's steps: 'Initialization' first when a failed run has an error, then its actions. */
export function runSteps(run: RunDetail): RunStep[] {
  const actions: RunStep[] = run.actions.map((action: RunAction) => ({ ...action }));
  if (run.status !== 'failed' || !run.error) return actions;
  const initialization: RunStep = {
    id: INITIALIZATION_ID,
    name: INITIALIZATION,
    status: 'failed',
    start_time: run.start_time ?? run.created_at,
    end_time: run.end_time,
    error: run.error,
    synthetic: true,
  };
  return [initialization, ...actions];
}

export const isSelectable = (step: RunStep) => step.status !== 'skipped';

/** The step shown when none was chosen: the one running, else the last that ran. */
export function defaultStep(steps: RunStep[]): RunStep | undefined {
  const selectable = steps.filter(isSelectable);
  return (
    selectable.find((step) => step.status === 'running') ??
    selectable.filter((step) => step.start_time || step.synthetic).at(-1) ??
    selectable[0]
  );
}

export interface RunActionListProps {
  steps: RunStep[];
  selectedId: string | undefined;
  onSelect: (step: RunStep) => void;
}

/** The run's actions with their status and duration; a skipped one cannot be selected. */
export function RunActionList({ steps, selectedId, onSelect }: RunActionListProps) {
  return (
    <nav aria-label="Actions">
      <Title headingLevel="h2" size="md" className="pf-v6-u-mb-sm">
        Actions
      </Title>
      {steps.length === 0 ? (
        <p>No actions have run yet.</p>
      ) : (
        <ol className="ops-run-actions">
          {steps.map((step) => {
            const selected = step.id === selectedId;
            return (
              <li key={step.id}>
                <Button
                  variant="plain"
                  isBlock
                  isDisabled={!isSelectable(step)}
                  aria-current={selected ? 'step' : undefined}
                  onClick={() => onSelect(step)}
                  className={selected ? 'ops-run-actions__step pf-m-selected' : 'ops-run-actions__step'}
                >
                  <Flex
                    className="ops-run-actions__row"
                    justifyContent={{ default: 'justifyContentSpaceBetween' }}
                    flexWrap={{ default: 'nowrap' }}
                    alignItems={{ default: 'alignItemsCenter' }}
                  >
                    <FlexItem>{step.name}</FlexItem>
                    <FlexItem>
                      <Flex spaceItems={{ default: 'spaceItemsSm' }} flexWrap={{ default: 'nowrap' }}>
                        <FlexItem>{durationBetween(step.start_time, step.end_time)}</FlexItem>
                        <FlexItem>
                          <RunStatusLabel status={step.status} isCompact />
                        </FlexItem>
                      </Flex>
                    </FlexItem>
                  </Flex>
                </Button>
              </li>
            );
          })}
        </ol>
      )}
    </nav>
  );
}
