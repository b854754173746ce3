import { FormGroup, Grid, GridItem } from '@patternfly/react-core';
import { TextField } from '../../../components/Form/index.js';
import { YamlEditor } from '../../../components/YamlEditor/index.js';
import type { LogBackendForm } from './log-backend-form.js';

export interface LogBackendFieldsProps {
  form: LogBackendForm;
  /** A saved backend: name and namespace are fixed. */
  isEdit: boolean;
  /** Nothing can be changed (no write permission, managed elsewhere, or being sent). */
  isDisabled: boolean;
  /** The saved row's source; a new one is made in the UI. */
  source: string | null | undefined;
}

const SPEC_PLACEHOLDER = 'loki:\n  url: http://loki.monitoring:3100';

/** Name, namespace, labels (JSON), spec (YAML) and the read-only source of a log backend. */
export function LogBackendFields({ form, isEdit, isDisabled, source }: LogBackendFieldsProps) {
  const { values, check, change } = form;
  const labelsProblem = check.ok ? undefined : check.labelsProblem;
  const specProblem = check.ok ? undefined : check.specProblem;
  return (
    <>
      <Grid hasGutter md={6}>
        <GridItem md={6}>
          <TextField
            label="Name"
            isRequired
            value={values.name}
            onChange={(value) => change('name', value)}
            error={form.nameError}
            isReadOnly={isEdit}
            isDisabled={!isEdit && isDisabled}
          />
        </GridItem>
        <GridItem md={6}>
          <TextField
            label="Namespace"
            value={values.namespace}
            onChange={(value) => change('namespace', value)}
            isReadOnly={isEdit}
            isDisabled={!isEdit && isDisabled}
          />
        </GridItem>
        <GridItem md={6}>
          <TextField label="Source" value={source ?? 'UI'} onChange={() => {}} isReadOnly />
        </GridItem>
      </Grid>
      <FormGroup label="Labels" role="group">
        <YamlEditor
          aria-label="Labels"
          language="json"
          height="very-small"
          value={values.labelsText}
          onChange={(text) => change('labelsText', text)}
          readOnly={isDisabled}
          diagnostics={labelsProblem ? [labelsProblem] : undefined}
        />
      </FormGroup>
      <FormGroup label="Spec" role="group">
        <YamlEditor
          aria-label="Spec"
          height="small"
          value={values.specText}
          onChange={(text) => change('specText', text)}
          readOnly={isDisabled}
          placeholder={SPEC_PLACEHOLDER}
          diagnostics={specProblem ? [specProblem] : undefined}
        />
      </FormGroup>
    </>
  );
}
