/**
 * The JSON schema (draft-07) of a log backend's spec, the value of logging_backends.spec, in the
 * shape the platform's log hub (apm-hub's LoggingBackend) is written in: `backends`, a list of
 * entries each naming one kind (`kubernetes`, `file`/`files`, `elasticsearch`, `opensearch`, and
 * `loki`) with its `routes` (which components' log selectors it serves) and `labels` (added to its
 * lines). One backend may also be written at the top (`{loki: {...}, routes: [...]}`). How routes
 * are matched is in docs/logs.md. Unknown fields are refused, so a typo is named.
 */
import { secretValue } from './duty.js';
import {
  boolean,
  closed,
  list,
  nonEmpty,
  openObject,
  specSchema,
  string,
  stringMap,
  strings,
  type Schema,
} from './fragments.js';

const CONNECTION: Schema = {
  type: 'string',
  pattern: '^connection://[^/\\s]+(/[^/\\s]+)?$',
  description: "a stored connection: 'connection://[namespace/]name'",
};
const HTTP_URL: Schema = { type: 'string', pattern: '^https?://', description: 'an http(s) address' };
/** A literal, or where to read it (`valueFrom.secretKeyRef` / `configMapKeyRef`). */
const credential: Schema = { anyOf: [string, secretValue] };

export const logRoute: Schema = closed(
  {
    type: { ...string, description: "the log selector's type this route serves (case-insensitive)" },
    idPrefix: { ...string, description: "serves components whose external id starts with it; '' for all" },
    labels: {
      ...stringMap,
      description: "the selector's labels it needs: 'value', 'a,b' (one of), '*' (present), '!value' (not)",
    },
    additive: {
      ...boolean,
      description: 'accepted as apm-hub has it; the console reads one backend per selector',
    },
  },
  [],
  'which log selectors this backend serves',
);

/** apm-hub's examples write `routes` as one route or as a list. */
const routes: Schema = { anyOf: [list(logRoute), logRoute] };
const common = { routes, labels: { ...stringMap, description: "labels added to this backend's lines" } };

const fileConfig = closed(
  {
    ...common,
    path: {
      ...strings,
      description: 'files or globs, under the directories the console may read (LOG_FILE_ROOTS)',
    },
    paths: { ...strings, description: 'the same as path' },
  },
  [],
);
const files: Schema = { anyOf: [list(fileConfig), fileConfig] };

const kubernetesConfig = closed({
  ...common,
  namespace: { ...string, description: "the pods' namespace when the selector's labels name none" },
  kubeconfig: {
    anyOf: [string, secretValue],
    description: "another cluster's kubeconfig; none: the console's own cluster connection",
  },
  connection: CONNECTION,
});

const lokiConfig = closed({
  ...common,
  url: HTTP_URL,
  connection: CONNECTION,
  username: credential,
  password: credential,
  orgId: { ...string, description: 'the tenant (X-Scope-OrgID) of a multi-tenant Loki' },
});

const searchConfig = closed({
  ...common,
  address: HTTP_URL,
  url: HTTP_URL,
  connection: CONNECTION,
  username: credential,
  password: credential,
  index: { ...nonEmpty, description: "the index or pattern to search, such as 'logs-*'" },
  fields: closed({
    message: { ...string, description: "the message field (default 'message')" },
    timestamp: { ...string, description: "the time field (default '@timestamp')" },
    exclusions: { ...strings, description: 'fields not shown as labels' },
  }),
  query: {
    anyOf: [string, openObject],
    description: 'accepted as apm-hub has it; the console builds its own query',
  },
});

const kinds = {
  kubernetes: kubernetesConfig,
  file: files,
  files,
  loki: lokiConfig,
  elasticsearch: searchConfig,
  opensearch: searchConfig,
};

const entry = closed({ ...kinds, ...common }, [], 'one backend: a kind and its settings');

export const loggingBackendSpecSchema: Schema = specSchema(
  'https://ops-console/schemas/logging-backend-spec.json',
  'LoggingBackend',
  closed({ backends: list(entry), ...kinds, ...common }),
);
