// The values step's state: the release's fields and the chart values typed as YAML, and what is wrong.
import { useEffect, useMemo, useState } from 'react';
import {
  INTEGRATION_DEFAULTS,
  type GitOpsIntegration,
  type ReleaseInput,
} from '../../../../../common/integrations.js';
import { coalesceValues } from '../../../../../common/helm-values.js';
import { isPlainObject, parseYaml, type EditorDiagnostic } from '../../../components/YamlEditor/index.js';
import type { ChartInfo } from './integrations-api.js';
import type { ValuesCheck, ValuesProblem } from './values-schema.js';

/** Where the charts are when the console cannot say (its chart endpoint did not answer). */
export const DEFAULT_REPOSITORY_URL = 'https://flanksource.github.io/charts';

export const VALUES_NOT_MAPPING = 'The values must be a YAML mapping, e.g. "replicas: 2"';

export type ParsedValues =
  { ok: true; values: Record<string, unknown> } | { ok: false; diagnostic: EditorDiagnostic };

/** The values in YAML text; empty text is no values. */
export function parseValues(text: string): ParsedValues {
  if (text.trim() === '') return { ok: true, values: {} };
  const parsed = parseYaml(text);
  if (!parsed.ok) return parsed;
  if (parsed.value === null || parsed.value === undefined) return { ok: true, values: {} };
  if (!isPlainObject(parsed.value))
    return { ok: false, diagnostic: { line: 1, message: VALUES_NOT_MAPPING } };
  return { ok: true, values: parsed.value };
}

/** The line where the problem's deepest key is written, else 1. */
export function lineOfPath(text: string, path: string): number {
  const keys = path.split('/').filter((key) => key !== '' && !/^\d+$/.test(key));
  const last = keys.at(-1)?.replaceAll('~1', '/').replaceAll('~0', '~');
  if (!last) return 1;
  const escaped = last.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const index = text
    .split('\n')
    .findIndex((line) => new RegExp(`^\\s*(- )?["']?${escaped}["']?\\s*:`).test(line));
  return index < 0 ? 1 : index + 1;
}

export const describeProblem = (problem: ValuesProblem) =>
  `${problem.path === '' ? 'values' : problem.path.slice(1).replaceAll('/', '.')} ${problem.message}`;

/** The chart's schema as a check, loaded (with ajv, its own chunk) once there is a schema. */
export function useValuesCheck(schema: ChartInfo['schema'] | undefined): ValuesCheck | undefined {
  const [check, setCheck] = useState<{ schema: object; run: ValuesCheck }>();
  useEffect(() => {
    if (!schema) return;
    let current = true;
    void import('./values-schema.js').then(({ valuesCheck }) => {
      if (current) setCheck({ schema, run: valuesCheck(schema) });
    });
    return () => {
      current = false;
    };
  }, [schema]);
  return schema && check?.schema === schema ? check.run : undefined;
}

/** The values step's fields, the release they describe, and its problems. */
export function useGitOpsValues(integration: GitOpsIntegration, chart: ChartInfo | undefined) {
  const [name, setName] = useState<string>(integration.chart);
  const [namespace, setNamespace] = useState<string>(INTEGRATION_DEFAULTS.namespace);
  const [interval, setIntervalText] = useState<string>(INTEGRATION_DEFAULTS.interval);
  const [valuesText, setValuesText] = useState('');
  const parsed = useMemo(() => parseValues(valuesText), [valuesText]);
  const check = useValuesCheck(chart?.schema);
  // Checked as Helm reads them: the chart's defaults with the typed values over them.
  const defaults = chart?.values;
  const problems = useMemo(
    () => (parsed.ok && check ? check(coalesceValues(defaults ?? {}, parsed.values)) : []),
    [parsed, check, defaults],
  );
  const diagnostics: EditorDiagnostic[] = parsed.ok
    ? problems.map((problem) => ({
        line: lineOfPath(valuesText, problem.path),
        message: describeProblem(problem),
      }))
    : [parsed.diagnostic];
  const release: ReleaseInput | undefined = parsed.ok
    ? {
        integration,
        name: name.trim() || undefined,
        namespace: namespace.trim(),
        interval: interval.trim(),
        repositoryUrl: chart?.repositoryUrl || DEFAULT_REPOSITORY_URL,
        version: chart?.version || undefined,
        values: parsed.values,
      }
    : undefined;
  const missing = { namespace: namespace.trim() === '', interval: interval.trim() === '' };
  return {
    fields: { name, namespace, interval, valuesText },
    set: { name: setName, namespace: setNamespace, interval: setIntervalText, valuesText: setValuesText },
    missing,
    diagnostics,
    release,
    /** Whether the values are checked against the chart's schema (it loaded, and so did ajv). */
    checked: check !== undefined,
    invalid: !parsed.ok || problems.length > 0 || missing.namespace || missing.interval,
  };
}
