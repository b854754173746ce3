import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Content, Skeleton, Title } from '@patternfly/react-core';
import { FormField, FormModal, TextField } from '../../../components/Form/index.js';
import {
  initialValues,
  PARAM_MESSAGES,
  validateParameters,
  type PlaybookParameter,
} from '../../../../../common/playbook-params.js';
import { ParameterField } from './ParameterField.js';
import { ResourceTypeahead } from './ResourceTypeahead.js';
import {
  givenResource,
  playbookLabel,
  playbookSelectors,
  resourceIds,
  runPlaybook,
  selectedKinds,
  usePlaybookParams,
  type ChosenResource,
  type RunnablePlaybook,
  type RunResource,
} from './run-dialog-api.js';

/** Spec 1 §2: the dialog's empty texts. */
export const SELECT_RESOURCE_FIRST = 'Please select a resource to see the parameters.';
export const NO_PARAMETERS = 'No parameters for this playbook.';

export interface RunPlaybookDialogProps {
  playbook?: RunnablePlaybook;
  /** The resource the run is for, fixed; without it the dialog offers a resource selector. */
  resource?: RunResource;
  onClose(): void;
}

const NO_PARAMS: PlaybookParameter[] = [];

/**
 * The run-playbook dialog (spec 1 §2): the resource (chosen with a search, or fixed), the
 * playbook's parameters for it, and Run, which reads 'Running...' while the run starts and then
 * opens the run; a failure is a toast with the server's text and the values stay as typed.
 */
export function RunPlaybookDialog({ playbook, resource, onClose }: RunPlaybookDialogProps) {
  const navigate = useNavigate();
  const fixed = givenResource(resource);
  const kinds = playbook ? selectedKinds(playbook) : [];
  const needsResource = !fixed && kinds.length > 0;
  const [chosen, setChosen] = useState<ChosenResource>();
  const target = fixed ?? chosen;

  // The values changed by the user; every other parameter shows its default for the resource.
  const [edited, setEdited] = useState<Record<string, string>>({});
  // The resources chosen for resource parameters, to show their names.
  const [paramResources, setParamResources] = useState<Record<string, ChosenResource | undefined>>({});

  const params = usePlaybookParams(
    playbook?.id ?? '',
    !playbook || (needsResource && !chosen) ? null : target,
  );
  const parameters = params.data ?? NO_PARAMS;
  const values: Record<string, string> = { ...initialValues(parameters) };
  for (const param of parameters) if (param.name in edited) values[param.name] = edited[param.name]!;
  const errors = validateParameters(parameters, values);
  // A required field left empty says so once it has been touched; any other problem shows at once.
  const shownError = (name: string) =>
    errors[name] && (name in edited || errors[name] !== PARAM_MESSAGES.required) ? errors[name] : undefined;

  const ready =
    Boolean(playbook?.id) && (!needsResource || chosen !== undefined) && params.data !== undefined;
  const canSubmit = ready && Object.keys(errors).length === 0;

  const submit = async () => {
    if (!playbook) return;
    const runId = await runPlaybook({ id: playbook.id, ...resourceIds(target), params: values });
    onClose();
    void navigate(`/playbooks/runs/${encodeURIComponent(runId)}`);
  };

  const change = (name: string, value: string) => setEdited((all) => ({ ...all, [name]: value }));

  let body;
  if (!playbook) body = null;
  else if (needsResource && !chosen) body = <Content component="p">{SELECT_RESOURCE_FIRST}</Content>;
  else if (params.error) body = <Alert variant="danger" isInline isPlain title={params.error.message} />;
  else if (!params.data) body = <Skeleton screenreaderText="Loading parameters" height="4rem" />;
  else if (parameters.length === 0) body = <Content component="p">{NO_PARAMETERS}</Content>;
  else {
    body = parameters.map((param) => (
      <ParameterField
        key={param.name}
        param={param}
        value={values[param.name] ?? ''}
        onChange={(value) => change(param.name, value)}
        error={shownError(param.name)}
        resource={paramResources[param.name]}
        onResourceChange={(next) => setParamResources((all) => ({ ...all, [param.name]: next }))}
      />
    ));
  }

  return (
    <FormModal
      title={playbook ? playbookLabel(playbook) : 'Run Playbook'}
      variant="medium"
      submitLabel="Run"
      busyLabel="Running..."
      canSubmit={canSubmit}
      onSubmit={submit}
      onClose={onClose}
    >
      {fixed ? (
        <TextField label="Resource" value={fixed.name} onChange={() => {}} isReadOnly />
      ) : (
        needsResource && (
          <FormField label="Resource" isRequired>
            {(input) => (
              <ResourceTypeahead
                id={input.id}
                label="Resource"
                kinds={kinds}
                selectors={playbook ? playbookSelectors(playbook) : undefined}
                value={chosen}
                onChange={(next) => {
                  setChosen(next);
                  setParamResources({});
                }}
              />
            )}
          </FormField>
        )
      )}
      <Title headingLevel="h3" size="md">
        Playbook Parameters
      </Title>
      {body}
    </FormModal>
  );
}
