import { dump } from 'js-yaml';
import { fluxObjects, type ReleaseInput } from '../../../../../common/integrations.js';

/** The Flux tab: the HelmRepository and HelmRelease the server would apply, as one YAML stream. */
export function fluxManifests(input: ReleaseInput): string {
  return fluxObjects(input)
    .map((object) => dump(object, { noRefs: true, lineWidth: -1 }))
    .join('---\n');
}
