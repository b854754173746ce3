/**
 * A canary's spec (the Canary custom resource's spec, canaries.flanksource.com/v1) as the checks
 * it defines: one per entry of each kind list (`http: [...]`, `tcp: [...]`, ...).
 */

export type Entry = Record<string, unknown>;

/** What a checks row holds for one entry of a canary. */
export interface CheckDefinition {
  /** the kind, lower case: 'http', 'tcp', 'dns', ... */
  type: string;
  name: string;
  description: string | null;
  endpoint: string | null;
  icon: string | null;
  severity: string | null;
  labels: Record<string, string>;
  /** the entry as written */
  spec: Entry;
}

export interface CanaryForChecks {
  name: string;
  labels?: Record<string, unknown> | null;
  spec?: Record<string, unknown> | null;
}

/** Spec fields that are not lists of checks. */
const NOT_KINDS = new Set([
  'schedule',
  'interval',
  'owner',
  'severity',
  'icon',
  'replicas',
  'env',
  'resultMode',
]);

export const SEVERITIES = new Set(['info', 'warning', 'low', 'medium', 'high', 'blocker', 'critical']);

/** `$(CONSOLE_URL)`-style references (Kubernetes' `$(VAR)`), replaced in every string of a value. */
export function expandVariables<T>(value: T, vars: Record<string, string>): T {
  const expand = (v: unknown): unknown => {
    if (typeof v === 'string')
      return v.replace(/\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g, (whole, name: string) =>
        Object.hasOwn(vars, name) ? vars[name]! : whole,
      );
    if (Array.isArray(v)) return v.map(expand);
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, inner]) => [k, expand(inner)]));
    return v;
  };
  return expand(value) as T;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

function stringLabels(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value))
    if (v !== null && v !== undefined && typeof v !== 'object') out[k] = String(v);
  return out;
}

/** The address a check reaches, for the list and search: url, endpoint, addr, host, query... */
export function endpointOf(type: string, entry: Entry): string | null {
  const direct = text(entry.url) ?? text(entry.endpoint) ?? text(entry.addr) ?? text(entry.host);
  if (direct) return direct;
  if (type === 'dns' && text(entry.query))
    return `${text(entry.server) ?? 'system resolver'}: ${text(entry.query)}`;
  if (type === 'folder' && text(entry.path)) return text(entry.path)!;
  const repository = text(entry.repository);
  // A repository URL may carry its credentials: they are not shown.
  if (repository) return repository.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@]*@/i, '$1');
  const connection = text(entry.connection);
  if (connection) return connection;
  return null;
}

/**
 * The checks of a canary, in spec order. Unnamed entries are named after their endpoint (or
 * `<kind>-<n>`); a name used twice in one kind gets `-2`, `-3`... so each (kind, name) is one check.
 */
export function checksOfCanary(
  canary: CanaryForChecks,
  vars: Record<string, string> = {},
): CheckDefinition[] {
  const spec = canary.spec ?? {};
  const canaryLabels = stringLabels(canary.labels);
  const canarySeverity = text(spec.severity);
  const out: CheckDefinition[] = [];
  for (const [key, list] of Object.entries(spec)) {
    if (NOT_KINDS.has(key) || !Array.isArray(list)) continue;
    const type = key.toLowerCase();
    const taken = new Set<string>();
    list.forEach((raw, index) => {
      if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return;
      const entry = raw as Entry;
      const endpoint = endpointOf(type, expandVariables(entry, vars));
      const base = text(entry.name) ?? endpoint ?? `${type}-${index + 1}`;
      let name = base;
      for (let n = 2; taken.has(name); n++) name = `${base}-${n}`;
      taken.add(name);
      const severity = (text(entry.severity) ?? canarySeverity)?.toLowerCase();
      out.push({
        type,
        name,
        description: text(entry.description) ?? null,
        endpoint,
        icon: text(entry.icon) ?? null,
        severity: severity && SEVERITIES.has(severity) ? severity : null,
        labels: { ...canaryLabels, ...stringLabels(entry.labels) },
        spec: entry,
      });
    });
  }
  return out;
}
