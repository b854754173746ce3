import { useRef, useState, type RefObject } from 'react';
import { FormGroup, FormHelperText, HelperText, HelperTextItem, TextInput } from '@patternfly/react-core';

export const PASSWORDS_DO_NOT_MATCH = 'The passwords do not match.';

interface NewPassword {
  password: string;
  confirmation: string;
}

const EMPTY: NewPassword = { password: '', confirmation: '' };

export interface NewPasswordFieldsProps {
  value: NewPassword;
  onChange: (value: NewPassword) => void;
  /** Show that the two differ (once the user has tried to submit). */
  mismatch: boolean;
  passwordRef: RefObject<HTMLInputElement | null>;
  confirmationRef: RefObject<HTMLInputElement | null>;
  /** Prefix of the inputs' ids, unique on the page. */
  idPrefix: string;
  passwordLabel: string;
  confirmationLabel: string;
}

/** A new password typed twice (invite acceptance, change of password). */
export function NewPasswordFields({
  value,
  onChange,
  mismatch,
  passwordRef,
  confirmationRef,
  idPrefix,
  passwordLabel,
  confirmationLabel,
}: NewPasswordFieldsProps) {
  const mismatchId = `${idPrefix}-mismatch`;
  return (
    <>
      <FormGroup label={passwordLabel} isRequired fieldId={`${idPrefix}-password`}>
        <TextInput
          id={`${idPrefix}-password`}
          type="password"
          autoComplete="new-password"
          ref={passwordRef}
          value={value.password}
          onChange={(_event, password) => onChange({ ...value, password })}
        />
      </FormGroup>
      <FormGroup label={confirmationLabel} isRequired fieldId={`${idPrefix}-confirmation`}>
        <TextInput
          id={`${idPrefix}-confirmation`}
          type="password"
          autoComplete="new-password"
          ref={confirmationRef}
          value={value.confirmation}
          validated={mismatch ? 'error' : 'default'}
          aria-describedby={mismatch ? mismatchId : undefined}
          onChange={(_event, confirmation) => onChange({ ...value, confirmation })}
        />
        {mismatch && (
          <FormHelperText>
            <HelperText>
              <HelperTextItem id={mismatchId} variant="error">
                {PASSWORDS_DO_NOT_MATCH}
              </HelperTextItem>
            </HelperText>
          </FormHelperText>
        )}
      </FormGroup>
    </>
  );
}

/** State, match check and focus of NewPasswordFields: spread `fields` onto it. */
export function useNewPassword() {
  const [value, setValue] = useState<NewPassword>(EMPTY);
  const [checked, setChecked] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmationRef = useRef<HTMLInputElement>(null);
  return {
    password: value.password,
    fields: {
      value,
      onChange: setValue,
      mismatch: checked && value.password !== value.confirmation,
      passwordRef,
      confirmationRef,
    },
    /** Whether the two match; from now on a mismatch shows, and the confirmation gets focus. */
    confirm(): boolean {
      setChecked(true);
      const matches = value.password === value.confirmation;
      if (!matches) confirmationRef.current?.focus();
      return matches;
    },
    focus(): void {
      passwordRef.current?.focus();
    },
    clear(): void {
      setValue(EMPTY);
      setChecked(false);
    },
  };
}
