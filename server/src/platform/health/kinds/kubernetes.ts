/**
 * `kubernetes`: finds objects of a kind (`namespaceSelector`, `resource` name or selectors,
 * `ignore` globs) through the cluster connection and, with `ready` or `healthy`, fails for each
 * that is not; `test` sees them as `results`. Without a test, finding none fails.
 */
import type { KubernetesObject } from '@kubernetes/client-node';
import {
  KubeReadError,
  listObjects,
  readObject,
  servedKind,
  type KubeConnection,
  type ServedKind,
} from '../../../kube/index.js';
import type { Entry } from '../canary-spec.js';
import { failedTest, testExpressionOf } from '../test-expression.js';
import { cap, EntryError, fail, pass, str, type CheckOutcome, type KindContext } from './common.js';
import { healthOf, type ObjectHealth } from './kubernetes-health.js';

const SHOWN = 50;

interface Selector {
  name?: string;
  labelSelector?: string;
  fieldSelector?: string;
}

function selectorOf(value: unknown): Selector {
  if (!value || typeof value !== 'object') return {};
  const v = value as Record<string, unknown>;
  return { name: str(v.name), labelSelector: str(v.labelSelector), fieldSelector: str(v.fieldSelector) };
}

/** `kube-*,!*-lease`: a name matches one pattern and none of the negated ones. */
export function globMatcher(patterns: string): (name: string) => boolean {
  const toRegExp = (glob: string) =>
    new RegExp(
      `^${glob
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '.*')
        .replace(/\?/g, '.')}$`,
    );
  const parts = patterns
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const include = parts.filter((p) => !p.startsWith('!')).map(toRegExp);
  const exclude = parts.filter((p) => p.startsWith('!')).map((p) => toRegExp(p.slice(1)));
  return (name) =>
    (include.length === 0 || include.some((r) => r.test(name))) && !exclude.some((r) => r.test(name));
}

const isPattern = (text: string) => /[*?,!]/.test(text);

async function namespacesOf(kube: KubeConnection, selector: Selector): Promise<(string | undefined)[]> {
  if (selector.name && !isPattern(selector.name)) return [selector.name];
  if (!selector.name && !selector.labelSelector && !selector.fieldSelector) return [undefined];
  const namespaceKind = await servedKind(kube, 'v1/Namespace');
  const names = (await listObjects(kube, namespaceKind, undefined, selector))
    .map((ns) => ns.metadata?.name ?? '')
    .filter(Boolean);
  return selector.name ? names.filter(globMatcher(selector.name)) : names;
}

async function objectsIn(
  kube: KubeConnection,
  kind: ServedKind,
  namespace: string | undefined,
  resource: Selector,
): Promise<KubernetesObject[]> {
  if (resource.name && !isPattern(resource.name)) {
    const found = await readObject(kube, kind, namespace, resource.name);
    return found ? [found] : [];
  }
  const listed = await listObjects(kube, kind, namespace, resource);
  return resource.name ? listed.filter((o) => globMatcher(resource.name!)(o.metadata?.name ?? '')) : listed;
}

const idOf = (o: KubernetesObject) =>
  [o.kind, o.metadata?.namespace, o.metadata?.name]
    .filter((part) => part !== undefined && part !== '')
    .join('/');

function problemOf(o: KubernetesObject, health: ObjectHealth): string {
  const why = health.message ? `: ${health.message}` : '';
  return `${idOf(o)} is ${health.health === 'healthy' ? 'not ready' : health.health} (${health.status})${why}`;
}

export async function runKubernetes(entry: Entry, ctx: KindContext): Promise<CheckOutcome> {
  const kindName = str(entry.kind);
  if (!kindName) throw new EntryError('kind is required (Pod, Deployment, Node…)');
  if (entry.kubeconfig !== undefined)
    return fail(
      "a check's own kubeconfig is not used by this console: it reads through its cluster connection",
    );
  const kube = ctx.kube;
  if (!kube?.kubeConfig)
    return fail('no Kubernetes cluster is configured (set KUBECONFIG or run the console in a cluster)');
  const wantReady = entry.ready === true;
  const wantHealthy = entry.healthy === true;
  const ignored = Array.isArray(entry.ignore)
    ? entry.ignore.filter((p): p is string => typeof p === 'string').map(globMatcher)
    : [];
  let objects: KubernetesObject[] = [];
  try {
    const kind = await servedKind(kube, kindName);
    // The platform reads `namespaceSelector`; older canaries wrote `namespace`.
    const namespaces = kind.namespaced
      ? await namespacesOf(kube, selectorOf(entry.namespaceSelector ?? entry.namespace))
      : [undefined];
    for (const namespace of namespaces)
      objects.push(...(await objectsIn(kube, kind, namespace, selectorOf(entry.resource))));
  } catch (error) {
    if (error instanceof KubeReadError) return fail(error.message);
    throw error;
  }
  objects = objects.filter((o) => !ignored.some((match) => match(o.metadata?.name ?? '')));
  const assessed = objects.map((o) => ({
    object: o,
    health: healthOf(o as unknown as Record<string, unknown>),
  }));
  const detail = {
    count: assessed.length,
    objects: assessed.slice(0, SHOWN).map(({ object, health }) => ({ id: idOf(object), ...health })),
  };
  const message = `${assessed.length} ${kindName} found${assessed.length > SHOWN ? ` (${SHOWN} shown)` : ''}`;
  const failing = assessed.filter(
    ({ health }) => (wantReady && !health.ready) || (wantHealthy && health.health !== 'healthy'),
  );
  if (failing.length > 0) {
    const more = failing.length > 1 ? ` (and ${failing.length - 1} more)` : '';
    return fail(`${problemOf(failing[0]!.object, failing[0]!.health)}${more}`, message, detail);
  }
  const expr = testExpressionOf(entry);
  if (!expr && assessed.length === 0) return fail(`no ${kindName} found`, message, detail);
  if (expr) {
    const results = assessed.map(({ object, health }) => ({ ...object, healthStatus: health }));
    const problem = failedTest(expr, { results });
    if (problem) return fail(cap(problem), message, detail);
  }
  return pass(message, detail);
}
