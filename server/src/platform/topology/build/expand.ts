/**
 * The component tree a topology's spec gives, as canary-checker builds it: a root for the
 * topology (its text or name, type, icon, labels and properties) whose children are the spec's
 * `components`. A component without a lookup is itself, with its nested `components` below it;
 * one with a `lookup` is replaced by the components its lookup returns, each given the
 * `forEach` block (rendered for it: `$(.component.name)`). Properties, checks, configs and
 * selectors are attached; roll-ups and ids come later.
 */
import { renderGoTemplate } from '../../../lib/go-template.js';
import { noteError, type BuildContext } from './context.js';
import { lookup, parsedResult } from './lookup.js';
import { buildProperties, mergeProperties, propertyOf } from './properties.js';
import { selectorIdOf } from './selectors.js';
import { healthOf, isRecord, records, statusOf, stringMap, text } from './spec.js';
import { componentEnvironment, templateValue } from './template.js';
import type { BuiltComponent, SelectorUse, Spec, TopologyRow } from './types.js';

/** A child of this type alone under the root stands for the root's children, as upstream. */
const VIRTUAL = 'virtual';

/** A component with nothing but its name; what a spec states is set on it. */
export function emptyComponent(name: string): BuiltComponent {
  return {
    name,
    type: null,
    icon: null,
    text: null,
    tooltip: null,
    owner: null,
    lifecycle: null,
    namespace: null,
    externalId: null,
    description: null,
    hidden: false,
    labels: {},
    properties: [],
    logSelectors: null,
    selectors: null,
    health: null,
    status: null,
    statusReason: null,
    healthExpr: null,
    statusExpr: null,
    checkSelectors: [],
    inlineChecks: [],
    configSelectors: [],
    children: [],
  };
}

const nullable = (value: unknown): string | null => text(value) ?? null;

function uses(kind: string, selectors: Spec[]): SelectorUse[] {
  return selectors.map((selector) => ({ selectorId: selectorIdOf(kind, selector), selector }));
}

/** The checks block of a spec: selectors of existing checks, and inline canaries. */
function attachChecks(component: BuiltComponent, checks: Spec[]): void {
  for (const check of checks) {
    if (isRecord(check.selector)) component.checkSelectors.push(...uses('checks', [check.selector]));
    if (isRecord(check.inline)) component.inlineChecks.push(...uses('inline', [check.inline]));
  }
}

function attachConfigs(component: BuiltComponent, configs: Spec[]): void {
  component.configSelectors.push(...uses('configs', configs));
}

/** The fields a component spec and a lookup result share. */
function fillFields(component: BuiltComponent, source: Spec): void {
  component.type = nullable(source.type) ?? component.type;
  component.icon = nullable(source.icon) ?? component.icon;
  component.text = nullable(source.text) ?? component.text;
  component.tooltip = nullable(source.tooltip) ?? component.tooltip;
  component.owner = nullable(source.owner) ?? component.owner;
  component.lifecycle = nullable(source.lifecycle) ?? component.lifecycle;
  component.namespace = nullable(source.namespace) ?? component.namespace;
  component.description = nullable(source.description) ?? component.description;
  component.externalId =
    nullable(source.externalID) ??
    nullable(source.external_id) ??
    nullable(source.externalId) ??
    component.externalId;
  if (typeof source.hidden === 'boolean') component.hidden = source.hidden;
  component.labels = { ...component.labels, ...stringMap(source.labels) };
  component.health = healthOf(source.health) ?? component.health;
  component.status = statusOf(source.status) ?? component.status;
  component.statusReason =
    nullable(source.status_reason) ?? nullable(source.statusReason) ?? component.statusReason;
  component.healthExpr = nullable(source.healthExpr) ?? component.healthExpr;
  component.statusExpr = nullable(source.statusExpr) ?? component.statusExpr;
  if (Array.isArray(source.logs)) component.logSelectors = source.logs;
  if (Array.isArray(source.selectors) && source.selectors.length) component.selectors = source.selectors;
  attachConfigs(component, records(source.configs));
  const configId = nullable(source.configID) ?? nullable(source.config_id);
  if (configId) attachConfigs(component, [{ id: configId }]);
  attachChecks(component, records(source.checks));
}

/** A component a lookup returned (an object with at least a name), with its nested components. */
function componentFromResult(result: unknown): BuiltComponent {
  if (!isRecord(result) || !text(result.name))
    throw new Error(
      `a lookup result is not a component with a name: ${JSON.stringify(result).slice(0, 200)}`,
    );
  const component = emptyComponent(text(result.name)!);
  fillFields(component, result);
  component.properties = records(result.properties).map(propertyOf);
  component.children = records(result.components).map(componentFromResult);
  return component;
}

