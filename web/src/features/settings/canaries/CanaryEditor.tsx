import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import {
  ActionGroup,
  Alert,
  Button,
  Form,
  FormGroup,
  FormSelect,
  FormSelectOption,
  Grid,
  GridItem,
  TextInput,
} from '@patternfly/react-core';
import { errorMessage, useWhoami, type ApiError } from '../../../api/index.js';
import { useToast } from '../../../components/Toasts/index.js';
import { YamlEditor } from '../../../components/YamlEditor/index.js';
import { deleteClusterObject, describeRef, type KubeObject } from '../cluster/cluster-api.js';
import { ClusterSaveDialog } from '../cluster/ClusterSaveDialog.js';
import { SaveTarget } from '../cluster/SaveTarget.js';
import { useSaveTarget } from '../cluster/use-save-target.js';
import { DeleteAction } from '../resource-editor/DeleteAction.js';
import { useSpecValidation } from '../resource-editor/use-spec-validation.js';
import {
  CANARY_MESSAGES,
  changedFields,
  createCanary,
  DEFAULT_SCHEDULE,
  deleteCanary,
  SCHEDULES,
  updateCanary,
  VALIDATE_PATH,
  type Canary,
  type CanaryFields,
} from './canaries-api.js';
import { canaryFromObject, canarySpecOf } from './canary-cluster.js';
import { FIELD_MESSAGES } from './check-form.js';
import { FieldError } from './FieldError.js';
import { labelsToText, parseLabels } from './labels.js';
import { SpecEditor } from './SpecEditor.js';
import {
  currentSpec,
  initSpecState,
  newSpec,
  selectTab,
  specFromText,
  specToYaml,
  type SpecState,
} from './spec-state.js';

export interface CanaryEditorProps {
  /** The row being edited; without it (and without `clusterObject`) the editor creates one. */
  canary?: Canary;
  /** A cluster editor: the Canary as read from the cluster. */
  clusterObject?: KubeObject;
  /** Loads the Canary again (after a conflict in the cluster). */
  onReload?: () => Promise<void>;
  /** Create: the kind picked (undefined for Custom, code only). */
  kind?: string;
  /** Every field disabled and no buttons (no write permission, or managed elsewhere). */
  readOnly: boolean;
  onSaved: (canary: Canary, created: boolean) => void;
  onClusterSaved: (object: KubeObject, created: boolean) => void;
  onDeleted?: (canary: Canary) => void;
  /** More buttons after Save (Back, Cancel in the add dialog). */
  extraActions?: ReactNode;
}

type Busy = 'saving' | undefined;

const validator = { path: VALIDATE_PATH, parse: specFromText };

/**
 * The Health Check editor (spec 3 §2.3): name, namespace, icon, labels, schedule and the spec;
 * saved to the console's database or, as a Canary, to the cluster.
 */
