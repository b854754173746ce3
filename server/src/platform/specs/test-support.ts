import { ruleOf } from '../rest/write-rules.js';
import { specWriteRules } from './rules.js';

/** What /api/db runs before a POST of these rows to `relation`, as the spec rules have it. */
export const validateSpecWrite = (relation: string, rows: Record<string, unknown>[]) =>
  ruleOf(specWriteRules, relation)?.validate?.({ relation, method: 'POST', rows });
