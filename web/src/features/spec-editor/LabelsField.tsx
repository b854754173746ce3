import { FormGroup } from '@patternfly/react-core';
import { YamlEditor } from '../../components/YamlEditor/index.js';
import type { LabelsResult } from './labels.js';

export interface LabelsFieldProps {
  fieldId: string;
  text: string;
  /** The text parsed: its problem is shown at its line. */
  labels: LabelsResult;
  onChange: (text: string) => void;
  readOnly: boolean;
}

/** An editor's labels, written as JSON (spec 3 §2.3). */
export function LabelsField({ fieldId, text, labels, onChange, readOnly }: LabelsFieldProps) {
  return (
    <FormGroup label="Labels" fieldId={fieldId} role="group">
      <YamlEditor
        aria-label="Labels"
        language="json"
        height="very-small"
        value={text}
        onChange={onChange}
        readOnly={readOnly}
        diagnostics={labels.ok ? undefined : [labels.diagnostic]}
      />
    </FormGroup>
  );
}
