// The values step's state: the release's fields and the chart values typed as YAML, and what is wrong.
import { useEffect, useMemo, useState } from 'react';
import {
  INTEGRATION_DEFAULTS,
  type GitOpsIntegration,
  type ReleaseInput,
} from '../../../../../common/integrations.js';
import { isPlainObject, parseYaml, type EditorDiagnostic } from '../../../components/YamlEditor/index.js';
import { checkChartValues, type ChartInfo, type ValuesProblem } from './integrations-api.js';

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

/** Typing pauses this long before the server checks the values. */
export const CHECK_DEBOUNCE_MS = 300;

const NO_PROBLEMS: ValuesProblem[] = [];

interface CheckResult {
  /** The text whose values were checked. */
  text: string;
  problems: ValuesProblem[];
  unchecked?: string;
}

/**
 * The typed values checked by the server against the chart's schema (the console's CSP keeps
 * ajv out of the page), once typing pauses; a newer text aborts the older request, and an answer
 * counts as current only for the text it was asked of. The last problems stay shown while the
 * next check is pending. A failed check finds nothing: Apply checks the values again.
 */
export function useValuesCheck(key: string, text: string, parsed: ParsedValues, enabled: boolean) {
  const [result, setResult] = useState<CheckResult>();
  const values = parsed.ok ? parsed.values : undefined;
  useEffect(() => {
    if (!enabled || !values) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      checkChartValues(key, values, controller.signal).then(
        (answer) => {
          if (!controller.signal.aborted) setResult({ text, ...answer });
        },
        () => {
          if (!controller.signal.aborted) setResult({ text, problems: NO_PROBLEMS });
        },
      );
    }, CHECK_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, text, values, enabled]);
  if (!enabled) return { problems: NO_PROBLEMS, pending: false, unchecked: undefined };
  const current = result?.text === text ? result : undefined;
  return {
    problems: result?.problems ?? NO_PROBLEMS,
    pending: values !== undefined && current === undefined,
    unchecked: current?.unchecked,
  };
}

/** The values step's fields, the release they describe, and its problems. */
export function useGitOpsValues(integration: GitOpsIntegration, chart: ChartInfo | undefined) {
  const [name, setName] = useState<string>(integration.chart);
  const [namespace, setNamespace] = useState<string>(INTEGRATION_DEFAULTS.namespace);
  const [interval, setIntervalText] = useState<string>(INTEGRATION_DEFAULTS.interval);
  const [valuesText, setValuesText] = useState('');
  const parsed = useMemo(() => parseValues(valuesText), [valuesText]);
  // Only a chart with a schema has anything to check the values against.
  const check = useValuesCheck(integration.key, valuesText, parsed, Boolean(chart?.schema));
  const problems = check.problems;
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
    /** Whether the values are checked against the chart's schema (the chart has one). */
    checked: Boolean(chart?.schema) && check.unchecked === undefined,
    /** Why the server did not check the values, when it said so. */
    unchecked: check.unchecked,
    /** A check of the current text is still to come. */
    checking: check.pending,
    invalid: !parsed.ok || problems.length > 0 || missing.namespace || missing.interval,
  };
}
