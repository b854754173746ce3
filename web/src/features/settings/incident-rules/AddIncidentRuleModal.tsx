import { useNavigate } from 'react-router';
import { useWhoami } from '../../../api/index.js';
import { NameSpecModal } from '../../../components/SpecResource/index.js';
import { useToast } from '../../../components/Toasts/index.js';
import { AREAS } from '../../../shell/nav-items.js';
import { createRule } from './incident-rules-api.js';
import { RULE_NOUN, RULE_SPEC } from './IncidentRuleEditor.js';

/** 'Add Incident Rule' (spec 3 §2.3): a name and the spec as YAML; a saved rule opens its page. */
export function AddIncidentRuleModal({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const toast = useToast();
  const { data: whoami } = useWhoami();

  const save = async ({ name, spec = {} }: { name: string; spec?: Record<string, unknown> }) => {
    const rule = await createRule(name, spec, whoami?.user.id ?? null);
    toast.success(`${rule.name} created successfully`);
    onClose();
    void navigate(`${AREAS.rules.path}/${encodeURIComponent(rule.id)}`);
  };

  return (
    <NameSpecModal
      title={`Add ${RULE_NOUN}`}
      variant="large"
      submitLabel="Save"
      busyLabel="Saving"
      spec={RULE_SPEC}
      onSubmit={save}
      onClose={onClose}
    />
  );
}
