/**
 * The `status` of each custom resource (draft-07, like the specs): what the platform's
 * controllers write through the status subresource. The fields the printer columns and the
 * console show are typed; everything else the controllers record stays open.
 */
import type { KindTable } from '../kinds.js';
import { count, string, type Schema } from './fragments.js';

const time: Schema = { type: 'string', format: 'date-time' };
const stringMap: Schema = { type: 'object', additionalProperties: string };

/** Fields every controller of the platform writes. */
const common: Schema = {
  observedGeneration: { type: 'integer', minimum: 0 },
  persistentID: string,
  status: string,
  message: string,
  errorMessage: string,
};

const canaryStatus: Schema = {
  type: 'object',
  properties: {
    ...common,
    lastCheck: time,
    lastTransitionedTime: time,
    uptime1h: { ...string, description: "share of passing runs in the last hour, e.g. '98.3%'" },
    latency1h: {
      ...string,
      description: "95th percentile of the run durations in the last hour, e.g. '120ms'",
    },
    replicas: count,
    checks: { ...stringMap, description: 'check name → check id' },
    checkStatus: { type: 'object', additionalProperties: { type: 'object' } },
  },
};

const topologyStatus: Schema = {
  type: 'object',
  properties: { ...common, lastRuntime: time },
};

const scrapeConfigStatus: Schema = {
  type: 'object',
  properties: { ...common, lastRunTime: time },
};

const playbookStatus: Schema = { type: 'object', properties: { ...common } };

export const STATUS_SCHEMAS: Record<KindTable, Schema> = {
  canaries: canaryStatus,
  topologies: topologyStatus,
  config_scrapers: scrapeConfigStatus,
  playbooks: playbookStatus,
};
