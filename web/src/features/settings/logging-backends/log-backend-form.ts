// The log backend form's rules (spec 1 §5: Add/Update is disabled while the form is invalid).
import { useState } from 'react';
import { FIELD_REQUIRED } from '../../../components/Form/index.js';
import type { EditorDiagnostic } from '../../../components/YamlEditor/index.js';
import { labelsToText, parseLabels, specFromYaml, specToYaml } from '../../spec-editor/index.js';
import type { LogBackendFields, LogBackendRow } from './logging-backends-api.js';

export interface LogBackendValues {
  name: string;
  namespace: string;
  labelsText: string;
  specText: string;
}

export type LogBackendCheck =
  | { ok: true; fields: LogBackendFields }
  | {
      ok: false;
      nameError?: string;
      labelsProblem?: EditorDiagnostic;
      specProblem?: EditorDiagnostic;
    };

export const DEFAULT_NAMESPACE = 'default';

export const valuesOf = (row?: LogBackendRow): LogBackendValues => ({
  name: row?.name ?? '',
  namespace: row?.namespace ?? DEFAULT_NAMESPACE,
  labelsText: labelsToText(row?.labels),
  specText: specToYaml(row?.spec ?? {}),
});

/**
 * The fields to write, or what is wrong: the name is required, labels must be a JSON object of
 * texts, the spec a YAML mapping (empty is an empty spec).
 */
export function checkLogBackend(values: LogBackendValues): LogBackendCheck {
  const nameError = values.name.trim() === '' ? FIELD_REQUIRED : undefined;
  const labels = parseLabels(values.labelsText);
  const spec =
    values.specText.trim() === '' ? { ok: true as const, spec: {} } : specFromYaml(values.specText);
  if (!nameError && labels.ok && spec.ok) {
    return {
      ok: true,
      fields: {
        name: values.name.trim(),
        namespace: values.namespace.trim() || DEFAULT_NAMESPACE,
        labels: labels.labels,
        spec: spec.spec,
      },
    };
  }
  return {
    ok: false,
    nameError,
    labelsProblem: labels.ok ? undefined : labels.diagnostic,
    specProblem: spec.ok ? undefined : spec.diagnostic,
  };
}

/** The form's values, what is wrong with them, and whether the name was touched yet. */
export function useLogBackendForm(row?: LogBackendRow) {
  const [values, setValues] = useState(() => valuesOf(row));
  const [nameTouched, setNameTouched] = useState(row !== undefined);
  const check = checkLogBackend(values);
  return {
    values,
    check,
    /** The name's problem once it was typed in (a new form does not open on an error). */
    nameError: !check.ok && nameTouched ? check.nameError : undefined,
    change: (field: keyof LogBackendValues, value: string) => {
      if (field === 'name') setNameTouched(true);
      setValues((all) => ({ ...all, [field]: value }));
    },
  };
}

export type LogBackendForm = ReturnType<typeof useLogBackendForm>;
