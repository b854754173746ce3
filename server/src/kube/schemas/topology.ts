/**
 * The JSON schema (draft-07) of a Topology spec: the value of topologies.spec and the `spec` of
 * the Topology custom resource (canaries.flanksource.com/v1). Spec 3 §3 names the fields the
 * topology form edits (the topology component and its properties); the platform defines more,
 * so every object stays open to fields not listed here.
 */
import {
  count,
  listOf,
  nonEmpty,
  number,
  openList,
  openObject,
  specSchema,
  string,
  stringMap,
  template,
  type Schema,
} from './fragments.js';

const link: Schema = {
  type: 'object',
  properties: { type: string, url: string, tooltip: string, icon: string, text: string, label: string },
};

/** A property of a topology or component: a text or a number (value of max, in unit). */
const property = listOf({
  name: string,
  label: string,
  type: string,
  text: string,
  value: number,
  min: number,
  max: number,
  unit: string,
  icon: string,
  color: string,
  tooltip: string,
  order: count,
  headline: { type: 'boolean' },
  links: { type: 'array', items: link },
  lookup: openObject,
  configLookup: openObject,
});

const component = listOf(
  {
    name: nonEmpty,
    type: string,
    icon: string,
    text: string,
    tooltip: string,
    owner: string,
    id: template,
    labels: stringMap,
    lookup: openObject,
    selectors: openList,
    configs: openList,
    checks: openList,
    properties: property,
    // Nested components have the same shape; the editor keeps them open rather than recursive.
    components: openList,
    forEach: openObject,
  },
  ['name'],
);

export const topologySpecSchema: Schema = specSchema('topology-spec', 'Topology spec', {
  properties: {
    schedule: { ...nonEmpty, description: "cron, or '@every 5m', '@hourly', '@daily'..." },
    type: string,
    id: template,
    icon: string,
    label: string,
    owner: string,
    text: string,
    tooltip: string,
    components: component,
    properties: property,
    configs: openList,
    push: openObject,
    groupBy: openObject,
  },
});
