import { useMemo } from 'react';
import { Alert, HelperText, HelperTextItem, Tab, Tabs, TabTitleText } from '@patternfly/react-core';
import { useApi } from '../../../api/index.js';
import { YamlEditor, type EditorDiagnostic } from '../../../components/YamlEditor/index.js';
import { SCHEMA_PATH } from './canaries-api.js';
import { kindLabel } from './check-kinds.js';
import { CheckForm } from './CheckForm.js';
import { describeKindFields, kindFields } from '../../spec-editor/index.js';
import { selectTab, specFromText, type SpecState, type SpecTab } from './spec-state.js';

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

/** The spec as a Form (one check of a kind with a form) or as YAML Code; switching converts. */
export function SpecEditor({ state, onChange, diagnostics, isDisabled, showAllErrors }: SpecEditorProps) {
  return (
    <Tabs
      activeKey={state.tab}
      onSelect={(_event, key) => onChange(selectTab(state, key as SpecTab))}
      aria-label="Spec editor"
      mountOnEnter
      unmountOnExit
    >
      <Tab eventKey="form" title={<TabTitleText>Form</TabTitleText>}>
        <div className="pf-v6-u-pt-md">
          {state.formBlocked || state.kind === undefined ? (
            <Alert
              variant="info"
              isInline
              isPlain
              title={state.formBlocked ?? 'There is no form for this spec.'}
            >
              Edit it in Code.
            </Alert>
          ) : (
            <>
              <HelperText className="pf-v6-u-mb-md">
                <HelperTextItem>{kindLabel(state.kind)} check</HelperTextItem>
              </HelperText>
              <CheckForm
                kind={state.kind}
                values={state.values}
                onChange={(values) => onChange({ ...state, values })}
                isDisabled={isDisabled}
                showAllErrors={showAllErrors}
              />
            </>
          )}
        </div>
      </Tab>
      <Tab eventKey="code" title={<TabTitleText>Code</TabTitleText>}>
        <div className="pf-v6-u-pt-md">
          <YamlEditor
            aria-label="Spec"
            value={state.text}
            onChange={(text) => onChange({ ...state, text })}
            readOnly={isDisabled}
            diagnostics={diagnostics}
            placeholder={CODE_PLACEHOLDER}
            helperText={<SchemaHints text={state.text} />}
          />
        </div>
      </Tab>
    </Tabs>
  );
}
