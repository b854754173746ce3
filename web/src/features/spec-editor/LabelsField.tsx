import { FormGroup } from '@patternfly/react-core';
import { YamlEditor } from '../../components/YamlEditor/index.js';
import type { SpecFormState } from './use-spec-form.js';

/** An editor's labels, written as JSON (spec 3 §2.3); a problem is shown at its line. */
export function LabelsField({ form }: { form: SpecFormState }) {
  const { labels } = form;
  return (
    <FormGroup label="Labels" fieldId={form.id('labels')} role="group">
      <YamlEditor
        aria-label="Labels"
        language="json"
        height="very-small"
        value={form.labelsText}
        onChange={form.setLabelsText}
        readOnly={form.disabled}
        diagnostics={labels.ok ? undefined : [labels.diagnostic]}
      />
    </FormGroup>
  );
}