export function CanaryEditor({
  canary: row,
  clusterObject,
  onReload,
  kind,
  readOnly,
  onSaved,
  onClusterSaved,
  onDeleted,
  extraActions,
}: CanaryEditorProps) {
  const idPrefix = useId();
  const id = (field: string) => `${idPrefix}-${field}`;
  const toast = useToast();
  const { data: whoami } = useWhoami();
  const [canary] = useState(() => (clusterObject ? canaryFromObject(clusterObject) : row));
  const isEdit = canary !== undefined;

  const [name, setName] = useState(canary?.name ?? '');
  const [namespace, setNamespace] = useState(canary?.namespace ?? 'default');
  const [icon, setIcon] = useState(canary?.icon ?? '');
  const [schedule, setSchedule] = useState(canary ? (canary.schedule ?? '') : DEFAULT_SCHEDULE);
  const [labelsText, setLabelsText] = useState(() => labelsToText(canary?.labels));
  const [spec, setSpec] = useState<SpecState>(() =>
    initSpecState(canary ? (canary.spec ?? {}) : newSpec(kind)),
  );
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [busy, setBusy] = useState<Busy>();
  const [rejected, setRejected] = useState<string>();
  const target = useSaveTarget({
    table: 'canaries',
    clusterObject,
    onReload,
    onClusterSaved: (object, created) => {
      const { name: saved } = object.metadata;
      toast.success(created ? CANARY_MESSAGES.created(saved) : CANARY_MESSAGES.updated(saved));
      onClusterSaved(object, created);
    },
    // The cluster's errors are at lines of the YAML: the Code tab shows them.
    onSpecErrors: () => setSpec((state) => selectTab(state, 'code')),
  });

  const labels = useMemo(() => parseLabels(labelsText), [labelsText]);
  const codeActive = spec.tab === 'code' || Boolean(spec.formBlocked);
  const validation = useSpecValidation(spec.text, codeActive && !readOnly, validator);
  const specResult = currentSpec(spec);
  const required = (value: string) => (value.trim() === '' ? FIELD_MESSAGES.required : undefined);
  const metaErrors = { name: required(name), namespace: required(namespace) };
  const invalid =
    Boolean(metaErrors.name || metaErrors.namespace) ||
    !labels.ok ||
    !specResult.ok ||
    (codeActive && validation.invalid);
  const shownError = (field: 'name' | 'namespace') =>
    isEdit || touched.has(field) ? metaErrors[field] : undefined;
  const touch = (field: string) => setTouched((all) => new Set(all).add(field));

  // A new check takes the health check's name until it is given its own.
  const rename = (next: string) => {
    touch('name');
    if (!isEdit && spec.tab === 'form' && spec.values.name === name) {
      setSpec({ ...spec, values: { ...spec.values, name: next } });
    }
    setName(next);
  };

  const changeSpec = (next: SpecState) => {
    setRejected(undefined);
    setSpec(next);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (readOnly || busy || invalid || target.blocked || !specResult.ok || !labels.ok) return;
    const fields: CanaryFields = {
      name: name.trim(),
      namespace: namespace.trim(),
      icon: icon.trim() === '' ? null : icon.trim(),
      labels: labels.labels,
      schedule: schedule === '' ? null : schedule,
      spec: specResult.spec,
    };
    if (target.toCluster) {
      target.saveToCluster(
        { namespace: fields.namespace, name: fields.name },
        {
          labels: fields.labels ?? {},
          spec: canarySpecOf(fields),
          specYaml: codeActive ? spec.text : specToYaml(specResult.spec),
        },
      );
      return;
    }
    setBusy('saving');
    setRejected(undefined);
    try {
      const saved = canary
        ? await updateCanary(canary.id, changedFields(canary, fields))
        : await createCanary(fields, whoami?.user.id ?? null);
      toast.success(canary ? CANARY_MESSAGES.updated(saved.name) : CANARY_MESSAGES.created(saved.name));
      setBusy(undefined);
      onSaved(saved, !canary);
    } catch (failure) {
      // Everything typed stays; an invalid spec (422) also stays on screen next to the buttons.
      toast.error(failure);
      if ((failure as ApiError).status === 422) setRejected(errorMessage(failure));
      setBusy(undefined);
    }
  };

  const clusterRef = { table: 'canaries', namespace, name } as const;
  const remove = async () => {
    if (!canary) return;
    try {
      if (clusterObject) await deleteClusterObject(clusterRef);
      else await deleteCanary(canary.id);
    } catch (failure) {
      toast.error(failure);
      throw failure;
    }
    toast.success(CANARY_MESSAGES.deleted(canary.name));
    onDeleted?.(canary);
  };

  const disabled = readOnly || busy !== undefined;
  const scheduleOptions = [...(schedule === '' ? [''] : []), ...SCHEDULES];
  if (schedule !== '' && !scheduleOptions.includes(schedule)) scheduleOptions.push(schedule);

  return (
    <Form onSubmit={save} noValidate>
      <Grid hasGutter md={6}>
        <GridItem md={6}>
          <FormGroup label="Name" fieldId={id('name')} isRequired>
            <TextInput
              id={id('name')}
              value={name}
              onChange={(_event, value) => rename(value)}
              onBlur={() => touch('name')}
              readOnlyVariant={isEdit ? 'default' : undefined}
              isDisabled={!isEdit && disabled}
              validated={shownError('name') ? 'error' : 'default'}
              aria-describedby={shownError('name') ? id('name-error') : undefined}
            />
            <FieldError id={id('name-error')} error={shownError('name')} />
          </FormGroup>
        </GridItem>
        <GridItem md={6}>
          <FormGroup label="Namespace" fieldId={id('namespace')} isRequired>
            <TextInput
              id={id('namespace')}
              value={namespace}
              onChange={(_event, value) => {
                touch('namespace');
                setNamespace(value);
              }}
              readOnlyVariant={isEdit ? 'default' : undefined}
              isDisabled={!isEdit && disabled}
              validated={shownError('namespace') ? 'error' : 'default'}
              aria-describedby={shownError('namespace') ? id('namespace-error') : undefined}
            />
            <FieldError id={id('namespace-error')} error={shownError('namespace')} />
          </FormGroup>
        </GridItem>
        <GridItem md={6}>
          <FormGroup label="Icon" fieldId={id('icon')}>
            <TextInput
              id={id('icon')}
              value={icon}
              onChange={(_event, value) => setIcon(value)}
              isDisabled={disabled}
            />
          </FormGroup>
        </GridItem>
        <GridItem md={6}>
          <FormGroup label="Schedule" fieldId={id('schedule')}>
            <FormSelect
              id={id('schedule')}
              value={schedule}
              onChange={(_event, value) => setSchedule(value)}
              isDisabled={disabled}
            >
              {scheduleOptions.map((option) => (
                <FormSelectOption key={option} value={option} label={option === '' ? 'Not set' : option} />
              ))}
            </FormSelect>
          </FormGroup>
        </GridItem>
      </Grid>
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
      <FormGroup label="Spec" fieldId={id('spec')} role="group">
        <SpecEditor
          state={spec}
          onChange={changeSpec}
          diagnostics={[...validation.diagnostics, ...target.specDiagnostics(spec.text)]}
          isDisabled={disabled}
          showAllErrors={isEdit}
        />
      </FormGroup>
      {!readOnly && <SaveTarget {...target.targetProps} isDisabled={busy !== undefined} />}
      {rejected && (
        <Alert variant="danger" isInline title="The server did not accept this health check">
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
          {canary && (
            <DeleteAction
              title="Delete Health Check"
              body={
                clusterObject
                  ? `Are you sure you want to delete ${describeRef(clusterRef)} from the cluster?`
                  : `Are you sure you want to delete the health check ${canary.name}?`
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
