import type { ReactNode } from 'react';
import { Alert, HelperText, HelperTextItem, Tab, Tabs, TabTitleText } from '@patternfly/react-core';
import { YamlEditor, type EditorDiagnostic } from '../../../components/YamlEditor/index.js';
import type { KindForms } from './fields.js';
import { KindForm } from './KindForm.js';
import { formFields, selectTab, type SpecState, type SpecTab } from './spec-state.js';

export interface KindSpecEditorProps {
  forms: KindForms;
  state: SpecState;
  onChange: (state: SpecState) => void;
  /** Problems of the Code tab's YAML. */
  diagnostics: EditorDiagnostic[];
  /** The platform's problems with the spec the Form makes, listed under it. */
  formProblems?: readonly string[];
  isDisabled: boolean;
  showAllErrors: boolean;
  /** The Code tab's empty text. */
  placeholder: string;
  /** Under the Code tab's editor (the fields each kind takes). */
  codeHelp?: ReactNode;
}

/** The spec as a Form (one entry of a kind with a form) or as YAML Code; switching converts. */
export function KindSpecEditor({
  forms,
  state,
  onChange,
  diagnostics,
  formProblems = [],
  isDisabled,
  showAllErrors,
  placeholder,
  codeHelp,
}: KindSpecEditorProps) {
  return (
    <Tabs
      activeKey={state.tab}
      onSelect={(_event, key) => onChange(selectTab(forms, state, key as SpecTab))}
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
                <HelperTextItem>
                  {forms.kindLabel(state.kind)} {forms.entry.one}
                </HelperTextItem>
                {forms.formHelp && <HelperTextItem>{forms.formHelp}</HelperTextItem>}
              </HelperText>
              <KindForm
                fields={formFields(forms, state.kind)}
                values={state.values}
                onChange={(values) => onChange({ ...state, values })}
                isDisabled={isDisabled}
                showAllErrors={showAllErrors}
              />
              {formProblems.length > 0 && (
                <Alert
                  variant="danger"
                  isInline
                  isPlain
                  title="The platform refuses this spec"
                  className="pf-v6-u-mt-md"
                >
                  <ul>
                    {formProblems.map((problem) => (
                      <li key={problem}>{problem}</li>
                    ))}
                  </ul>
                </Alert>
              )}
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
            placeholder={placeholder}
            helperText={codeHelp}
          />
        </div>
      </Tab>
    </Tabs>
  );
}
