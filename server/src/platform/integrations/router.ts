/**
 * /api/integrations: the GitOps tiles' values editor and Apply (spec 3 §2.3; types.ts lists the
 * routes). The chart's schema and defaults come from the configured chart repository; when it
 * cannot be read (an air-gapped console) the answer says why and the editor works without a
 * schema. The editor's values are checked here as they are typed (the console's CSP keeps ajv
 * out of the browser), as Apply checks them before it writes the Flux objects of
 * common/integrations.ts to the cluster, dry run first.
 */
import { Router, type Request } from 'express';
import { fluxObjects, GITOPS_INTEGRATIONS, type GitOpsIntegration } from '../../../../common/integrations.js';
import { requireFeature, requirePermission, SIGN_IN_MESSAGE, type FlagReader } from '../../access/guard.js';
import { HttpError } from '../../http/errors.js';
import type { KubeConnection } from '../../kube/connection.js';
import { invalidNameMessage, invalidNamespaceMessage } from '../../kube/router.js';
import { applyFluxObjects, type FluxObject } from './apply.js';
import { fluxMissing } from './flux-discovery.js';
import {
  cachedChartRepository,
  ChartUnavailable,
  createChartRepository,
  NOT_CHECKED,
  type ChartFiles,
  type ChartRepository,
  type ChartRepositoryLimits,
} from './chart-repository.js';
import type { ApplyAnswer, ApplyRequest, ChartAnswer, ValuesCheckAnswer } from './types.js';
import { checkValues, compileValuesSchema, valuesProblems } from './values-schema.js';

export const NO_CLUSTER_MESSAGE =
  'No cluster connection: the console is not connected to a Kubernetes cluster.';
export const unknownIntegrationMessage = (key: string) => `Unknown integration ${key}`;
export const invalidIntervalMessage = (interval: string) =>
  `The interval '${interval}' is not valid: use a duration such as 30m, 1h or 1h30m.`;

/** RFC 1123 label (namespaces) and subdomain (names), as Kubernetes checks them. */
const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
/** A Go duration as Flux's CRDs accept it. */
const GO_DURATION = /^([0-9]+(\.[0-9]+)?(ms|s|m|h))+$/;

