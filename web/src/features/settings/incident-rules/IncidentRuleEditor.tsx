import { useId } from 'react';
import { FormGroup, TextInput } from '@patternfly/react-core';
import { SpecEditor, type SpecKind } from '../../../components/SpecResource/index.js';
import { deleteRule, RULES_VALIDATE_PATH, saveRuleSpec, type IncidentRuleRow } from './incident-rules-api.js';

export const RULE_NOUN = 'Incident Rule';

/** A rule's spec, checked against the IncidentRule schema (in the editor and the add dialog). */
export const RULE_SPEC: SpecKind = {
  validatePath: RULES_VALIDATE_PATH,
  placeholder:
    "components:\n  - name: api-*\ntemplate:\n  title: '{{.component.name}} is down'\n  severity: high\nautoResolve: {}",
};

export interface IncidentRuleEditorProps {
  rule: IncidentRuleRow;
  readOnly: boolean;
  onSaved: () => void;
  onDeleted: () => void;
}

/**
 * An incident rule's spec as YAML, checked against the IncidentRule schema at its lines while
 * typing; Update saves it, Delete removes the rule after a confirmation. The name is fixed.
 */
export function IncidentRuleEditor({ rule, readOnly, onSaved, onDeleted }: IncidentRuleEditorProps) {
  const nameId = useId();
  return (
    <SpecEditor
      kind={RULE_SPEC}
      resource={rule}
      readOnly={readOnly}
      save={(spec) => saveRuleSpec(rule.id, spec)}
      onSaved={onSaved}
      fields={
        <FormGroup label="Name" fieldId={nameId}>
          <TextInput id={nameId} value={rule.name} readOnlyVariant="default" />
        </FormGroup>
      }
      deletion={{
        title: `Delete ${RULE_NOUN}`,
        body: `Are you sure you want to delete ${RULE_NOUN} ${rule.name}?`,
        remove: () => deleteRule(rule.id),
        onDeleted,
      }}
    />
  );
}
