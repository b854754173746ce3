import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import {
  ActionGroup,
  Alert,
  Button,
  Form,
  FormGroup,
  FormHelperText,
  Grid,
  GridItem,
  HelperText,
  HelperTextItem,
  TextInput,
} from '@patternfly/react-core';
import { errorMessage, useWhoami, type ApiError } from '../../../api/index.js';
import { useToast } from '../../../components/Toasts/index.js';
import { YamlEditor } from '../../../components/YamlEditor/index.js';
import { FIELD_MESSAGES } from '../canaries/check-form.js';
import { FieldError } from '../canaries/FieldError.js';
import { labelsToText, parseLabels } from '../canaries/labels.js';
import { deleteClusterObject, describeRef, type KubeObject } from '../cluster/cluster-api.js';
import { ClusterSaveDialog } from '../cluster/ClusterSaveDialog.js';
import { SaveTarget } from '../cluster/SaveTarget.js';
import { useSaveTarget } from '../cluster/use-save-target.js';
import { DeleteAction } from './DeleteAction.js';
import { columnsFromSpec, type ResourceKind } from './resource-kinds.js';
import { changedValues, createRow, deleteRow, updateRow, type SpecRow } from './rows-api.js';
import { specFromYaml, specToYaml } from './spec-text.js';
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

type Busy = 'saving' | undefined;

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
  const [name, setName] = useState(start.name);
  const [namespace, setNamespace] = useState(start.namespace);
  const [labelsText, setLabelsText] = useState(() => labelsToText(start.labels));
  const [specText, setSpecText] = useState(() => specToYaml(start.spec));
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [busy, setBusy] = useState<Busy>();
  const [rejected, setRejected] = useState<string>();

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
  const required = (value: string) => (value.trim() === '' ? FIELD_MESSAGES.required : undefined);
  const metaErrors = { name: required(name), namespace: required(namespace) };
  const invalid =
    Boolean(metaErrors.name || metaErrors.namespace) || !labels.ok || !parsed.ok || validation.invalid;
  const shownError = (field: 'name' | 'namespace') =>
    isEdit || touched.has(field) ? metaErrors[field] : undefined;
  const touch = (field: string) => setTouched((all) => new Set(all).add(field));
  const disabled = readOnly || busy !== undefined;

  const saveToDatabase = async (spec: Record<string, unknown>) => {
    const fields = {
      name: name.trim(),
      namespace: namespace.trim(),
      spec,
      ...(kind.hasLabels && labels.ok ? { labels: labels.labels } : {}),
      ...columnsFromSpec(kind, spec),
    };
    setBusy('saving');
    setRejected(undefined);
    try {
      const saved = row
        ? await updateRow<SpecRow>(
            table,
            row.id,
            changedValues(row, fields, Object.keys(fields) as (keyof typeof fields)[]),
          )
        : await createRow<SpecRow>(table, fields, whoami?.user.id ?? null);
      toast.success(row ? messages.updated(saved.name) : messages.created(saved.name));
      setBusy(undefined);
      onSaved(saved, !row);
    } catch (failure) {
      // Everything typed stays; an invalid spec (422) also stays on screen next to the buttons.
      toast.error(messages.failed('save', errorMessage(failure)));
      if ((failure as ApiError).status === 422) setRejected(errorMessage(failure));
      setBusy(undefined);
    }
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (readOnly || busy || invalid || target.blocked || !parsed.ok || !labels.ok) return;
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
  const metaField = (field: 'name' | 'namespace', label: string, value: string, set: (v: string) => void) => (
    <GridItem md={6}>
      <FormGroup label={label} fieldId={id(field)} isRequired>
        <TextInput
          id={id(field)}
          value={value}
          onChange={(_event, next) => {
            touch(field);
            set(next);
          }}
          onBlur={() => touch(field)}
          readOnlyVariant={isEdit ? 'default' : undefined}
          isDisabled={!isEdit && disabled}
          validated={shownError(field) ? 'error' : 'default'}
          aria-describedby={shownError(field) ? id(`${field}-error`) : undefined}
        />
        <FieldError id={id(`${field}-error`)} error={shownError(field)} />
      </FormGroup>
    </GridItem>
  );

  return (
    <Form onSubmit={save} noValidate>
      <Grid hasGutter md={6}>
        {metaField('name', 'Name', name, setName)}
        {metaField('namespace', 'Namespace', namespace, setNamespace)}
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
        <FormGroup label="Labels" fieldId={id('labels')} role="group">
          <YamlEditor
            aria-label="Labels"
            language="json"
            height="very-small"
            value={labelsText}
            onChange={setLabelsText}
            readOnly={disabled}
            diagnostics={labels.ok ? undefined : [labels.diagnostic]}
          />
        </FormGroup>
      )}
      <FormGroup label="Spec" fieldId={id('spec')} role="group">
        <YamlEditor
          aria-label="Spec"
          value={specText}
          onChange={(text) => {
            setRejected(undefined);
            setSpecText(text);
          }}
          readOnly={disabled}
          diagnostics={[...validation.diagnostics, ...target.specDiagnostics(specText)]}
          placeholder={kind.placeholder}
        />
      </FormGroup>
      {!readOnly && <SaveTarget {...target.targetProps} isDisabled={busy !== undefined} />}
      {rejected && (
        <Alert variant="danger" isInline title={`The server did not accept this ${kind.title}`}>
          {rejected}
        </Alert>
      )}
      {!readOnly && (
        <ActionGroup>
          <Button
            type="submit"
            variant="primary"
            isDisabled={invalid || target.blocked || busy !== undefined}
            isLoading={busy === 'saving'}
          >
            {busy === 'saving' ? (isEdit ? 'Updating' : 'Saving') : isEdit ? 'Update' : 'Save'}
          </Button>
          {extraActions}
          {isEdit && (
            <DeleteAction
              title={`Delete ${kind.title}`}
              body={
                clusterObject
                  ? `Are you sure you want to delete ${describeRef(clusterRef)} from the cluster?`
                  : `Are you sure you want to delete ${kind.title} ${name}?`
              }
              onDelete={remove}
              isDisabled={busy !== undefined}
            />
          )}
        </ActionGroup>
      )}
      <ClusterSaveDialog {...target.dialogProps} />
    </Form>
  );
}
