import { dump } from 'js-yaml';
import { fluxObjects, type ReleaseInput } from '../../../../../common/integrations.js';

/** Kubernetes objects as one YAML stream, in their order, as `kubectl apply -f` reads it. */
export function yamlDocuments(objects: readonly object[]): string {
  return objects.map((object) => dump(object, { noRefs: true, lineWidth: -1 })).join('---\n');
}

/** The Flux tab: the HelmRepository and HelmRelease the server would apply, as one YAML stream. */
export function fluxManifests(input: ReleaseInput): string {
  return yamlDocuments(fluxObjects(input));
}
