import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import {
  Form,
  FormGroup,
  FormSelect,
  FormSelectOption,
  Grid,
  GridItem,
  TextInput,
} from '@patternfly/react-core';
import { useWhoami } from '../../../api/index.js';
import { useToast } from '../../../components/Toasts/index.js';
import {
  deleteClusterObject,
  type KubeObject,
  useSaveTarget,
  EditorActions,
  NameFields,
  useNameFields,
  useRowSave,
  useSpecValidation,
  labelsToText,
  parseLabels,
  LabelsField,
} from '../../spec-editor/index.js';
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

  const names = useNameFields(
    { name: canary?.name ?? '', namespace: canary?.namespace ?? 'default' },
    isEdit,
  );
  const { name, namespace } = names;
  const [icon, setIcon] = useState(canary?.icon ?? '');
  const [schedule, setSchedule] = useState(canary ? (canary.schedule ?? '') : DEFAULT_SCHEDULE);
  const [labelsText, setLabelsText] = useState(() => labelsToText(canary?.labels));
  const [spec, setSpec] = useState<SpecState>(() =>
    initSpecState(canary ? (canary.spec ?? {}) : newSpec(kind)),
  );
  const rowSave = useRowSave();
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
  const invalid = names.invalid || !labels.ok || !specResult.ok || (codeActive && validation.invalid);

  // A new check takes the health check's name until it is given its own.
  const renameCheck = (next: string) => {
    if (!isEdit && spec.tab === 'form' && spec.values.name === name) {
      setSpec({ ...spec, values: { ...spec.values, name: next } });
    }
  };

  const changeSpec = (next: SpecState) => {
    rowSave.clearRejected();
    setSpec(next);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (readOnly || rowSave.saving || invalid || target.blocked || !specResult.ok || !labels.ok) return;
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
    void rowSave.save(
      () =>
        canary
          ? updateCanary(canary.id, changedFields(canary, fields))
          : createCanary(fields, whoami?.user.id ?? null),
      {
        saved: (saved) => {
          toast.success(canary ? CANARY_MESSAGES.updated(saved.name) : CANARY_MESSAGES.created(saved.name));
          onSaved(saved, !canary);
        },
        failed: toast.error,
      },
    );
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

  const disabled = readOnly || rowSave.saving;
  const scheduleOptions = [...(schedule === '' ? [''] : []), ...SCHEDULES];
  if (schedule !== '' && !scheduleOptions.includes(schedule)) scheduleOptions.push(schedule);

  return (
    <Form onSubmit={save} noValidate>
      <Grid hasGutter md={6}>
        <NameFields fields={names} id={id} isEdit={isEdit} isDisabled={disabled} onNameChange={renameCheck} />
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
      <LabelsField
        fieldId={id('labels')}
        text={labelsText}
        labels={labels}
        onChange={setLabelsText}
        readOnly={disabled}
      />
      <FormGroup label="Spec" fieldId={id('spec')} role="group">
        <SpecEditor
          state={spec}
          onChange={changeSpec}
          diagnostics={[...validation.diagnostics, ...target.specDiagnostics(spec.text)]}
          isDisabled={disabled}
          showAllErrors={isEdit}
        />
      </FormGroup>
      <EditorActions
        target={target}
        readOnly={readOnly}
        isEdit={isEdit}
        saving={rowSave.saving}
        invalid={invalid}
        rejected={rowSave.rejected}
        noun="health check"
        extraActions={extraActions}
        deletion={
          canary && {
            title: 'Delete Health Check',
            rowQuestion: `Are you sure you want to delete the health check ${canary.name}?`,
            clusterRef,
            onDelete: remove,
          }
        }
      />
    </Form>
  );
}
