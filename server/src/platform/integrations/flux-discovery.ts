/**
 * Whether the cluster serves Flux's two kinds, from API discovery (open to any signed-in client,
 * unlike reading CRDs), so that the values step can say before Apply that Flux is missing. The
 * answer is kept briefly: the step asks at every opening, and Flux is rarely installed meanwhile.
 */
import { kubeClient } from '../../kube/client-library.js';
import { httpStatusOf, meansUnreachable, type KubeConnection } from '../../kube/connection.js';

/** The kinds Apply writes, HelmRelease first: the one a person knows Flux by. */
const FLUX_KINDS = [
  { group: 'helm.toolkit.fluxcd.io', version: 'v2', plural: 'helmreleases', kind: 'HelmRelease' },
  { group: 'source.toolkit.fluxcd.io', version: 'v1', plural: 'helmrepositories', kind: 'HelmRepository' },
] as const;

export const fluxMissingMessage = (kind: string) =>
  `Flux is not installed in the cluster: it does not serve ${kind} resources.`;

export const FLUX_DISCOVERY_TTL_MS = 30_000;

const known = new WeakMap<KubeConnection, { at: number; answer: Promise<string | undefined> }>();

/** The missing kind's sentence, or undefined when served; throws when discovery did not answer. */
async function discover(kube: KubeConnection): Promise<string | undefined> {
  const api = kube.kubeConfig!.makeApiClient(kubeClient().CustomObjectsApi);
  for (const { group, version, plural, kind } of FLUX_KINDS) {
    try {
      const list = await api.getAPIResources({ group, version });
      if (!list.resources.some((resource) => resource.name === plural)) return fluxMissingMessage(kind);
    } catch (error) {
      // 404: no CRD of this group and version is installed.
      if (httpStatusOf(error) === 404) return fluxMissingMessage(kind);
      if (meansUnreachable(error)) kube.noteFailure(error);
      throw error;
    }
  }
  return undefined;
}

/**
 * Why Flux's kinds cannot be written to the connected cluster, or undefined when they are served
 * or discovery could not tell (then Apply finds out itself). Failures are not kept.
 */
export async function fluxMissing(kube: KubeConnection): Promise<string | undefined> {
  let entry = known.get(kube);
  if (!entry || Date.now() - entry.at > FLUX_DISCOVERY_TTL_MS) {
    entry = { at: Date.now(), answer: discover(kube) };
    known.set(kube, entry);
    entry.answer.catch(() => {
      if (known.get(kube) === entry) known.delete(kube);
    });
  }
  try {
    return await entry.answer;
  } catch {
    return undefined;
  }
}
