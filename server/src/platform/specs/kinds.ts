/**
 * The spec validators of the four custom resource kinds, one compiled schema each, shared by
 * /api/specs and the /api/db write rules (rules.ts).
 */
import { KINDS, type KindTable } from '../../kube/kinds.js';
import { specSchemaOf } from '../../kube/schemas/index.js';
import { createSpecValidator, type SpecValidator } from './validate.js';

const VALIDATORS = Object.fromEntries(
  KINDS.map((info) => [info.table, createSpecValidator(specSchemaOf(info.table))]),
) as Record<KindTable, SpecValidator>;

export const specValidatorOf = (table: KindTable): SpecValidator => VALIDATORS[table];
