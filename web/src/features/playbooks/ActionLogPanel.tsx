import { Alert, Spinner, Title } from '@patternfly/react-core';
import { errorMessage } from '../../api/index.js';
import type { RunStep } from './RunActionList.js';
import type { ActionResult, RunAction } from './types.js';

export const NO_STEP_SELECTED = 'Select an action to see its output.';
export const NO_OUTPUT = 'No output';

/** The parts of a result shown as text, in this order. */
const STREAMS = ['stdout', 'stderr', 'logs'] as const;

const asText = (value: unknown) =>
  typeof value === 'string'
    ? value
    : value === undefined || value === null
      ? ''
      : JSON.stringify(value, null, 2);

/** What else the action reported besides its streams (an http response, a sql result...). */
function otherFields(result: ActionResult | null | undefined): Record<string, unknown> | undefined {
  if (!result) return undefined;
  const rest = Object.fromEntries(
    Object.entries(result).filter(([key]) => !(STREAMS as readonly string[]).includes(key)),
  );
  return Object.keys(rest).length > 0 ? rest : undefined;
}

function Output({ label, text }: { label: string; text: string }) {
  return (
    <section aria-label={label} className="pf-v6-u-mb-md">
      <Title headingLevel="h3" size="md" className="pf-v6-u-mb-xs">
        {label}
      </Title>
      <pre className="ops-run-log__output" tabIndex={0}>
        {text}
      </pre>
    </section>
  );
}

export interface ActionLogPanelProps {
  step: RunStep | undefined;
  /** The action's row with its result (none for the Initialization step). */
  action: RunAction | null | undefined;
  isLoading: boolean;
  error?: unknown;
}

/** The selected step's stdout, stderr, logs and error, in a monospace scrollable panel. */
export function ActionLogPanel({ step, action, isLoading, error }: ActionLogPanelProps) {
  if (!step) return <p>{NO_STEP_SELECTED}</p>;
  const shown = step.synthetic ? undefined : action;
  const result = shown?.result;
  const streams = STREAMS.map((name) => ({ name, text: asText(result?.[name]) })).filter(
    (stream) => stream.text !== '',
  );
  const others = otherFields(result);
  const failure = step.synthetic ? step.error : (shown?.error ?? step.error);

  return (
    <section aria-label={`Output of ${step.name}`}>
      <Title headingLevel="h2" size="md" className="pf-v6-u-mb-sm">
        {step.name}
      </Title>
      {error !== undefined && error !== null && (
        <Alert variant="danger" isInline title="The action's output could not be loaded">
          {errorMessage(error)}
        </Alert>
      )}
      {failure && <Output label="Error" text={failure} />}
      {streams.map((stream) => (
        <Output key={stream.name} label={stream.name} text={stream.text} />
      ))}
      {others && <Output label="Result" text={JSON.stringify(others, null, 2)} />}
      {!failure &&
        streams.length === 0 &&
        !others &&
        (isLoading ? <Spinner size="md" aria-label="Loading output" /> : <p>{NO_OUTPUT}</p>)}
    </section>
  );
}