/** The components a lookup returns: a list, one object, or a text holding either. */
function componentsOfResults(results: unknown[]): BuiltComponent[] {
  const out: BuiltComponent[] = [];
  for (const raw of results) {
    const value = parsedResult(raw);
    if (typeof value === 'string') {
      if (!value.trim()) continue;
      throw new Error(`the lookup returned text, not components: ${value.slice(0, 200)}`);
    }
    for (const item of Array.isArray(value) ? value : [value]) out.push(componentFromResult(item));
  }
  return out;
}

async function applyForEach(component: BuiltComponent, forEach: Spec, ctx: BuildContext): Promise<void> {
  let block: Spec;
  try {
    block = templateValue(forEach, componentEnvironment(component));
  } catch (error) {
    noteError(ctx, `forEach of ${component.name}: ${(error as Error).message}`);
    return;
  }
  const properties = await buildProperties(records(block.properties), component, [component], ctx);
  component.properties = mergeProperties(component.properties, properties);
  for (const child of records(block.components))
    component.children.push(...(await expandComponent(child, ctx)));
  attachConfigs(component, records(block.configs));
  attachChecks(component, records(block.checks));
  const selectors = records(block.selectors);
  if (selectors.length) component.selectors = [...(component.selectors ?? []), ...selectors];
}

/** The external id the spec's `id` template gives a component, else its name. */
function externalIdOf(component: BuiltComponent, spec: Spec, ctx: BuildContext): string {
  if (component.externalId) return component.externalId;
  const template = isRecord(spec.id) ? text(spec.id.template) : text(spec.id);
  if (template) {
    try {
      return renderGoTemplate(template, componentEnvironment(component)).trim() || component.name;
    } catch (error) {
      noteError(ctx, `id of ${component.name}: ${(error as Error).message}`);
    }
  }
  return component.name;
}

/** One component spec: the components it stands for (itself, or what its lookup found). */
export async function expandComponent(spec: Spec, ctx: BuildContext): Promise<BuiltComponent[]> {
  const name = text(spec.name) ?? '';
  let components: BuiltComponent[];
  if (isRecord(spec.lookup)) {
    try {
      components = componentsOfResults(await lookup(name || 'lookup', spec.lookup, ctx));
    } catch (error) {
      noteError(ctx, `lookup of ${name || 'a component'}: ${(error as Error).message}`, { partial: true });
      return [];
    }
    if (isRecord(spec.forEach))
      for (const component of components) await applyForEach(component, spec.forEach, ctx);
  } else {
    if (!name) {
      noteError(ctx, 'a component without a name or a lookup is left out');
      return [];
    }
    const component = emptyComponent(name);
    fillFields(component, spec);
    for (const child of records(spec.components))
      component.children.push(...(await expandComponent(child, ctx)));
    components = [component];
  }
  const propertySpecs = records(spec.properties);
  for (const component of components) {
    if (propertySpecs.length) {
      const found = await buildProperties(propertySpecs, component, components, ctx);
      component.properties = mergeProperties(component.properties, found);
    }
    component.icon ??= nullable(spec.icon);
    component.lifecycle ??= nullable(spec.lifecycle);
    component.externalId = externalIdOf(component, spec, ctx);
  }
  return components;
}

/** The root of one topology (or of one group of it), with everything below it. */
export async function expandRoot(
  row: TopologyRow,
  spec: Spec,
  name: string,
  ctx: BuildContext,
): Promise<BuiltComponent> {
  const root = emptyComponent(name);
  fillFields(root, { ...spec, configs: undefined, checks: undefined, configID: undefined, name });
  root.icon ??= row.icon;
  attachConfigs(root, records(spec.configs));
  for (const child of records(spec.components)) root.children.push(...(await expandComponent(child, ctx)));
  if (root.children.length === 1 && root.children[0]!.type === VIRTUAL)
    root.children = root.children[0]!.children;
  root.properties = await buildProperties(records(spec.properties), root, [root], ctx);
  root.externalId = externalIdOf(root, spec, ctx);
  const topologyLabels = stringMap(row.labels);
  const namespace = row.namespace;
  const visit = (component: BuiltComponent) => {
    component.labels = { ...topologyLabels, ...component.labels };
    component.namespace ??= namespace;
    component.children.forEach(visit);
  };
  visit(root);
  return root;
}
