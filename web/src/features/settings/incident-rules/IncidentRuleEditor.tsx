import { useId, useMemo, useState } from 'react';
import { ActionGroup, Button, Form, FormGroup, TextInput } from '@patternfly/react-core';
import { ConfirmDialog } from '../../../components/ConfirmDialog/index.js';
import { useToast } from '../../../components/Toasts/index.js';
import { YamlEditor } from '../../../components/YamlEditor/index.js';
import { specFromYaml, specToYaml, useSpecValidation } from '../../spec-editor/index.js';
import { deleteRule, RULES_TABLE, saveRuleSpec, type IncidentRuleRow } from './incident-rules-api.js';

export const RULE_NOUN = 'Incident Rule';

export const RULE_PLACEHOLDER =
  "components:\n  - name: api-*\ntemplate:\n  title: '{{.component.name}} is down'\n  severity: high\nautoResolve: {}";

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
  const toast = useToast();
  const nameId = useId();
  const [text, setText] = useState(() => specToYaml(rule.spec ?? {}));
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const parsed = useMemo(() => specFromYaml(text), [text]);
  const validation = useSpecValidation(text, !readOnly, { path: `api/specs/${RULES_TABLE}/validate` });

  const save = async () => {
    if (!parsed.ok) return;
    setSaving(true);
    try {
      await saveRuleSpec(rule.id, parsed.spec);
      toast.success(`${rule.name} updated successfully`);
      onSaved();
    } catch (error) {
      toast.error(error);
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    try {
      await deleteRule(rule.id);
    } catch (error) {
      toast.error(error);
      throw error;
    }
    toast.success(`${rule.name} deleted successfully`);
    onDeleted();
  };

  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <FormGroup label="Name" fieldId={nameId}>
        <TextInput id={nameId} value={rule.name} readOnlyVariant="default" />
      </FormGroup>
      <YamlEditor
        aria-label="Spec"
        value={text}
        onChange={setText}
        readOnly={readOnly || saving}
        diagnostics={validation.diagnostics}
        placeholder={RULE_PLACEHOLDER}
        height="large"
      />
      {!readOnly && (
        <ActionGroup>
          <Button type="submit" isLoading={saving} isDisabled={saving || !parsed.ok || validation.invalid}>
            {saving ? 'Updating' : 'Update'}
          </Button>
          <Button variant="danger" onClick={() => setConfirming(true)} isDisabled={saving}>
            Delete
          </Button>
        </ActionGroup>
      )}
      <ConfirmDialog
        isOpen={confirming}
        title={`Delete ${RULE_NOUN}`}
        body={`Are you sure you want to delete ${RULE_NOUN} ${rule.name}?`}
        onConfirm={remove}
        onClose={() => setConfirming(false)}
      />
    </Form>
  );
}
