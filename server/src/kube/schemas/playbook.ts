/**
 * The JSON schema (draft-07) of a Playbook spec: the value of playbooks.spec and the `spec` of
 * the Playbook custom resource (mission-control.flanksource.com/v1). Parameters are described
 * field by field (spec 1 §3: the run dialog builds its form from them), so a typo in one is
 * caught; selectors, actions, approval and triggers (`on`) are the platform's and stay open.
 */
import {
  boolean,
  count,
  listOf,
  nonEmpty,
  number,
  openList,
  openObject,
  specSchema,
  string,
  type Schema,
} from './fragments.js';

/** Spec 1 §3: the kinds of parameter the run dialog can show. */
export const PARAMETER_TYPES = [
  'code',
  'checkbox',
  'list',
  'team',
  'people',
  'component',
  'config',
  'check',
  'text',
];

const option: Schema = {
  type: 'object',
  properties: { label: string, value: string },
  required: ['value'],
  additionalProperties: false,
};

const parameterProperties: Schema = {
  type: 'object',
  properties: {
    size: string,
    language: string,
    jsonSchemaUrl: string,
    options: { type: 'array', items: option },
    filter: { description: 'which items the picker offers (the platform decides its shape)' },
    multiline: boolean,
    minLength: count,
    maxLength: count,
    regex: string,
    format: { type: 'string', enum: ['bytes', 'millicores', 'dns1123'] },
    min: number,
    max: number,
  },
  additionalProperties: false,
};

const parameter: Schema = {
  type: 'object',
  properties: {
    name: nonEmpty,
    label: string,
    description: string,
    icon: string,
    type: { type: 'string', enum: PARAMETER_TYPES },
    default: { ...string, description: 'a value or a template' },
    required: boolean,
    dependsOn: { type: 'array', items: string },
    properties: parameterProperties,
  },
  required: ['name'],
  additionalProperties: false,
};

export const playbookSpecSchema: Schema = specSchema('playbook-spec', 'Playbook spec', {
  properties: {
    title: nonEmpty,
    icon: string,
    description: string,
    category: string,
    configs: openList,
    components: openList,
    checks: openList,
    parameters: { type: 'array', items: parameter },
    actions: listOf({ name: nonEmpty, timeout: string }, ['name']),
    approval: openObject,
    on: openObject,
  },
  required: ['title'],
});
