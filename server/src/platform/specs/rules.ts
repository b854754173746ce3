/**
 * The /api/db write rules of the four kinds' tables: POST and PATCH of canaries, topologies,
 * config_scrapers or playbooks answer 422 on a spec its kind's schema refuses; so do those of
 * incident_rules, teams and logging_backends (kinds.ts, PLAIN_SPEC_TABLES).
 */
import { KINDS } from '../../kube/kinds.js';
import type { WriteRules } from '../rest/write-rules.js';
import { PLAIN_SPEC_TABLES, plainSpecValidatorOf, specValidatorOf } from './kinds.js';
import { specWriteValidator } from './validate.js';

export const specWriteRules: WriteRules = Object.fromEntries([
  ...KINDS.map((info) => [info.table, { validate: specWriteValidator(specValidatorOf(info.table)) }]),
  ...PLAIN_SPEC_TABLES.map((info) => [
    info.table,
    { validate: specWriteValidator(plainSpecValidatorOf(info.table)) },
  ]),
]);
