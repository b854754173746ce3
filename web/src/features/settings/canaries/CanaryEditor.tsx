import { useState, type ReactNode } from 'react';
import { GridItem } from '@patternfly/react-core';
import { SelectField, TextField } from '../../../components/Form/index.js';
import {
  type KubeObject,
  SCHEDULES,
  SpecForm,
  useSpecForm,
  useSpecValidation,
} from '../../spec-editor/index.js';
import {
  CANARY_MESSAGES,
  DEFAULT_SCHEDULE,
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
  onDeleted?: () => void;
  /** More buttons after Save (Back, Cancel in the add dialog). */
  extraActions?: ReactNode;
}

const validator = { path: VALIDATE_PATH, parse: specFromText };

/** The schedules offered: spec 3 §9's, with 'Not set' and the saved one where they are not among them. */
function scheduleOptions(schedule: string) {
  const options = [...(schedule === '' ? [''] : []), ...SCHEDULES];
  if (schedule !== '' && !options.includes(schedule)) options.push(schedule);
  return options.map((value) => ({ value, label: value === '' ? 'Not set' : value }));
}

/**
 * The Health Check editor (spec 3 §2.3): name, namespace, icon, labels, schedule and the spec;
 * saved to the console's database or, as a Canary, to the cluster.
 */
export function CanaryEditor({
  canary: row,
  clusterObject,
  kind,
  extraActions,
  ...props
}: CanaryEditorProps) {
  const [canary] = useState(() => (clusterObject ? canaryFromObject(clusterObject) : row));
  const [spec, setSpec] = useState<SpecState>(() =>
    initSpecState(canary ? (canary.spec ?? {}) : newSpec(kind)),
  );
  const form = useSpecForm({
    ...props,
    table: 'canaries',
    row,
    clusterObject,
    start: { name: canary?.name ?? '', namespace: canary?.namespace ?? 'default', labels: canary?.labels },
    messages: CANARY_MESSAGES,
    // The cluster's errors are at lines of the YAML: the Code tab shows them.
    onSpecErrors: () => setSpec((state) => selectTab(state, 'code')),
  });
  const { id, isEdit, labels, disabled } = form;
  const [icon, setIcon] = useState(canary?.icon ?? '');
  const [schedule, setSchedule] = useState(canary ? (canary.schedule ?? '') : DEFAULT_SCHEDULE);

  const codeActive = spec.tab === 'code' || Boolean(spec.formBlocked);
  const validation = useSpecValidation(spec.text, codeActive && !props.readOnly, validator);
  const specResult = currentSpec(spec);

  // A new check takes the health check's name until it is given its own.
  const renameCheck = (next: string) => {
    if (!isEdit && spec.tab === 'form' && spec.values.name === form.names.name) {
      setSpec({ ...spec, values: { ...spec.values, name: next } });
    }
  };

  const changeSpec = (next: SpecState) => {
    form.rowSave.clearRejected();
    setSpec(next);
  };

  const save = () => {
    if (!specResult.ok || !labels.ok) return;
    const fields: CanaryFields = {
      icon: icon.trim() === '' ? null : icon.trim(),
      labels: labels.labels,
      schedule: schedule === '' ? null : schedule,
      spec: specResult.spec,
    };
    form.save(fields, {
      labels: labels.labels,
      spec: canarySpecOf(fields),
      specYaml: codeActive ? spec.text : specToYaml(specResult.spec),
    });
  };

  return (
    <SpecForm
      form={form}
      noun="health check"
      deletion={{
        title: 'Delete Health Check',
        rowQuestion: `Are you sure you want to delete the health check ${form.names.name}?`,
      }}
      specInvalid={!specResult.ok || (codeActive && validation.invalid)}
      onSave={save}
      onNameChange={renameCheck}
      extraActions={extraActions}
      fields={
        <>
          <GridItem md={6}>
            <TextField label="Icon" id={id('icon')} value={icon} onChange={setIcon} isDisabled={disabled} />
          </GridItem>
          <GridItem md={6}>
            <SelectField
              label="Schedule"
              id={id('schedule')}
              value={schedule}
              onChange={setSchedule}
              options={scheduleOptions(schedule)}
              isDisabled={disabled}
            />
          </GridItem>
        </>
      }
    >
      <SpecEditor
        state={spec}
        onChange={changeSpec}
        diagnostics={[...validation.diagnostics, ...form.target.specDiagnostics(spec.text)]}
        isDisabled={disabled}
        showAllErrors={isEdit}
      />
    </SpecForm>
  );
}
