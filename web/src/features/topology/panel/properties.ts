import type { ComponentProperty } from '../types.js';

/** Only web addresses become links: a property's url comes from a topology's spec. */
export const isSafeLink = (url: string | undefined): url is string => !!url && /^https?:\/\//i.test(url);

/** The properties a person should see, in their order. */
export function visibleProperties(properties: ComponentProperty[] | undefined): ComponentProperty[] {
  return (properties ?? [])
    .filter((property) => !property.hidden && property.name)
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
}
