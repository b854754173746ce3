/**
 * Reading and writing the four kinds in the cluster for a person ("save to cluster"):
 * a dry run that shows the live object beside the would-be result, create, replace with the
 * resourceVersion the editor read (or the live one, to overwrite), delete. Kubernetes `Status`
 * errors become ClusterWriteError answers an editor can act on; field errors are placed at their
 * lines of the spec the person edited.
 */
import http from 'node:http';
import https from 'node:https';
import type { FlagReader } from '../access/guard.js';
import { disabledMessage, featureOf } from '../access/feature-map.js';
import { refusal, resourceOf, type Action } from '../access/resource-map.js';
import type { Permissions } from '../access/roles.js';
import { locateYaml } from '../lib/yaml-locator.js';
import { meansUnreachable, reasonOf, type KubeConnection } from './connection.js';
import { credentialsFor, type ClusterPerson } from './impersonation.js';
import { apiVersionOf, type KindInfo } from './kinds.js';
import type {
  ClusterDryRun,
  ClusterFieldError,
  ClusterWriteError,
  ClusterWriteRequest,
  KubeObject,
} from './types.js';

/** A failed read or write, with the status and body the route answers. */
export class ClusterWriteFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: ClusterWriteError,
  ) {
    super(body.message);
  }
}

export function clusterFailure(
  status: number,
  reason: ClusterWriteError['reason'],
  message: string,
  fieldErrors?: ClusterFieldError[],
): ClusterWriteFailure {
  return new ClusterWriteFailure(status, {
    code: `HTTP${status}`,
    message,
    details: null,
    hint: null,
    reason,
    ...(fieldErrors ? { fieldErrors } : {}),
  });
}

/**
 * The console's own decision before any cluster call: the permission on the kind's table
 * (spec 1 §6) and its area's feature flag. Returns the refusal, or undefined when allowed.
 */
export async function consoleRefusal(
  permissions: Permissions,
  info: KindInfo,
  action: Action,
  flags: FlagReader,
): Promise<string | undefined> {
  const resource = resourceOf(info.table);
  if (!resource || !permissions[resource][action]) return refusal(action, info.table);
  const feature = featureOf(info.table);
  if (feature && (await flags()).includes(feature)) return disabledMessage(feature);
  return undefined;
}

/** One resource of one of the four kinds. */
export interface ClusterTarget {
  info: KindInfo;
  namespace: string;
  name: string;
}

const describe = ({ info, namespace, name }: ClusterTarget) => `${info.kind} ${namespace}/${name}`;

export const conflictMessage = (target: ClusterTarget) =>
  `${describe(target)} changed in the cluster since you opened it. Reload to see the new version, or overwrite it with yours.`;
export const alreadyExistsMessage = (target: ClusterTarget) =>
  `${describe(target)} already exists in the cluster.`;
export const notFoundMessage = (target: ClusterTarget) => `${describe(target)} is not in the cluster.`;

/** Who the cluster records as having written the fields (managedFields), on every write. */
export const FIELD_MANAGER = 'ops-console';
/** Replaces tried when status writes keep moving the resourceVersion between the read and the write. */
const REPLACE_ATTEMPTS = 3;
/** A request the API server does not answer within this is given up as unreachable. */
const REQUEST_TIMEOUT_MS = 30_000;

export interface KubeAnswer {
  status: number;
  body: unknown;
}

interface StatusCause {
  field?: string;
  message?: string;
  reason?: string;
}

interface KubeStatus {
  message?: string;
  reason?: string;
  details?: { causes?: StatusCause[] };
}

/**
 * Strict field validation refuses unknown (and duplicate) fields with a 400 whose message names
 * them: 'strict decoding error: unknown field "spec.htttp", unknown field "spec.x"'.
 */
function strictDecodingCauses(message: string): StatusCause[] {
  return [...message.matchAll(/(?:unknown|duplicate) field "([^"]+)"/g)].map(([text, field]) => ({
    field,
    message: text,
  }));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * One request to the API server with the person's credentials (see impersonation.ts). The body
 * is sent as JSON, under `contentType` (a patch's media type) when given.
 */
export async function sendToCluster(
  kube: KubeConnection,
  person: ClusterPerson,
  method: string,
  path: string,
  body?: unknown,
  contentType = 'application/json',
): Promise<KubeAnswer> {
  const { server, agent, headers } = await credentialsFor(kube, person);
  const url = new URL(server.replace(/\/+$/, '') + path);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const requestHeaders = { ...headers, Accept: 'application/json' };
  if (payload !== undefined)
    Object.assign(requestHeaders, {
      'Content-Type': contentType,
      'Content-Length': Buffer.byteLength(payload),
    });
  const transport = url.protocol === 'http:' ? http : https;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      url,
      { method, agent, headers: requestHeaders, timeout: REQUEST_TIMEOUT_MS },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: parseJson(Buffer.concat(chunks).toString('utf8')),
          }),
        );
      },
    );
    request.on('timeout', () =>
      request.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })),
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const statusOf = (body: unknown): KubeStatus =>
  body && typeof body === 'object' ? (body as KubeStatus) : {};

