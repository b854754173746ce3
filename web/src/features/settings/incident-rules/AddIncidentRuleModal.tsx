import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useWhoami } from '../../../api/index.js';
import { FIELD_REQUIRED, FormModal, TextField } from '../../../components/Form/index.js';
import { useToast } from '../../../components/Toasts/index.js';
import { YamlEditor } from '../../../components/YamlEditor/index.js';
import { AREAS } from '../../../shell/nav-items.js';
import { specFromYaml, useSpecValidation } from '../../spec-editor/index.js';
import { createRule, RULES_TABLE } from './incident-rules-api.js';
import { RULE_NOUN, RULE_PLACEHOLDER } from './IncidentRuleEditor.js';

/** 'Add Incident Rule' (spec 3 §2.3): a name and the spec as YAML; a saved rule opens its page. */
export function AddIncidentRuleModal({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const toast = useToast();
  const { data: whoami } = useWhoami();
  const [name, setName] = useState('');
  const [nameTouched, setNameTouched] = useState(false);
  const [text, setText] = useState('');
  const parsed = useMemo(() => specFromYaml(text), [text]);
  const validation = useSpecValidation(text, true, { path: `api/specs/${RULES_TABLE}/validate` });

  const save = async () => {
    if (!parsed.ok) return;
    const rule = await createRule(name.trim(), parsed.spec, whoami?.user.id ?? null);
    toast.success(`${rule.name} created successfully`);
    onClose();
    void navigate(`${AREAS.rules.path}/${encodeURIComponent(rule.id)}`);
  };

  return (
    <FormModal
      title={`Add ${RULE_NOUN}`}
      variant="large"
      submitLabel="Save"
      busyLabel="Saving"
      canSubmit={name.trim() !== '' && parsed.ok && !validation.invalid}
      onSubmit={save}
      onClose={onClose}
    >
      {(busy) => (
        <>
          <TextField
            label="Name"
            isRequired
            value={name}
            onChange={(value) => {
              setNameTouched(true);
              setName(value);
            }}
            error={nameTouched && name.trim() === '' ? FIELD_REQUIRED : undefined}
            isDisabled={busy}
            autoFocus
          />
          <YamlEditor
            aria-label="Spec"
            value={text}
            onChange={setText}
            readOnly={busy}
            diagnostics={validation.diagnostics}
            placeholder={RULE_PLACEHOLDER}
          />
        </>
      )}
    </FormModal>
  );
}
