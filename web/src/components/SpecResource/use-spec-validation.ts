import { useEffect, useMemo, useState } from 'react';
import { apiJson } from '../../api/index.js';
import type { EditorDiagnostic } from '../YamlEditor/index.js';
import type { SpecValidationResponse } from '../../../../server/src/platform/specs/types.js';
import { specFromYaml, type SpecText } from './spec-text.js';

/** Typing pauses this long before the server checks the spec. */
export const VALIDATE_DEBOUNCE_MS = 300;

const NONE: EditorDiagnostic[] = [];

export interface SpecValidation {
  /** YAML errors at once; the server's schema errors after a pause in typing. */
  diagnostics: EditorDiagnostic[];
  /** True when the text cannot be saved as it is. */
  invalid: boolean;
}

export interface SpecValidator {
  /** Where the kind's schema checks YAML: 'api/specs/canaries/validate', 'api/specs/topologies/validate'. */
  path: string;
  /** The local check before the server's; a module-level function (it is a hook dependency). */
  parse?: (text: string) => SpecText;
}

/**
 * Checks a spec's YAML: syntax here, the kind's schema on the server (POST `path` with
 * `{ yaml }`), debounced and aborted when the text changes again. When the server cannot
 * check, saving is left to its own validation of the write.
 */
export function useSpecValidation(
  text: string,
  enabled: boolean,
  { path, parse = specFromYaml }: SpecValidator,
): SpecValidation {
  const local = useMemo(() => parse(text), [text, parse]);
  const [serverErrors, setServerErrors] = useState<EditorDiagnostic[]>(NONE);
  const checkOnServer = enabled && local.ok;

  useEffect(() => {
    if (!checkOnServer) {
      setServerErrors(NONE);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      apiJson<SpecValidationResponse>(path, {
        method: 'POST',
        json: { yaml: text },
        signal: controller.signal,
      }).then(
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
  }, [text, checkOnServer, path]);

  if (!enabled) return { diagnostics: NONE, invalid: false };
  if (!local.ok) return { diagnostics: local.diagnostic ? [local.diagnostic] : NONE, invalid: true };
  return { diagnostics: serverErrors, invalid: serverErrors.length > 0 };
}
