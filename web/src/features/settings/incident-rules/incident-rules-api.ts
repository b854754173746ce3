/** The incident rules' calls: a rule by id, created, its spec saved, the rule soft-deleted (spec 3 §2.3, §7). */
import { createRow, deleteRow, getRow, rowKey, updateRow, type SpecRow } from '../../spec-editor/index.js';

export const RULES_TABLE = 'incident_rules';
export const RULES_VALIDATE_PATH = `api/specs/${RULES_TABLE}/validate`;

export type IncidentRuleRow = SpecRow;

export const ruleKey = (id: string) => rowKey(RULES_TABLE, id);
export const getRule = (id: string) => getRow<IncidentRuleRow>(RULES_TABLE, id);
export const saveRuleSpec = (id: string, spec: Record<string, unknown>) =>
  updateRow<IncidentRuleRow>(RULES_TABLE, id, { spec });
export const deleteRule = (id: string) => deleteRow(RULES_TABLE, id);
export const createRule = (name: string, spec: Record<string, unknown>, createdBy: string | null) =>
  createRow<IncidentRuleRow>(RULES_TABLE, { name, spec }, createdBy);
