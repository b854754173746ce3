import { useMemo, useState, type ReactNode } from 'react';
import { ActionGroup, Button, Form } from '@patternfly/react-core';
import { useToast } from '../Toasts/index.js';
import { YamlEditor } from '../YamlEditor/index.js';
import { DeleteAction } from './DeleteAction.js';
import { specFromYaml, specToYaml } from './spec-text.js';
import { useDeleteResource, type ResourceDeletion } from './use-delete-resource.js';
import { useSpecValidation } from './use-spec-validation.js';

/** The spec editor's accessible name, unless its kind says otherwise. */
export const SPEC_LABEL = 'Spec';

export interface SpecEditorDeletion extends Omit<ResourceDeletion, 'name'> {
  /** The confirmation's title: 'Delete Incident Rule'. */
  title: string;
  body: ReactNode;
}

/** What the editors of one kind of spec share: where its schema checks it, what an empty one hints. */
export interface SpecKind {
  /** Where the kind's schema checks the YAML: 'api/specs/teams/validate'. */
  validatePath: string;
  placeholder: string;
  /** The saved resource's editor's accessible name; 'Spec' by default (always in the add dialog). */
  label?: string;
}

export interface SpecEditorProps {
  kind: SpecKind;
  /** The saved resource: its name as in '{name} updated successfully', the spec the editor starts from. */
  resource: { name: string; spec?: unknown };
  /** No Update (nor Delete), and the text cannot change. */
  readOnly: boolean;
  save: (spec: Record<string, unknown>) => Promise<unknown>;
  onSaved: () => void;
  /** Fields over the editor (a fixed name). */
  fields?: ReactNode;
  /** A Delete beside Update, confirmed first; none without. */
  deletion?: SpecEditorDeletion;
}

/**
 * A saved resource's spec as YAML, checked against its kind's schema at the lines while typing
 * (the server refuses the same spec on save, shown in a toast); Update saves it and stays
 * disabled while the text is not a valid spec.
 */
export function SpecEditor({
  kind: { validatePath, placeholder, label = SPEC_LABEL },
  resource: { name, spec },
  readOnly,
  save,
  onSaved,
  fields,
  deletion,
}: SpecEditorProps) {
  const toast = useToast();
  const [text, setText] = useState(() => specToYaml(spec ?? {}));
  const [saving, setSaving] = useState(false);
  const parsed = useMemo(() => specFromYaml(text), [text]);
  const validation = useSpecValidation(text, !readOnly, { path: validatePath });
  const remove = useDeleteResource({
    name,
    remove: deletion?.remove ?? (async () => {}),
    onDeleted: deletion?.onDeleted ?? (() => {}),
  });

  const submit = async () => {
    if (!parsed.ok) return;
    setSaving(true);
    try {
      await save(parsed.spec);
      toast.success(`${name} updated successfully`);
      onSaved();
    } catch (error) {
      toast.error(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {fields}
      <YamlEditor
        aria-label={label}
        value={text}
        onChange={setText}
        readOnly={readOnly || saving}
        diagnostics={validation.diagnostics}
        placeholder={placeholder}
        height="large"
      />
      {!readOnly && (
        <ActionGroup>
          <Button type="submit" isLoading={saving} isDisabled={saving || !parsed.ok || validation.invalid}>
            {saving ? 'Updating' : 'Update'}
          </Button>
          {deletion && (
            <DeleteAction title={deletion.title} body={deletion.body} onDelete={remove} isDisabled={saving} />
          )}
        </ActionGroup>
      )}
    </Form>
  );
}
