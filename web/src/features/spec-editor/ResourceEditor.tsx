import { useMemo, useState, type ReactNode } from 'react';
import {
  FormGroup,
  FormHelperText,
  GridItem,
  HelperText,
  HelperTextItem,
  TextInput,
} from '@patternfly/react-core';
import { FIELD_REQUIRED } from '../../components/Form/messages.js';
import { YamlEditor } from '../../components/YamlEditor/index.js';
import type { KubeObject } from './cluster/cluster-api.js';
import { columnsFromSpec, type ResourceKind } from './resource-kinds.js';
import type { SpecRow } from './rows-api.js';
import { KindSpecEditor } from './kind-form/KindSpecEditor.js';
import { currentSpec, formActive, initSpecState, selectTab, type SpecState } from './kind-form/spec-state.js';
import { SpecForm } from './SpecForm.js';
import { useSpecForm } from './use-spec-form.js';
import { specToYaml, useSpecValidation } from '../../components/SpecResource/index.js';

export interface ResourceEditorProps {
  kind: ResourceKind;
  /** The row being edited; without it (and without `clusterObject`) the editor creates one. */
  row?: SpecRow;
  /** A cluster editor: the custom resource as read from the cluster. */
  clusterObject?: KubeObject;
  /** Loads the custom resource again (after a conflict in the cluster). */
  onReload?: () => Promise<void>;
  /** Every field disabled and no buttons (no write permission, or managed elsewhere). */
  readOnly: boolean;
  onSaved: (row: SpecRow, created: boolean) => void;
  onClusterSaved: (object: KubeObject, created: boolean) => void;
  onDeleted?: () => void;
  /** More buttons after Save (Cancel in the add dialog). */
  extraActions?: ReactNode;
  /** A new row's starting spec (a type picker's template); empty by default. */
  initialSpec?: Record<string, unknown>;
}

function startingValues(
  row: SpecRow | undefined,
  object: KubeObject | undefined,
  initialSpec: Record<string, unknown> | undefined,
) {
  if (object) {
    const { name, namespace = 'default', labels } = object.metadata;
    return { name, namespace, labels, spec: object.spec ?? {} };
  }
  return {
    name: row?.name ?? '',
    namespace: row?.namespace ?? 'default',
    labels: row?.labels,
    spec: row?.spec ?? initialSpec ?? {},
  };
}

/**
 * The editor of a Topology, Catalog Scraper or Playbook (spec 3 §2.3): name and namespace (fixed
 * once saved), labels as JSON where the kind has them, and the spec as YAML checked against the
 * kind's schema at its lines, with a Form beside the YAML where the kind has `forms`; saved to the
 * console's database or to the cluster.
 */
export function ResourceEditor({
  kind,
  row,
  clusterObject,
  extraActions,
  initialSpec,
  ...props
}: ResourceEditorProps) {
  const { table, forms } = kind;
  const [start] = useState(() => startingValues(row, clusterObject, initialSpec));
  const [spec, setSpec] = useState<SpecState>(() => initSpecState(forms, start.spec));
  const form = useSpecForm({
    ...props,
    table,
    row,
    clusterObject,
    start,
    messages: kind.messages,
    // The cluster's errors are at lines of the YAML: the Code tab shows them.
    onSpecErrors: forms && (() => setSpec((state) => selectTab(forms, state, 'code'))),
  });
  const [specTouched, setSpecTouched] = useState(false);
  const parsed = useMemo(() => currentSpec(forms, spec), [forms, spec]);
  const codeActive = !formActive(spec);
  // What is saved is what the platform checks: the Code's text, or the YAML of the Form's spec.
  const specText = codeActive ? spec.text : parsed.ok ? specToYaml(parsed.spec) : '';
  // The form rules too (a playbook needs its title here): what the platform would accept may still
  // lack what the console asks of the resources made in it.
  const validation = useSpecValidation(specText, !props.readOnly && (codeActive || parsed.ok), {
    path: `api/specs/${table}/validate?form=true`,
  });
  const { id, labels } = form;

  const changeSpec = (next: SpecState) => {
    form.rowSave.clearRejected();
    setSpec(next);
    setSpecTouched(true);
  };
  const diagnostics = [...validation.diagnostics, ...form.target.specDiagnostics(specText)];

  const save = () => {
    if (!parsed.ok || !labels.ok) return;
    form.save(
      {
        spec: parsed.spec,
        ...(kind.hasLabels ? { labels: labels.labels } : {}),
        ...columnsFromSpec(kind, parsed.spec),
      },
      {
        labels: kind.hasLabels ? labels.labels : clusterObject?.metadata.labels,
        spec: parsed.spec,
        specYaml: specText,
      },
    );
  };

  const title = parsed.ok && typeof parsed.spec.title === 'string' ? parsed.spec.title : '';
  const required = kind.requiresTitleAndSpec === true && !props.readOnly;
  // A new form does not open on an error: it is said once the spec was typed in and emptied.
  const specMissing = required && codeActive && spec.text.trim() === '' && (form.isEdit || specTouched);
  const titleMissing = required && parsed.ok && title.trim() === '';

  return (
    <SpecForm
      form={form}
      noun={kind.title}
      deletion={{
        title: `Delete ${kind.title}`,
        rowQuestion: `Are you sure you want to delete ${kind.title} ${form.names.name}?`,
      }}
      specInvalid={!parsed.ok || validation.invalid || titleMissing}
      onSave={save}
      hasLabels={kind.hasLabels}
      extraActions={extraActions}
      fields={
        kind.specColumns.includes('title') && (
          <GridItem md={6}>
            <FormGroup label="Title" fieldId={id('title')} isRequired={required}>
              <TextInput
                id={id('title')}
                value={title}
                readOnlyVariant="default"
                validated={titleMissing ? 'error' : 'default'}
              />
              <FormHelperText>
                <HelperText>
                  {titleMissing ? (
                    <HelperTextItem variant="error">{FIELD_REQUIRED}: set the spec's title.</HelperTextItem>
                  ) : (
                    <HelperTextItem>The spec's title.</HelperTextItem>
                  )}
                </HelperText>
              </FormHelperText>
            </FormGroup>
          </GridItem>
        )
      }
    >
      {forms ? (
        <KindSpecEditor
          forms={forms}
          state={spec}
          onChange={changeSpec}
          diagnostics={codeActive ? diagnostics : []}
          formProblems={codeActive ? [] : diagnostics.map((problem) => problem.message)}
          isDisabled={form.disabled}
          showAllErrors={form.isEdit}
          placeholder={kind.placeholder}
        />
      ) : (
        <YamlEditor
          aria-label="Spec"
          value={spec.text}
          onChange={(text) => changeSpec({ ...spec, text })}
          readOnly={form.disabled}
          diagnostics={diagnostics}
          placeholder={kind.placeholder}
        />
      )}
      {specMissing && (
        <FormHelperText>
          <HelperText>
            <HelperTextItem variant="error">{FIELD_REQUIRED}</HelperTextItem>
          </HelperText>
        </FormHelperText>
      )}
    </SpecForm>
  );
}
