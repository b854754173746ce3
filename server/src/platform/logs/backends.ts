/**
 * A logging_backends row's spec as the backends it holds: every entry of `backends` and the one
 * written at the top, each with its kind, settings, routes and labels, in the order written.
 */
import { LOG_BACKEND_KINDS, type LogBackendKind } from '../../../../common/logs.js';

export interface LogRoute {
  type?: string;
  idPrefix?: string;
  labels?: Record<string, string>;
}

export interface LogBackendRow {
  id: string;
  name: string;
  namespace: string;
  spec: unknown;
}

/** One backend of a row: what the search reads. */
export interface LogBackend {
  /** The row's name, and the entry's place when the row holds several: for messages. */
  name: string;
  /** The row's namespace: where its connections and secrets are read. */
  namespace: string;
  kind: LogBackendKind;
  /** The kind's settings as written (the schema has checked them on write). */
  config: Record<string, unknown>;
  routes: LogRoute[];
  labels: Record<string, string>;
}

type Raw = Record<string, unknown>;
const isObject = (value: unknown): value is Raw =>
  !!value && typeof value === 'object' && !Array.isArray(value);

const stringMap = (value: unknown): Record<string, string> =>
  isObject(value)
    ? Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'))
    : {};

/** apm-hub fills `{{.field}}` from its request; the console has no such value, so leaves them out. */
const withoutTemplates = (labels: Record<string, string>) =>
  Object.fromEntries(Object.entries(labels).filter(([, value]) => !value.includes('{{')));

function routesOf(value: unknown): LogRoute[] {
  const list = Array.isArray(value) ? value : isObject(value) ? [value] : [];
  return list.filter(isObject).map((route) => ({
    type: typeof route.type === 'string' ? route.type : undefined,
    idPrefix: typeof route.idPrefix === 'string' ? route.idPrefix : undefined,
    labels: isObject(route.labels) ? stringMap(route.labels) : undefined,
  }));
}

/** `file` and `files` are one kind; a kind's value may be one object or a list of them (files). */
const KEYS: [key: string, kind: LogBackendKind][] = [
  ...LOG_BACKEND_KINDS.map((kind): [string, LogBackendKind] => [kind, kind]),
  ['files', 'file'],
];

function entryBackends(entry: Raw, row: LogBackendRow, place: string): LogBackend[] {
  const out: LogBackend[] = [];
  for (const [key, kind] of KEYS) {
    const value = entry[key];
    const configs = (Array.isArray(value) ? value : [value]).filter(isObject);
    configs.forEach((config, index) => {
      const where = [place, configs.length > 1 ? `${key}[${index}]` : ''].filter(Boolean).join(' ');
      out.push({
        name: where ? `${row.name} (${where})` : row.name,
        namespace: row.namespace,
        kind,
        config,
        // Routes beside the kind (the top-level form) serve it when it has none of its own.
        routes: routesOf(config.routes ?? entry.routes),
        labels: withoutTemplates({ ...stringMap(entry.labels), ...stringMap(config.labels) }),
      });
    });
  }
  return out;
}

export function backendsOf(row: LogBackendRow): LogBackend[] {
  if (!isObject(row.spec)) return [];
  const entries = Array.isArray(row.spec.backends) ? row.spec.backends.filter(isObject) : [];
  return [
    ...entries.flatMap((entry, index) =>
      entryBackends(entry, row, entries.length > 1 ? `backends[${index}]` : ''),
    ),
    ...entryBackends(row.spec, row, ''),
  ];
}
