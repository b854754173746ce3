/**
 * The sidebar's labels (spec 3 §2.1): grouped by the prefix before the first ':' or '/'
 * ('app.kubernetes.io/name' goes under 'app.kubernetes.io'), and the pairs region/zone,
 * vpc/subnet, os/arch and version/part-of merged into one row. A 'name' label repeats the name
 * and is left out.
 */

/** The rows paired labels share, by the label's own name. */
const PAIRED_ROWS: Record<string, string> = {
  region: 'region/zone',
  zone: 'region/zone',
  vpc: 'vpc/subnet',
  subnet: 'vpc/subnet',
  os: 'os/arch',
  arch: 'os/arch',
  version: 'version/part-of',
  'part-of': 'version/part-of',
};

const HIDDEN_LABELS = new Set(['name', 'Name']);

export interface LabelValue {
  /** The label's name within its group ('zone'). */
  name: string;
  value: string;
}

/** One row: a label, or a merged pair ('region/zone') with both values. */
export interface LabelRow {
  key: string;
  values: LabelValue[];
}

/** Labels sharing a prefix; the empty group holds the labels without one. */
export interface LabelGroup {
  prefix: string;
  rows: LabelRow[];
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function splitKey(key: string): { prefix: string; name: string } {
  const at = key.search(/[:/]/);
  if (at <= 0) return { prefix: '', name: key };
  return { prefix: key.slice(0, at), name: key.slice(at + 1) };
}

/** The labels as grouped rows: groups and rows sorted by name, ungrouped labels first. */
export function groupLabels(labels: Record<string, string> | null | undefined): LabelGroup[] {
  const groups = new Map<string, Map<string, LabelValue[]>>();
  for (const [key, raw] of Object.entries(labels ?? {})) {
    if (HIDDEN_LABELS.has(key)) continue;
    const { prefix, name } = splitKey(key);
    const rowKey = PAIRED_ROWS[name] ?? name;
    const rows = groups.get(prefix) ?? new Map<string, LabelValue[]>();
    groups.set(prefix, rows);
    rows.set(rowKey, [...(rows.get(rowKey) ?? []), { name, value: String(raw) }]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => byText(a, b))
    .map(([prefix, rows]) => ({
      prefix,
      rows: [...rows.entries()]
        .sort(([a], [b]) => byText(a, b))
        .map(([key, values]) => ({ key, values: pairOrder(key, values) })),
    }));
}

/** A merged row lists its values in the pair's order (region before zone). */
function pairOrder(rowKey: string, values: LabelValue[]): LabelValue[] {
  const order = rowKey.split('/');
  if (values.length < 2) return values;
  return [...values].sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name) || byText(a.name, b.name));
}
