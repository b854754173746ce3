import type { ComponentProperty } from '../types.js';

/** Only web addresses become links: a property's url comes from a topology's spec. */
export const isSafeLink = (url: string | undefined): url is string => !!url && /^https?:\/\//i.test(url);

/** The properties a person should see, in their order. */
export function visibleProperties(properties: ComponentProperty[] | undefined): ComponentProperty[] {
  return (properties ?? [])
    .filter((property) => !property.hidden && property.name)
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
}

/** A property as text: its text, else its value (of max) in its unit. */
export function propertyText(property: ComponentProperty): string {
  if (property.text) return property.text;
  if (property.value === undefined || property.value === null) return '';
  const unit = property.unit ? ` ${property.unit}` : '';
  const max = property.max !== undefined && property.max !== null ? ` / ${property.max}${unit}` : '';
  return `${property.value}${unit}${max}`;
}
