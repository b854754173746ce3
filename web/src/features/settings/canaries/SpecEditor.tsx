import { useMemo } from 'react';
import { HelperText, HelperTextItem } from '@patternfly/react-core';
import { useApi } from '../../../api/index.js';
import type { EditorDiagnostic } from '../../../components/YamlEditor/index.js';
import { SCHEMA_PATH } from './canaries-api.js';
import { CHECK_FORMS } from './check-fields.js';
import { describeKindFields, KindSpecEditor, kindFields } from '../../spec-editor/index.js';
import { specFromText, type SpecState } from './spec-state.js';

export interface SpecEditorProps {
  state: SpecState;
  onChange: (state: SpecState) => void;
  /** Problems of the Code tab's YAML. */
  diagnostics: EditorDiagnostic[];
  isDisabled: boolean;
  showAllErrors: boolean;
}

const CODE_PLACEHOLDER = 'http:\n  - name: example\n    url: https://example.com';

/** The fields each kind in the YAML takes, from the server's schema; nothing when it has none. */
function SchemaHints({ text }: { text: string }) {
  const { data: schema } = useApi<unknown>(SCHEMA_PATH, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  const hints = useMemo(() => {
    const parsed = specFromText(text);
    if (!parsed.ok || schema === undefined) return [];
    return Object.keys(parsed.spec).flatMap((kind) => {
      const fields = kindFields(schema, kind);
      return fields ? [describeKindFields(kind, fields)] : [];
    });
  }, [schema, text]);
  if (hints.length === 0) return null;
  return (
    <HelperText className="pf-v6-u-mt-sm" aria-label="Fields by kind">
      {hints.map((hint) => (
        <HelperTextItem key={hint}>{hint}</HelperTextItem>
      ))}
    </HelperText>
  );
}

/** A canary's spec as a Form (one check of a kind with a form) or as YAML Code, with hints by kind. */
export function SpecEditor(props: SpecEditorProps) {
  return (
    <KindSpecEditor
      forms={CHECK_FORMS}
      placeholder={CODE_PLACEHOLDER}
      codeHelp={<SchemaHints text={props.state.text} />}
      {...props}
    />
  );
}
