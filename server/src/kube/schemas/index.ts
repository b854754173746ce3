/**
 * One schema per kind for both the YAML editors' validation (/api/specs, /api/canary) and the
 * CustomResourceDefinitions (kube/crds.ts converts them to structural schemas).
 */
import type { KindTable } from '../kinds.js';
import { canarySpecSchema } from './canary.js';
import type { Schema } from './fragments.js';
import { playbookSpecSchema } from './playbook.js';
import { scrapeConfigSpecSchema } from './scrape-config.js';
import { STATUS_SCHEMAS } from './status.js';
import { topologySpecSchema } from './topology.js';

export type { Schema } from './fragments.js';

const SPEC_SCHEMAS: Record<KindTable, Schema> = {
  canaries: canarySpecSchema,
  topologies: topologySpecSchema,
  config_scrapers: scrapeConfigSpecSchema,
  playbooks: playbookSpecSchema,
};

/** The JSON schema (draft-07) of the `spec` of a kind's rows and custom resources. */
export const specSchemaOf = (table: KindTable): Schema => SPEC_SCHEMAS[table];

/** The JSON schema of a kind's custom resource `status`. */
export const statusSchemaOf = (table: KindTable): Schema => STATUS_SCHEMAS[table];
