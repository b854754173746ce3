/**
 * The JSON schema (draft-07) of a Topology spec: the value of topologies.spec and the `spec` of
 * the Topology custom resource (canaries.flanksource.com/v1), field by field as canary-checker
 * defines it (TopologySpec, ComponentSpec). Unknown fields are refused, so a typo is named.
 *
 * A component's children have the same shape again: the schema describes them a few levels
 * deep and keeps deeper levels open, because a structural CRD schema cannot refer to itself. The
 * canary specs a topology looks values up with (`lookup`, inline checks) are kept open too:
 * described in every place they may appear, the Canary schema would make the CRD tens of
 * megabytes.
 */
import {
  configQueries,
  configQuery,
  httpConnectionFields,
  link,
  resourceSelector,
  resourceSelectors,
  template,
} from './duty.js';
import {
  boolean,
  closed,
  count,
  integer,
  openObject,
  specSchema,
  string,
  stringMap,
  type Schema,
} from './fragments.js';

/** The levels of nested components the schema describes; deeper ones are kept as they are. */
const DESCRIBED_DEPTH = 1;

/** A canary spec whose check results give values (a component's or a property's lookup). */
const lookupSpec: Schema = {
  ...openObject,
  description: 'a canary spec: checks whose results are looked up',
};

/** A property of a topology or component: a text, or a number (value of max, in unit). */
const property = closed({
  name: string,
  label: string,
  type: string,
  text: string,
  value: { type: 'number' },
  min: { type: 'number' },
  max: { type: 'number' },
  unit: { type: 'string', description: 'milliseconds, bytes, millicores, epoch...' },
  icon: string,
  color: string,
  tooltip: string,
  order: integer,
  headline: boolean,
  hidden: boolean,
  status: string,
  lastTransition: string,
  links: { type: 'array', items: link },
  lookup: lookupSpec,
  configLookup: closed({
    id: string,
    config: configQuery,
    field: { type: 'string', description: 'a JSONPath into the config' },
    display: template,
  }),
  summary: template,
});
const properties: Schema = { type: 'array', items: property };

const componentCheck = closed({ selector: resourceSelector, inline: lookupSpec });
const componentChecks: Schema = { type: 'array', items: componentCheck };

const relationships: Schema = {
  type: 'array',
  items: closed({
    type: { type: 'string', description: 'dependsOn, subcomponentOf, providesApis, consumesApis...' },
    ref: string,
  }),
};

const summary = closed({
  healthy: count,
  unhealthy: count,
  warning: count,
  info: count,
  incidents: { type: 'object', additionalProperties: { type: 'object', additionalProperties: count } },
  insights: { type: 'object', additionalProperties: { type: 'object', additionalProperties: count } },
  checks: { type: 'object', additionalProperties: count },
});

const logSelectors: Schema = {
  type: 'array',
  items: closed({ name: string, type: string, labels: stringMap }),
};

const openComponents: Schema = {
  type: 'array',
  items: { ...openObject, description: 'a component (not checked this deep)' },
};

/** A component with `depth` levels of described children below it. */
function component(depth: number): Schema {
  const children = depth > 0 ? { type: 'array', items: component(depth - 1) } : openComponents;
  return closed({
    name: string,
    namespace: string,
    type: { type: 'string', description: 'service, API, website, database...' },
    lifecycle: { type: 'string', description: 'production, staging, dev...' },
    icon: string,
    tooltip: string,
    owner: string,
    externalID: string,
    id: template,
    order: integer,
    labels: stringMap,
    hidden: { type: 'boolean', description: 'not shown in the UI' },
    health: string,
    configID: string,
    statusExpr: { type: 'string', description: 'a CEL expression of the summary' },
    healthExpr: { type: 'string', description: 'a CEL expression of the summary' },
    relationships,
    properties,
    lookup: lookupSpec,
    components: children,
    selectors: { ...resourceSelectors, description: 'other components to link to this one' },
    checks: componentChecks,
    configs: { ...configQueries, description: 'config items to link to this one' },
    summary,
    forEach: closed(
      {
        components: children,
        properties,
        configs: configQueries,
        selectors: resourceSelectors,
        relationships,
        checks: componentChecks,
      },
      [],
      'applied to every component the lookup returns',
    ),
    logs: logSelectors,
    parentLookup: closed({ name: string, namespace: string, type: string, externalID: string }),
  });
}

export const topologySpecSchema: Schema = specSchema('topology-spec', 'Topology spec', {
  properties: {
    schedule: { type: 'string', minLength: 1, description: "cron, or '@every 5m', '@hourly', '@daily'..." },
    type: string,
    id: template,
    icon: string,
    label: string,
    owner: string,
    text: string,
    tooltip: string,
    statusExpr: { type: 'string', description: 'a CEL expression of the summary' },
    healthExpr: { type: 'string', description: 'a CEL expression of the summary' },
    components: { type: 'array', items: component(DESCRIBED_DEPTH) },
    properties,
    configs: configQueries,
    groupBy: closed({ tag: { type: 'string', minLength: 1 }, selector: resourceSelector }, ['tag']),
    push: closed(httpConnectionFields, [], 'where an agent pushes the topology'),
  },
  additionalProperties: false,
});
