/**
 * Chart values as Helm reads them: the chart's own values with the person's over them. Both the
 * Add Integration dialog (checking the typed values against the chart's schema) and the server
 * (before Apply) check this result, not the typed values alone: a required key the chart's
 * defaults already hold is not missing.
 */
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Helm's coalescing: maps merge key by key, anything else from the person replaces the default. */
export function coalesceValues(defaults: unknown, values: unknown): unknown {
  if (!isPlainObject(defaults) || !isPlainObject(values)) return values === undefined ? defaults : values;
  const result: Record<string, unknown> = { ...defaults };
  for (const [key, value] of Object.entries(values)) {
    // A null removes a default, as `--set key=null` does.
    if (value === null) delete result[key];
    else result[key] = coalesceValues(defaults[key], value);
  }
  return result;
}
