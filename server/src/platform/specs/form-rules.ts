/**
 * What the console's spec forms require beyond what the platform stores (spec 3 §2.3 and §5): a
 * playbook's title, the fields each catalog scraper form marks required. The stored specs (the
 * /api/db writes, the custom resources) accept what the platform accepts; the editors check
 * these too (POST /api/specs/:table/validate?form=true), so a resource made in the console has
 * them.
 */
import type { KindTable } from '../../kube/kinds.js';
import type { Schema } from '../../kube/schemas/index.js';

const filled: Schema = { type: 'string', minLength: 1 };

/** Entries of a scraper kind need these fields, each filled in. */
const entriesNeed = (...fields: string[]): Schema => ({
  type: 'array',
  items: {
    type: 'object',
    properties: Object.fromEntries(fields.map((field) => [field, filled])),
    required: fields,
  },
});

const scraperForm: Schema = {
  type: 'object',
  properties: {
    retention: {
      type: 'object',
      properties: { changes: entriesNeed('name') },
    },
    kubernetes: entriesNeed('clusterName'),
    kubernetesFile: entriesNeed('type', 'id'),
    sql: entriesNeed('connection', 'type', 'id', 'query'),
    azure: entriesNeed('connection'),
    githubActions: entriesNeed('owner', 'repository'),
    http: entriesNeed('url', 'type', 'id'),
    file: entriesNeed('format', 'icon'),
  },
};

const playbookForm: Schema = {
  type: 'object',
  properties: { title: filled },
  required: ['title'],
};

/** The forms' own rules, checked together with the kind's spec schema. */
export const FORM_RULES: Partial<Record<KindTable, Schema>> = {
  config_scrapers: scraperForm,
  playbooks: playbookForm,
};
