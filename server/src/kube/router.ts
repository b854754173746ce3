/**
 * /api/kube/:table/:namespace/:name (types.ts lists the routes; GET /api/kube/status is mounted
 * beside this router). Mounted after sign-in and CSRF. Each route decides in this order: the
 * kind (404), the console's permission and feature flag (403), the cluster (503), the name and
 * namespace (422), the body (422); then the cluster call, as the service account or as the
 * person (KUBE_WRITE_AS).
 */
import { Router, type ErrorRequestHandler, type Request } from 'express';
import { SIGN_IN_MESSAGE, type FlagReader } from '../access/guard.js';
import type { Action } from '../access/resource-map.js';
import { HttpError } from '../http/errors.js';
import { NOT_CONFIGURED_MESSAGE, type KubeConnection } from './connection.js';
import {
  clusterFailure,
  ClusterWriteFailure,
  consoleRefusal,
  createClusterWrites,
  type ClusterTarget,
} from './cluster-writes.js';
import { KINDS, kindOfTable } from './kinds.js';
import type { ClusterWriteRequest } from './types.js';

/** RFC 1123 label: what Kubernetes accepts as a namespace. */
const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
/** RFC 1123 subdomain: what Kubernetes accepts as the name of these kinds. */
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

export const invalidNamespaceMessage = (namespace: string) =>
  `The namespace '${namespace}' is not valid: use at most 63 lowercase letters, digits and '-', starting and ending with a letter or digit.`;
export const invalidNameMessage = (name: string) =>
  `The name '${name}' is not valid: use at most 253 lowercase letters, digits, '-' and '.', starting and ending with a letter or digit.`;

function checkNames(namespace: string, name: string): void {
  if (namespace.length > 63 || !DNS_LABEL.test(namespace)) {
    const message = invalidNamespaceMessage(namespace);
    throw clusterFailure(422, 'Invalid', message, [{ field: 'metadata.namespace', message }]);
  }
  if (name.length > 253 || !DNS_SUBDOMAIN.test(name)) {
    const message = invalidNameMessage(name);
    throw clusterFailure(422, 'Invalid', message, [{ field: 'metadata.name', message }]);
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isStringMap = (value: unknown) =>
  value === undefined ||
  (isPlainObject(value) && Object.values(value).every((item) => typeof item === 'string'));

const badRequest = (message: string) => clusterFailure(422, 'Invalid', message);

/** The body of a dry run or save, checked for shape; Kubernetes validates the spec itself. */
function writeRequestOf(body: unknown): ClusterWriteRequest {
  if (!isPlainObject(body)) throw badRequest('The request body must be a JSON object with a spec.');
  const { spec, metadata, resourceVersion, generation, force, specYaml } = body;
  if (!isPlainObject(spec)) throw badRequest('The spec must be an object.');
  if (metadata !== undefined && !isPlainObject(metadata)) throw badRequest('The metadata must be an object.');
  if (!isStringMap(metadata?.labels) || !isStringMap(metadata?.annotations))
    throw badRequest('Labels and annotations must map names to text.');
  if (resourceVersion !== undefined && (typeof resourceVersion !== 'string' || resourceVersion === ''))
    throw badRequest('The resourceVersion must be the text read from the cluster.');
  if (generation !== undefined && !(Number.isInteger(generation) && (generation as number) > 0))
    throw badRequest('The generation must be the number read from the cluster.');
  if (force !== undefined && typeof force !== 'boolean') throw badRequest('force must be true or false.');
  if (specYaml !== undefined && typeof specYaml !== 'string') throw badRequest('specYaml must be text.');
  return {
    spec,
    ...(metadata ? { metadata: metadata as NonNullable<ClusterWriteRequest['metadata']> } : {}),
    ...(resourceVersion !== undefined ? { resourceVersion: resourceVersion as string } : {}),
    ...(generation !== undefined ? { generation: generation as number } : {}),
    ...(force !== undefined ? { force } : {}),
    ...(specYaml !== undefined ? { specYaml: specYaml as string } : {}),
  };
}

const TABLES = KINDS.map((info) => info.table).join(', ');

function signedIn(req: Request): Express.User {
  if (!req.user) throw new HttpError(401, SIGN_IN_MESSAGE);
  return req.user;
}

export function createKubeRouter({ kube, flags }: { kube: KubeConnection; flags: FlagReader }): Router {
  const writes = createClusterWrites(kube);

  /** The resource a request names, once the console and the cluster let the person at it. */
  async function targetOf(req: Request, action: Action): Promise<ClusterTarget> {
    const user = signedIn(req);
    const { table, namespace, name } = req.params as Record<string, string>;
    const info = kindOfTable(table!);
    if (!info)
      throw clusterFailure(
        404,
        'NotFound',
        `No Kubernetes kind is kept in '${table}': use one of ${TABLES}.`,
      );
    const refused = await consoleRefusal(user.permissions, info, action, flags);
    if (refused) throw clusterFailure(403, 'Forbidden', refused);
    if (!kube.kubeConfig) throw clusterFailure(503, 'Unavailable', NOT_CONFIGURED_MESSAGE);
    const cluster = kube.status();
    if (cluster.state === 'unsupported') throw clusterFailure(503, 'Unavailable', cluster.message ?? '');
    if (!kube.isInstalled(info.table))
      throw clusterFailure(
        503,
        'Unavailable',
        `The cluster does not serve ${info.kind} resources: install the CustomResourceDefinition ${info.plural}.${info.group}.`,
      );
    checkNames(namespace!, name!);
    return { info, namespace: namespace!, name: name! };
  }

  const router = Router();
  const item = '/:table/:namespace/:name';

  router.get(item, async (req, res) => {
    const target = await targetOf(req, 'read');
    res.json({ object: await writes.read(req.user!, target) });
  });

  router.post(`${item}/dry-run`, async (req, res) => {
    const target = await targetOf(req, 'write');
    res.json(await writes.dryRun(req.user!, target, writeRequestOf(req.body)));
  });

  router.put(item, async (req, res) => {
    const target = await targetOf(req, 'write');
    const { object, created } = await writes.save(req.user!, target, writeRequestOf(req.body));
    res.status(created ? 201 : 200).json({ object });
  });

  router.delete(item, async (req, res) => {
    const target = await targetOf(req, 'write');
    await writes.remove(req.user!, target);
    res.json({ deleted: true });
  });

  const clusterErrors: ErrorRequestHandler = (error, _req, res, next) => {
    if (!(error instanceof ClusterWriteFailure)) return next(error);
    res.status(error.status).json(error.body);
  };
  router.use(clusterErrors);
  return router;
}
