import { useState } from 'react';
import { Alert, Button } from '@patternfly/react-core';
import {
  FormField,
  FormModal,
  RowsField,
  SelectField,
  SwitchField,
  TextAreaField,
  TextField,
} from '../../components/Form/index.js';
import {
  agentFormValues,
  validateAgentForm,
  type AgentFormErrors,
  type AgentFormValues,
} from './agent-form.js';
import { SCRAPE_INTERVALS, type Agent } from './agents-api.js';

export const ADD_AGENT_TITLE = 'Add Agent';

const PROPERTY_ROW = {
  label: 'property',
  columns: [
    { key: 'key', label: 'key', required: true },
    { key: 'value', label: 'value' },
  ],
} as const;

export const AGENT_HINTS = {
  name: "The cluster's name, or its region or account when there is one cluster per region or account",
  properties: 'Labels added to every resource this agent reports',
  kubernetes:
    'Scrapes the built-in and custom resources of its cluster into the catalog, with a topology of cluster, namespaces and pods',
  interval:
    'How often a full reconciliation runs, besides the changes Kubernetes events report as they happen; longer for larger clusters',
  telemetry: 'Sends the topology of this agent to this console',
} as const;

export interface AgentFormModalProps {
  /** The agent being edited; a new one without it. */
  agent?: Agent;
  /** Whether the person may change agents (agents.manage); without it the form is read-only. */
  canWrite: boolean;
  /** Creates or saves; a rejection is shown in a toast and the form keeps what was typed. */
  onSubmit: (values: AgentFormValues) => Promise<void>;
  /** Asks to delete the agent (the page asks its two questions first). */
  onDelete?: () => void;
  /** Asks for a new access token (the page confirms first). */
  onRotateToken?: () => void;
  onClose: () => void;
}

/**
 * Add an agent, or see and edit one (spec 1 §2, §4, §5): its name (required, fixed once the agent
 * exists), description, properties, and what it does in its cluster. A new agent goes on to its
 * installation instructions ('Next'); a saved one is saved ('Save'), given a new token or deleted.
 */
export function AgentFormModal({
  agent,
  canWrite,
  onSubmit,
  onDelete,
  onRotateToken,
  onClose,
}: AgentFormModalProps) {
  const [values, setValues] = useState<AgentFormValues>(() => agentFormValues(agent));
  const [errors, setErrors] = useState<AgentFormErrors>({});
  const [triedSubmit, setTriedSubmit] = useState(false);
  const editing = agent !== undefined;
  const readOnly = !canWrite;

  const change = (patch: Partial<AgentFormValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    // Once a submit has shown the problems, they follow what is typed.
    if (triedSubmit) setErrors(validateAgentForm(next));
  };

  const submit = async () => {
    setTriedSubmit(true);
    const found = validateAgentForm(values);
    setErrors(found);
    if (Object.keys(found).length === 0) await onSubmit(values);
  };

  return (
    <FormModal
      title={editing ? agent.name : ADD_AGENT_TITLE}
      description={editing ? 'Agent' : undefined}
      variant="medium"
      submitLabel={editing ? 'Save' : 'Next'}
      busyLabel={editing ? 'Saving...' : 'Creating...'}
      canSubmit={!readOnly}
      onSubmit={submit}
      onClose={onClose}
      extraActions={
        editing &&
        !readOnly && (
          <>
            <Button variant="secondary" onClick={onRotateToken}>
              Rotate token
            </Button>
            <Button variant="danger" onClick={onDelete}>
              Delete
            </Button>
          </>
        )
      }
    >
      {(busy) => (
        <>
          {readOnly && (
            <Alert
              variant="info"
              isInline
              isPlain
              title="You may not change agents: this is read-only for you."
            />
          )}
          <TextField
            label="Name"
            isRequired
            value={values.name}
            onChange={(name) => change({ name })}
            isReadOnly={editing}
            isDisabled={busy || (readOnly && !editing)}
            helperText={editing ? undefined : AGENT_HINTS.name}
            error={errors.name}
            autoFocus={!editing}
          />
          <TextAreaField
            label="Description"
            value={values.description}
            onChange={(description) => change({ description })}
            isDisabled={busy || readOnly}
          />
          <FormField label="Properties" helperText={AGENT_HINTS.properties} error={errors.properties}>
            {(input) => (
              <RowsField
                id={input.id}
                row={PROPERTY_ROW}
                rows={values.properties}
                onChange={(properties) => change({ properties })}
                isDisabled={busy || readOnly}
                describedBy={input['aria-describedby']}
              />
            )}
          </FormField>
          <SwitchField
            label="Kubernetes"
            isChecked={values.kubernetesEnabled}
            onChange={(kubernetesEnabled) => change({ kubernetesEnabled })}
            helperText={AGENT_HINTS.kubernetes}
            isDisabled={busy || readOnly}
          />
          {values.kubernetesEnabled && (
            <SelectField
              label="Scrape Interval"
              value={values.kubernetesInterval}
              onChange={(kubernetesInterval) => change({ kubernetesInterval })}
              options={SCRAPE_INTERVALS}
              helperText={AGENT_HINTS.interval}
              isDisabled={busy || readOnly}
            />
          )}
          <SwitchField
            label="Push Telemetry"
            isChecked={values.telemetryEnabled}
            onChange={(telemetryEnabled) => change({ telemetryEnabled })}
            helperText={AGENT_HINTS.telemetry}
            isDisabled={busy || readOnly}
          />
          {values.telemetryEnabled && (
            <TextField
              label="Topology Name"
              value={values.topologyName}
              onChange={(topologyName) => change({ topologyName })}
              isDisabled={busy || readOnly}
            />
          )}
        </>
      )}
    </FormModal>
  );
}