export interface IntegrationsRouterDependencies {
  flags: FlagReader;
  /** The cluster connection; without a configured one Apply answers 503. */
  kube?: KubeConnection;
  /** INTEGRATIONS_CHART_REPOSITORY. */
  chartRepositoryUrl: string;
  /** Download bounds (tests make them small). */
  limits?: ChartRepositoryLimits;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function integrationOf(key: unknown): GitOpsIntegration {
  const integration = GITOPS_INTEGRATIONS.find((item) => item.key === key);
  if (!integration) throw new HttpError(404, unknownIntegrationMessage(String(key ?? '')));
  return integration;
}

const VALUES_NOT_OBJECT = 'The values must be an object (a map of the chart’s values).';

/** The body of an Apply, checked for shape and names (422) before anything else is asked. */
function applyRequestOf(body: unknown): ApplyRequest & { integration: GitOpsIntegration } {
  if (!isPlainObject(body)) throw new HttpError(422, 'The request body must be a JSON object.');
  const integration = integrationOf(body.key);
  const { name, namespace, interval, values, version } = body;
  if (typeof namespace !== 'string' || namespace.length > 63 || !DNS_LABEL.test(namespace))
    throw new HttpError(422, invalidNamespaceMessage(String(namespace ?? '')));
  if (
    name !== undefined &&
    name !== '' &&
    (typeof name !== 'string' || name.length > 253 || !DNS_SUBDOMAIN.test(name))
  )
    throw new HttpError(422, invalidNameMessage(String(name)));
  if (typeof interval !== 'string' || !GO_DURATION.test(interval))
    throw new HttpError(422, invalidIntervalMessage(String(interval ?? '')));
  if (
    version !== undefined &&
    version !== '' &&
    (typeof version !== 'string' || !/^[^\s]{1,128}$/.test(version))
  )
    throw new HttpError(422, 'The chart version must be a version such as 1.2.3.');
  if (!isPlainObject(values)) throw new HttpError(400, VALUES_NOT_OBJECT);
  return {
    integration,
    key: integration.key,
    ...(typeof name === 'string' && name !== '' ? { name } : {}),
    namespace,
    interval,
    values,
    ...(typeof version === 'string' && version !== '' ? { version } : {}),
  };
}

/** The chart's files and a validator of its schema; the schema is dropped when ajv cannot use it. */
async function readChart(repository: ChartRepository, chart: string, version?: string) {
  let files: ChartFiles;
  try {
    files = await repository.read(chart, version);
  } catch (error) {
    if (!(error instanceof ChartUnavailable)) throw error;
    return { files: { chart, version: version ?? '', schema: null, values: {}, error: error.message } };
  }
  if (!files.schema) return { files };
  try {
    return { files, validate: compileValuesSchema(files.schema) };
  } catch (error) {
    const reason = (error as Error).message;
    return {
      files: {
        ...files,
        schema: null,
        error: `The values schema of the chart ${files.chart} ${files.version} cannot be used (${reason}). ${NOT_CHECKED}`,
      },
    };
  }
}

function signedIn(req: Request): Express.User {
  if (!req.user) throw new HttpError(401, SIGN_IN_MESSAGE);
  return req.user;
}

export function createIntegrationsRouter({
  flags,
  kube,
  chartRepositoryUrl,
  limits,
}: IntegrationsRouterDependencies): Router {
  const repository = cachedChartRepository(createChartRepository(chartRepositoryUrl, limits));
  const hasCluster = () => kube?.kubeConfig !== undefined;

  /** Why Apply cannot work now, in a sentence; undefined when it may (Apply still has the last word). */
  async function applyUnavailable(): Promise<string | undefined> {
    if (!kube || !hasCluster()) return NO_CLUSTER_MESSAGE;
    const cluster = kube.status();
    if (cluster.state === 'unsupported') return cluster.message ?? NO_CLUSTER_MESSAGE;
    // Disconnected or still connecting: discovery would wait for a server that does not answer.
    if (cluster.state !== 'connected') return undefined;
    return fluxMissing(kube);
  }

  const router = Router();
  router.use(requireFeature('settings.integrations', flags));

  router.get('/charts/:key', requirePermission('integrations', 'read'), async (req, res) => {
    const integration = integrationOf(req.params.key);
    const [{ files }, unavailableReason] = await Promise.all([
      readChart(repository, integration.chart),
      applyUnavailable(),
    ]);
    const answer: ChartAnswer = {
      key: integration.key,
      chart: integration.chart,
      version: files.version,
      repositoryUrl: repository.url,
      schema: files.schema,
      values: files.values,
      canApply: unavailableReason === undefined,
      ...(unavailableReason ? { applyUnavailable: unavailableReason } : {}),
      ...(files.error ? { error: files.error } : {}),
    };
    res.json(answer);
  });

  router.post('/charts/:key/check', requirePermission('integrations', 'read'), async (req, res) => {
    const integration = integrationOf(req.params.key);
    const values: unknown = isPlainObject(req.body) ? req.body.values : undefined;
    if (!isPlainObject(values)) throw new HttpError(400, VALUES_NOT_OBJECT);
    const { files, validate } = await readChart(repository, integration.chart);
    const answer: ValuesCheckAnswer = validate
      ? { problems: checkValues(validate, files.values, values) }
      : { problems: [], unchecked: files.error ?? `The chart ${files.chart} has no values schema.` };
    res.json(answer);
  });

  router.post('/apply', requirePermission('integrations', 'write'), async (req, res) => {
    const person = signedIn(req);
    const request = applyRequestOf(req.body);
    if (!kube || !hasCluster()) throw new HttpError(503, NO_CLUSTER_MESSAGE);
    const cluster = kube.status();
    if (cluster.state === 'unsupported') throw new HttpError(503, cluster.message ?? NO_CLUSTER_MESSAGE);
    const noFlux = cluster.state === 'connected' ? await fluxMissing(kube) : undefined;
    if (noFlux) throw new HttpError(503, noFlux);

    const { files, validate } = await readChart(repository, request.integration.chart, request.version);
    if (validate) {
      const problems = valuesProblems(validate, files.values, request.values);
      if (problems.length > 0)
        throw new HttpError(
          400,
          `The values do not match the schema of the chart ${files.chart} ${files.version}: ${problems.join('; ')}.`,
        );
    }
    const objects = fluxObjects({
      integration: request.integration,
      name: request.name,
      namespace: request.namespace,
      interval: request.interval,
      repositoryUrl: repository.url,
      version: request.version,
      values: request.values,
    }) as unknown as FluxObject[];
    const answer: ApplyAnswer = { objects: await applyFluxObjects(kube, person, objects) };
    res.json(answer);
  });

  return router;
}