/** 'spec.http[0].url' → '/http/0/url', the pointer into the spec; undefined outside the spec. */
export function specPointerOf(field: string): string | undefined {
  if (field !== 'spec' && !field.startsWith('spec.') && !field.startsWith('spec[')) return undefined;
  const tokens: string[] = [];
  const step = /\.([^.[\]]+)|\[([^\]]*)\]/y;
  step.lastIndex = 'spec'.length;
  while (step.lastIndex < field.length) {
    const match = step.exec(field);
    if (!match) return undefined;
    tokens.push((match[1] ?? match[2]!).replace(/^"(.*)"$/, '$1'));
  }
  return tokens.map((token) => `/${token.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** The API server's causes, each at its line of the spec text the person edited when it parses. */
export function fieldErrorsOf(causes: StatusCause[], specYaml: string | undefined): ClusterFieldError[] {
  let locator: ReturnType<typeof locateYaml> | undefined;
  try {
    locator = specYaml ? locateYaml(specYaml) : undefined;
  } catch {
    locator = undefined;
  }
  return causes.map((cause) => {
    const field = cause.field ?? '';
    const error: ClusterFieldError = { field, message: cause.message ?? cause.reason ?? 'is not valid' };
    const pointer = specPointerOf(field);
    if (locator && pointer !== undefined) Object.assign(error, locator.key(pointer));
    return error;
  });
}

/** A Kubernetes error answer as the editor needs it. */
function failureOf(answer: KubeAnswer, target: ClusterTarget, specYaml?: string): ClusterWriteFailure {
  const status = statusOf(answer.body);
  const message = status.message || `The Kubernetes API server answered HTTP ${answer.status}.`;
  const causes = status.details?.causes ?? [];
  switch (answer.status) {
    case 409:
      return status.reason === 'AlreadyExists'
        ? clusterFailure(409, 'AlreadyExists', alreadyExistsMessage(target))
        : clusterFailure(409, 'Conflict', conflictMessage(target));
    case 422:
      return clusterFailure(422, 'Invalid', message, fieldErrorsOf(causes, specYaml));
    case 400: {
      const unknownFields = causes.length > 0 ? causes : strictDecodingCauses(message);
      return unknownFields.length > 0
        ? clusterFailure(422, 'Invalid', message, fieldErrorsOf(unknownFields, specYaml))
        : clusterFailure(400, 'Failed', message);
    }
    case 403:
      return clusterFailure(403, 'Forbidden', message);
    case 404:
      return clusterFailure(404, 'NotFound', notFoundMessage(target));
    default:
      return clusterFailure(
        answer.status >= 400 && answer.status < 500 ? answer.status : 502,
        'Failed',
        message,
      );
  }
}

export const unavailable = (reason: string) =>
  clusterFailure(
    503,
    'Unavailable',
    `The Kubernetes API server cannot be reached (${reason}). Try again later.`,
  );

export interface ClusterCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  specYaml?: string;
}

/** A call whose outcome the connection hears of; an error answer becomes a ClusterWriteFailure. */
async function call(
  kube: KubeConnection,
  person: ClusterPerson,
  target: ClusterTarget,
  { method, path, body, specYaml }: ClusterCall,
): Promise<KubeObject> {
  let answer: KubeAnswer;
  try {
    answer = await sendToCluster(kube, person, method, path, body);
  } catch (error) {
    kube.noteFailure(error);
    throw unavailable(reasonOf(error));
  }
  // 401: the console's own credentials are refused; 5xx: the API server is not well.
  if (meansUnreachable({ statusCode: answer.status })) {
    kube.noteFailure({ statusCode: answer.status });
    throw unavailable(reasonOf({ statusCode: answer.status }));
  }
  if (answer.status >= 200 && answer.status < 300) return answer.body as KubeObject;
  throw failureOf(answer, target, specYaml);
}

function pathOf(
  { info, namespace, name }: ClusterTarget,
  { item, query }: { item: boolean; query?: URLSearchParams },
) {
  const collection = `/apis/${info.group}/${info.version}/namespaces/${encodeURIComponent(namespace)}/${info.plural}`;
  const path = item ? `${collection}/${encodeURIComponent(name)}` : collection;
  return query ? `${path}?${query}` : path;
}

/** An empty map means none to Kubernetes: left out, so the diff shows no `labels: {}` nobody typed. */
const unlessEmpty = (map: Record<string, string> | undefined) =>
  map && Object.keys(map).length > 0 ? map : undefined;

/**
 * What is sent: apiVersion, kind, name and namespace from the URL, the person's spec, labels and
 * annotations. An update starts from the live object, so what the editor does not show
 * (finalizers, owner references, status) stays as the cluster has it; the caller's status is
 * never sent.
 */
function desiredObject(
  target: ClusterTarget,
  request: ClusterWriteRequest,
  base: KubeObject | null,
  resourceVersion: string | undefined,
): KubeObject {
  const kept: Record<string, unknown> = { ...base?.metadata };
  delete kept.managedFields;
  delete kept.resourceVersion;
  return {
    ...base,
    apiVersion: apiVersionOf(target.info),
    kind: target.info.kind,
    metadata: {
      ...kept,
      name: target.name,
      namespace: target.namespace,
      labels: unlessEmpty(request.metadata?.labels ?? base?.metadata.labels),
      annotations: unlessEmpty(request.metadata?.annotations ?? base?.metadata.annotations),
      ...(resourceVersion !== undefined ? { resourceVersion } : {}),
    },
    spec: request.spec,
  };
}

/**
 * The resourceVersion a replace is conditional on; undefined: there is nothing to replace, create
 * it (an overwrite of a resource deleted meanwhile). With the generation read at open, a spec
 * changed since is the conflict (status writes leave the generation alone); without it, the
 * resourceVersion read at open, so any change since is one.
 */
function versionToReplace(
  target: ClusterTarget,
  request: ClusterWriteRequest,
  live: KubeObject | null,
): string | undefined {
  if (request.force) return live?.metadata.resourceVersion;
  if (request.generation === undefined) return request.resourceVersion;
  if (!live) throw clusterFailure(404, 'NotFound', notFoundMessage(target));
  if (live.metadata.generation !== request.generation)
    throw clusterFailure(409, 'Conflict', conflictMessage(target));
  return live.metadata.resourceVersion;
}

export interface ClusterWrites {
  /** The resource as the cluster has it; 404 NotFound when it is not there. */
  read(person: ClusterPerson, target: ClusterTarget): Promise<KubeObject>;
  /** The write the API server would make (dryRun=All), beside the live object. */
  dryRun(person: ClusterPerson, target: ClusterTarget, request: ClusterWriteRequest): Promise<ClusterDryRun>;
  /** Creates (no resourceVersion), replaces (with it) or overwrites (force) the resource. */
  save(
    person: ClusterPerson,
    target: ClusterTarget,
    request: ClusterWriteRequest,
  ): Promise<{ object: KubeObject; created: boolean }>;
  remove(person: ClusterPerson, target: ClusterTarget): Promise<void>;
}

export function createClusterWrites(kube: KubeConnection): ClusterWrites {
  const read: ClusterWrites['read'] = (person, target) =>
    call(kube, person, target, { method: 'GET', path: pathOf(target, { item: true }) });

  const readLive = async (person: ClusterPerson, target: ClusterTarget) => {
    try {
      return await read(person, target);
    } catch (error) {
      if (error instanceof ClusterWriteFailure && error.status === 404) return null;
      throw error;
    }
  };

  const write = async (
    person: ClusterPerson,
    target: ClusterTarget,
    request: ClusterWriteRequest,
    { dryRun }: { dryRun: boolean },
  ) => {
    const query = new URLSearchParams({ fieldManager: FIELD_MANAGER, fieldValidation: 'Strict' });
    if (dryRun) query.set('dryRun', 'All');
    const create = () =>
      call(kube, person, target, {
        method: 'POST',
        path: pathOf(target, { item: false, query }),
        body: desiredObject(target, request, null, undefined),
        specYaml: request.specYaml,
      });
    const updating =
      request.force === true || request.resourceVersion !== undefined || request.generation !== undefined;
    // A create is a POST and nothing else: it needs `create` alone, and an existing name is the
    // cluster's own 409 AlreadyExists.
    if (!updating) return { live: null, result: await create(), created: true };

    for (let attempt = 1; ; attempt++) {
      const live = await readLive(person, target);
      const resourceVersion = versionToReplace(target, request, live);
      if (resourceVersion === undefined) return { live, result: await create(), created: true };
      try {
        const result = await call(kube, person, target, {
          method: 'PUT',
          path: pathOf(target, { item: true, query }),
          body: desiredObject(target, request, live, resourceVersion),
          specYaml: request.specYaml,
        });
        return { live, result, created: false };
      } catch (error) {
        // Checked against the live spec, not a resourceVersion from the editor: a status write
        // between this read and the replace is no reason to refuse, so read again.
        const againstLive = request.force === true || request.generation !== undefined;
        const moved = error instanceof ClusterWriteFailure && error.body.reason === 'Conflict';
        if (!againstLive || !moved || attempt >= REPLACE_ATTEMPTS) throw error;
      }
    }
  };

  return {
    read,
    async dryRun(person, target, request) {
      const { live, result } = await write(person, target, request, { dryRun: true });
      return { live, result };
    },
    async save(person, target, request) {
      const { result, created } = await write(person, target, request, { dryRun: false });
      return { object: result, created };
    },
    async remove(person, target) {
      await call(kube, person, target, { method: 'DELETE', path: pathOf(target, { item: true }) });
    },
  };
}
