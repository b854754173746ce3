import { useMemo, useState, type ReactNode } from 'react';
import type { ModalProps } from '@patternfly/react-core';
import { FIELD_REQUIRED, FormModal, TextField } from '../Form/index.js';
import { YamlEditor } from '../YamlEditor/index.js';
import { SPEC_LABEL, type SpecKind } from './SpecEditor.js';
import { specFromYaml } from './spec-text.js';
import { useSpecValidation } from './use-spec-validation.js';

/** What the dialog sends: the trimmed name, and the spec when it has a spec editor. */
export interface NameSpecValues {
  name: string;
  spec?: Record<string, unknown>;
}

export interface NameSpecModalProps {
  /** 'Add {name}' (spec 3 §2.3), or the edit's title. */
  title: string;
  /** Default 'small'. */
  variant?: ModalProps['variant'];
  submitLabel: string;
  busyLabel: string;
  /** The name as it is (editing); empty when adding. */
  initialName?: string;
  /** A spec editor of this kind under the name, labelled 'Spec'; none without. */
  spec?: SpecKind;
  /** False keeps the submit disabled, whatever the name and spec (another field is wrong). */
  canSubmit?: boolean;
  /** Saves; a rejection is shown in a toast and the dialog kept with what was typed. */
  onSubmit: (values: NameSpecValues) => Promise<unknown>;
  onClose: () => void;
  /** Further fields after the name (and spec), given the trimmed name (for a preview). */
  children?: (busy: boolean, name: string) => ReactNode;
}

const NO_SPEC = '';

/**
 * The dialog of a spec resource's name (required, said so once touched) and, with `spec`, its spec
 * as YAML checked against the kind's schema; submit stays disabled until both can be saved.
 */
export function NameSpecModal({
  title,
  variant,
  submitLabel,
  busyLabel,
  initialName = '',
  spec,
  canSubmit = true,
  onSubmit,
  onClose,
  children,
}: NameSpecModalProps) {
  const [name, setName] = useState(initialName);
  const [nameTouched, setNameTouched] = useState(false);
  const [text, setText] = useState(NO_SPEC);
  const parsed = useMemo(() => specFromYaml(text), [text]);
  const validation = useSpecValidation(text, spec !== undefined, { path: spec?.validatePath ?? '' });
  const trimmed = name.trim();
  const specReady = !spec || (parsed.ok && !validation.invalid);

  const submit = async () => {
    if (!spec) return onSubmit({ name: trimmed });
    if (parsed.ok) return onSubmit({ name: trimmed, spec: parsed.spec });
  };

  return (
    <FormModal
      title={title}
      variant={variant}
      submitLabel={submitLabel}
      busyLabel={busyLabel}
      canSubmit={canSubmit && trimmed !== '' && specReady}
      onSubmit={submit}
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
            error={nameTouched && trimmed === '' ? FIELD_REQUIRED : undefined}
            isDisabled={busy}
            autoFocus
          />
          {spec && (
            <YamlEditor
              aria-label={SPEC_LABEL}
              value={text}
              onChange={setText}
              readOnly={busy}
              diagnostics={validation.diagnostics}
              placeholder={spec.placeholder}
            />
          )}
          {children?.(busy, trimmed)}
        </>
      )}
    </FormModal>
  );
}
