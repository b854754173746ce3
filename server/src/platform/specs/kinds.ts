/**
 * The spec validators of the four custom resource kinds, one compiled schema each, shared by
 * /api/specs, /api/canary and the /api/db write hook.
 */
import { KINDS, type KindTable } from '../../kube/kinds.js';
import { specSchemaOf } from '../../kube/schemas/index.js';
import type { ValidateWrite } from '../rest/router.js';
import { createSpecValidator, specWriteValidator, type SpecValidator } from './validate.js';

const VALIDATORS = Object.fromEntries(
  KINDS.map((info) => [info.table, createSpecValidator(specSchemaOf(info.table))]),
) as Record<KindTable, SpecValidator>;

export const specValidatorOf = (table: KindTable): SpecValidator => VALIDATORS[table];

/** /api/db POST and PATCH of canaries, topologies, config_scrapers or playbooks: 422 on a spec its schema refuses. */
export const validateSpecWrite: ValidateWrite = specWriteValidator(VALIDATORS);
