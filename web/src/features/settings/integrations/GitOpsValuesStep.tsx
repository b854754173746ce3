import { useState } from 'react';
import {
  Alert,
  Button,
  FormGroup,
  Grid,
  GridItem,
  List,
  ListItem,
  ModalBody,
  ModalFooter,
  Skeleton,
  Stack,
  Tab,
  Tabs,
  TabTitleText,
} from '@patternfly/react-core';
import {
  GITOPS_WARNING,
  helmInstallCommand,
  type GitOpsIntegration,
} from '../../../../../common/integrations.js';
import { errorMessage } from '../../../api/index.js';
import { CodeViewer } from '../../../components/CodeViewer/index.js';
import { FIELD_REQUIRED, TextField } from '../../../components/Form/index.js';
import { useToast } from '../../../components/Toasts/index.js';
import { YamlEditor } from '../../../components/YamlEditor/index.js';
import { fluxManifests } from './flux-manifests.js';
import { useGitOpsValues } from './gitops-values.js';
import { applyIntegration, useChart, type AppliedObject } from './integrations-api.js';

export const UNREACHABLE_TITLE =
  "The chart repository can't be reached: the values are not checked against the chart's schema";

export interface GitOpsValuesStepProps {
  integration: GitOpsIntegration;
  onBack: () => void;
  onClose: () => void;
  /** After Apply created the objects: the caller refreshes the list and closes. */
  onApplied: () => void;
}

const describeObject = (object: AppliedObject) =>
  object.namespace === undefined
    ? `${object.kind} ${object.name} ${object.action}`
    : `${object.kind} ${object.namespace}/${object.name} ${object.action}`;

/**
 * A GitOps tile's values (spec 3 §2.3): the release's name, namespace and interval and the chart
 * values as YAML, checked by the server against the chart's values schema as they are typed; a
 * preview of the Flux manifests and the Helm command; Apply (when the console has a cluster with
 * Flux) creates the Flux objects, and the namespace when missing. Where Apply cannot work, the
 * footer says why instead.
 */
export function GitOpsValuesStep({ integration, onBack, onClose, onApplied }: GitOpsValuesStepProps) {
  const { data: chart, error: chartError, isLoading } = useChart(integration.key);
  const form = useGitOpsValues(integration, chart);
  const toast = useToast();
  const [tab, setTab] = useState<'flux' | 'helm'>('flux');
  const [applying, setApplying] = useState(false);
  const [applyError, setApplyError] = useState<string>();
  const unreachable = chartError ? errorMessage(chartError) : chart?.schema ? undefined : chart?.error;
  const canApply = chart?.canApply === true;

  const apply = async () => {
    if (!form.release || form.invalid || form.checking || applying) return;
    const { name, namespace, interval, values, version } = form.release;
    setApplying(true);
    setApplyError(undefined);
    try {
      const { objects } = await applyIntegration({
        key: integration.key,
        name,
        namespace,
        interval,
        values,
        version,
      });
      toast.success(
        <>
          {integration.title} applied
          <List>
            {objects.map((object) => (
              <ListItem key={`${object.kind}/${object.namespace}/${object.name}`}>
                {describeObject(object)}
              </ListItem>
            ))}
          </List>
        </>,
      );
      onApplied();
    } catch (error) {
      setApplyError(errorMessage(error));
    } finally {
      setApplying(false);
    }
  };

  const preview = form.release && (
    <Tabs activeKey={tab} onSelect={(_event, key) => setTab(key as 'flux' | 'helm')} aria-label="Preview">
      <Tab eventKey="flux" title={<TabTitleText>Flux</TabTitleText>}>
        <CodeViewer
          aria-label="Flux manifests"
          language="yaml"
          height="medium"
          value={fluxManifests(form.release)}
        />
      </Tab>
      <Tab eventKey="helm" title={<TabTitleText>Helm CLI</TabTitleText>}>
        <CodeViewer aria-label="Helm CLI command" height="small" value={helmInstallCommand(form.release)} />
      </Tab>
    </Tabs>
  );

  return (
    <>
      <ModalBody>
        <Stack hasGutter>
          <Alert variant="warning" isInline title={GITOPS_WARNING} />
          {isLoading ? (
            <Skeleton screenreaderText="Loading the chart" height="2rem" />
          ) : (
            unreachable && (
              <Alert variant="info" isInline title={UNREACHABLE_TITLE}>
                {unreachable}
              </Alert>
            )
          )}
          <Grid hasGutter>
            <GridItem md={6}>
              <Stack hasGutter>
                <TextField
                  label="Release name"
                  value={form.fields.name}
                  onChange={form.set.name}
                  helperText={`Default ${integration.chart}`}
                />
                <TextField
                  label="Namespace"
                  isRequired
                  value={form.fields.namespace}
                  onChange={form.set.namespace}
                  error={form.missing.namespace ? FIELD_REQUIRED : undefined}
                />
                <TextField
                  label="Interval"
                  isRequired
                  value={form.fields.interval}
                  onChange={form.set.interval}
                  error={form.missing.interval ? FIELD_REQUIRED : undefined}
                />
                <FormGroup label="Values" role="group">
                  <YamlEditor
                    aria-label="Values"
                    value={form.fields.valuesText}
                    onChange={form.set.valuesText}
                    diagnostics={form.diagnostics}
                    placeholder="replicas: 2"
                    helperText={
                      form.unchecked ??
                      (form.checked
                        ? `Checked against the values schema of ${integration.chart}.`
                        : undefined)
                    }
                  />
                </FormGroup>
              </Stack>
            </GridItem>
            <GridItem md={6}>
              {preview ?? (
                <Alert variant="info" isInline isPlain title="Fix the values to see the preview." />
              )}
            </GridItem>
          </Grid>
          {applyError && (
            <Alert variant="danger" isInline title="The integration was not applied">
              {applyError}
            </Alert>
          )}
        </Stack>
      </ModalBody>
      <ModalFooter>
        {canApply ? (
          <Button
            variant="primary"
            onClick={() => void apply()}
            isDisabled={form.invalid || form.checking || applying}
            isLoading={applying}
          >
            Apply
          </Button>
        ) : (
          chart?.applyUnavailable && (
            <Alert
              variant="info"
              isInline
              isPlain
              title={chart.applyUnavailable}
              style={{ marginInlineEnd: 'var(--pf-t--global--spacer--md)' }}
            />
          )
        )}
        <Button variant="secondary" onClick={onBack} isDisabled={applying}>
          Back
        </Button>
        <Button variant="link" onClick={onClose} isDisabled={applying}>
          Close
        </Button>
      </ModalFooter>
    </>
  );
}
