/**
 * A component's properties: as written (text, value, unit, max, headline...), or found by a
 * `lookup` (a canary spec whose result is the value, a list of properties, or a list of
 * components with properties to merge into the components of the same name), or by a
 * `configLookup` (a config item's field, or its `display` template over the item).
 */
import { runTemplate, templateOf } from '../../health/index.js';
import type { ComponentProperty } from '../types.js';
import { noteError, type BuildContext } from './context.js';
import { lookup, parsedResult, plain } from './lookup.js';
import { configQuery } from './selectors.js';
import { isRecord, text } from './spec.js';
import type { BuiltComponent, Spec } from './types.js';

const PROPERTY_FIELDS = [
  'name',
  'label',
  'type',
  'text',
  'value',
  'min',
  'max',
  'unit',
  'icon',
  'color',
  'tooltip',
  'order',
  'headline',
  'hidden',
  'status',
  'lastTransition',
  'links',
] as const;

/** A property as written, without what only the builder reads. */
export function propertyOf(spec: Spec): ComponentProperty {
  const out: Record<string, unknown> = {};
  for (const field of PROPERTY_FIELDS)
    if (spec[field] !== undefined && spec[field] !== null) out[field] = spec[field];
  if (typeof out.value === 'string' && out.value.trim() && Number.isFinite(Number(out.value)))
    out.value = Number(out.value);
  out.name = String(out.name ?? '');
  return out as unknown as ComponentProperty;
}

/** A looked-up value in the property: a number as its value, anything else as its text. */
function withFoundValue(property: ComponentProperty, found: unknown): ComponentProperty {
  const value = typeof found === 'string' ? found.trim() : found;
  if (typeof value === 'number' && Number.isFinite(value)) return { ...property, value };
  if (typeof value === 'string' && value !== '' && Number.isFinite(Number(value)))
    return { ...property, value: Number(value) };
  return { ...property, text: typeof value === 'string' ? value : JSON.stringify(value) };
}

const isPropertyList = (v: unknown): v is Spec[] =>
  Array.isArray(v) &&
  v.length > 0 &&
  v.every((p) => isRecord(p) && typeof p.name === 'string' && !('properties' in p));
const isComponentList = (v: unknown): v is Spec[] =>
  Array.isArray(v) &&
  v.length > 0 &&
  v.every((c) => isRecord(c) && typeof c.name === 'string' && Array.isArray(c.properties));

/** Merges found properties into the property of the same name, or adds them. */
export function mergeProperties(into: ComponentProperty[], found: ComponentProperty[]): ComponentProperty[] {
  const out = [...into];
  for (const property of found) {
    const index = out.findIndex((p) => p.name === property.name);
    if (index >= 0) out[index] = { ...out[index]!, ...property };
    else out.push(property);
  }
  return out;
}

function dottedField(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path
    .replace(/^\$\.?/, '')
    .split('.')
    .filter(Boolean)) {
    if (!isRecord(current) && !Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

async function configLookup(
  spec: Spec,
  property: ComponentProperty,
  current: BuiltComponent | null,
  ctx: BuildContext,
): Promise<ComponentProperty> {
  const configLookupSpec = spec.configLookup as Spec;
  const selector = isRecord(configLookupSpec.config) ? { ...configLookupSpec.config } : {};
  const fromProperty = text(configLookupSpec.id);
  if (fromProperty && current) {
    const named = current.properties.find((p) => p.name === fromProperty);
    if (named) selector.name = String(named.value ?? named.text ?? '');
  }
  const { sql, params } = configQuery(
    { ...selector, limit: 1 },
    'id, name, namespace, type, config_class, status, health, labels, tags, config',
  );
  const { rows } = await ctx.db.query<Record<string, unknown>>(sql, params);
  const item = rows[0];
  if (!item) return property;
  const field = text(configLookupSpec.field);
  const display = isRecord(configLookupSpec.display) ? templateOf(configLookupSpec, 'display') : undefined;
  if (display) {
    const env = plain({ ...item, config_type: item.type }) as Record<string, unknown>;
    return withFoundValue(property, runTemplate(display, env));
  }
  if (field) return withFoundValue(property, plain(dottedField(item.config, field)));
  return property;
}

/**
 * The properties the specs give a component (`current`, null for a whole group), merged into its
 * own; `siblings` are the components a component-list result merges into.
 */
export async function buildProperties(
  specs: Spec[],
  current: BuiltComponent | null,
  siblings: BuiltComponent[],
  ctx: BuildContext,
): Promise<ComponentProperty[]> {
  const out: ComponentProperty[] = [];
  for (const spec of specs) {
    const property = propertyOf(spec);
    try {
      if (isRecord(spec.configLookup)) {
        out.push(await configLookup(spec, property, current, ctx));
        continue;
      }
      if (!isRecord(spec.lookup)) {
        out.push(property);
        continue;
      }
      const results = await lookup(property.name || 'property', spec.lookup, { ...ctx });
      if (results.length === 0) continue;
      const first = parsedResult(results[0]);
      if (isComponentList(first)) {
        for (const found of first) {
          const target = siblings.find((c) => c.name === found.name);
          if (target)
            target.properties = mergeProperties(
              target.properties,
              (found.properties as Spec[]).map(propertyOf),
            );
        }
      } else if (isPropertyList(first)) out.push(...first.map(propertyOf));
      else out.push(withFoundValue(property, first));
    } catch (error) {
      noteError(ctx, `property ${property.name}: ${(error as Error).message}`);
    }
  }
  return out;
}
