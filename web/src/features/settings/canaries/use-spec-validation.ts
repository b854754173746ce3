import { useEffect, useMemo, useState } from 'react';
import type { EditorDiagnostic } from '../../../components/YamlEditor/index.js';
import { validateSpec } from './canaries-api.js';
import { specFromText } from './spec-state.js';

/** Typing pauses this long before the server checks the spec. */
export const VALIDATE_DEBOUNCE_MS = 300;

const NONE: EditorDiagnostic[] = [];

export interface SpecValidation {
  /** YAML errors at once; the server's schema errors after a pause in typing. */
  diagnostics: EditorDiagnostic[];
  /** True when the text cannot be saved as it is. */
  invalid: boolean;
}

/**
 * Checks the Code tab's YAML: syntax here, the schema on the server (POST /api/canary/validate),
 * debounced and aborted when the text changes again. When the server cannot check, saving is
 * left to its own validation of the write.
 */
export function useSpecValidation(text: string, enabled: boolean): SpecValidation {
  const local = useMemo(() => specFromText(text), [text]);
  const [serverErrors, setServerErrors] = useState<EditorDiagnostic[]>(NONE);
  const checkOnServer = enabled && local.ok;

  useEffect(() => {
    if (!checkOnServer) {
      setServerErrors(NONE);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      validateSpec(text, controller.signal).then(
        (result) => setServerErrors(result.valid ? NONE : result.errors),
        () => {
          if (!controller.signal.aborted) setServerErrors(NONE);
        },
      );
    }, VALIDATE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, checkOnServer]);

  if (!enabled) return { diagnostics: NONE, invalid: false };
  if (!local.ok) return { diagnostics: local.diagnostic ? [local.diagnostic] : NONE, invalid: true };
  return { diagnostics: serverErrors, invalid: serverErrors.length > 0 };
}
