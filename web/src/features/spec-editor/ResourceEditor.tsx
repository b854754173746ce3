import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import {
  Form,
  FormGroup,
  FormHelperText,
  Grid,
  GridItem,
  HelperText,
  HelperTextItem,
  TextInput,
} from '@patternfly/react-core';
import { errorMessage, useWhoami } from '../../api/index.js';
import { useToast } from '../../components/Toasts/index.js';
import { YamlEditor } from '../../components/YamlEditor/index.js';
import { labelsToText, parseLabels } from './labels.js';
import { LabelsField } from './LabelsField.js';
import { deleteClusterObject, type KubeObject } from './cluster/cluster-api.js';
import { useSaveTarget } from './cluster/use-save-target.js';
import { EditorActions } from './EditorActions.js';
import { NameFields } from './NameFields.js';
import { columnsFromSpec, type ResourceKind } from './resource-kinds.js';
import { changedValues, createRow, deleteRow, updateRow, type SpecRow } from './rows-api.js';
import { specFromYaml, specToYaml } from './spec-text.js';
import { useNameFields } from './use-name-fields.js';
import { useRowSave } from './use-row-save.js';
import { useSpecValidation } from './use-spec-validation.js';

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
}

function startingValues(row: SpecRow | undefined, object: KubeObject | undefined) {
  if (object) {
    const { name, namespace = 'default', labels } = object.metadata;
    return { name, namespace, labels, spec: object.spec ?? {} };
  }
  return {
    name: row?.name ?? '',
    namespace: row?.namespace ?? 'default',
    labels: row?.labels,
    spec: row?.spec ?? {},
  };
}

/**
 * The editor of a Topology, Catalog Scraper or Playbook (spec 3 §2.3): name and namespace (fixed
 * once saved), labels as JSON where the kind has them, and the spec as YAML checked against the
 * kind's schema at its lines; saved to the console's database or to the cluster.
 */
export function ResourceEditor({
  kind,
  row,
  clusterObject,
  onReload,
  readOnly,
  onSaved,
  onClusterSaved,
  onDeleted,
  extraActions,
}: ResourceEditorProps) {
  const idPrefix = useId();
  const id = (field: string) => `${idPrefix}-${field}`;
  const toast = useToast();
  const { data: whoami } = useWhoami();
  const isEdit = row !== undefined || clusterObject !== undefined;
  const { table, messages } = kind;

  const [start] = useState(() => startingValues(row, clusterObject));
  const names = useNameFields(start, isEdit);
  const { name, namespace } = names;
  const [labelsText, setLabelsText] = useState(() => labelsToText(start.labels));
  const [specText, setSpecText] = useState(() => specToYaml(start.spec));
  const rowSave = useRowSave();

  const target = useSaveTarget({
    table,
    clusterObject,
    onReload,
    onClusterSaved: (object, created) => {
      toast.success(
        created ? messages.created(object.metadata.name) : messages.updated(object.metadata.name),
      );
      onClusterSaved(object, created);
    },
  });
  const labels = useMemo(() => parseLabels(labelsText), [labelsText]);
  const parsed = useMemo(() => specFromYaml(specText), [specText]);
  const validation = useSpecValidation(specText, !readOnly, { path: `api/specs/${table}/validate` });
  const invalid = names.invalid || !labels.ok || !parsed.ok || validation.invalid;
  const disabled = readOnly || rowSave.saving;

  const saveToDatabase = (spec: Record<string, unknown>) => {
    const fields = {
      name: name.trim(),
      namespace: namespace.trim(),
      spec,
      ...(kind.hasLabels && labels.ok ? { labels: labels.labels } : {}),
      ...columnsFromSpec(kind, spec),
    };
    return rowSave.save(
      () =>
        row
          ? updateRow<SpecRow>(
              table,
              row.id,
              changedValues(row, fields, Object.keys(fields) as (keyof typeof fields)[]),
            )
          : createRow<SpecRow>(table, fields, whoami?.user.id ?? null),
      {
        saved: (saved) => {
          toast.success(row ? messages.updated(saved.name) : messages.created(saved.name));
          onSaved(saved, !row);
        },
        failed: (failure) => toast.error(messages.failed('save', errorMessage(failure))),
      },
    );
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (readOnly || rowSave.saving || invalid || target.blocked || !parsed.ok || !labels.ok) return;
    if (!target.toCluster) return void saveToDatabase(parsed.spec);
    target.saveToCluster(
      { namespace: namespace.trim(), name: name.trim() },
      {
        labels: kind.hasLabels ? labels.labels : clusterObject?.metadata.labels,
        spec: parsed.spec,
        specYaml: specText,
      },
    );
  };

  const clusterRef = { table, namespace, name };
  const remove = async () => {
    try {
      if (clusterObject) await deleteClusterObject(clusterRef);
      else await deleteRow(table, row!.id);
    } catch (failure) {
      toast.error(messages.failed('delete', errorMessage(failure)));
      throw failure;
    }
    toast.success(messages.deleted(name));
    onDeleted?.();
  };

  const title = parsed.ok && typeof parsed.spec.title === 'string' ? parsed.spec.title : '';

  return (
    <Form onSubmit={save} noValidate>
      <Grid hasGutter md={6}>
        <NameFields fields={names} id={id} isEdit={isEdit} isDisabled={disabled} />
        {kind.specColumns.includes('title') && (
          <GridItem md={6}>
            <FormGroup label="Title" fieldId={id('title')}>
              <TextInput id={id('title')} value={title} readOnlyVariant="default" />
              <FormHelperText>
                <HelperText>
                  <HelperTextItem>The spec's title.</HelperTextItem>
                </HelperText>
              </FormHelperText>
            </FormGroup>
          </GridItem>
        )}
      </Grid>
      {kind.hasLabels && (
        <LabelsField
          fieldId={id('labels')}
          text={labelsText}
          labels={labels}
          onChange={setLabelsText}
          readOnly={disabled}
        />
      )}
      <FormGroup label="Spec" fieldId={id('spec')} role="group">
        <YamlEditor
          aria-label="Spec"
          value={specText}
          onChange={(text) => {
            rowSave.clearRejected();
            setSpecText(text);
          }}
          readOnly={disabled}
          diagnostics={[...validation.diagnostics, ...target.specDiagnostics(specText)]}
          placeholder={kind.placeholder}
        />
      </FormGroup>
      <EditorActions
        target={target}
        readOnly={readOnly}
        isEdit={isEdit}
        saving={rowSave.saving}
        invalid={invalid}
        rejected={rowSave.rejected}
        noun={kind.title}
        extraActions={extraActions}
        deletion={
          isEdit
            ? {
                title: `Delete ${kind.title}`,
                rowQuestion: `Are you sure you want to delete ${kind.title} ${name}?`,
                clusterRef,
                onDelete: remove,
              }
            : undefined
        }
      />
    </Form>
  );
}
