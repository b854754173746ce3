import { useMemo, useState } from 'react';
import { ActionGroup, Button, Form } from '@patternfly/react-core';
import { useToast } from '../../../components/Toasts/index.js';
import { YamlEditor } from '../../../components/YamlEditor/index.js';
import { specFromYaml, specToYaml, useSpecValidation } from '../../spec-editor/index.js';
import { TEAM_SPEC_VALIDATE_PATH, updateTeam, type Team } from './teams-api.js';

/** What a team's spec holds (docs/incident-responders.md, the notifications' team recipients). */
export const TEAM_SPEC_PLACEHOLDER = `responder_clients:
  jira:
    connection: connection://default/jira
    values: { project: OPS, issueType: Incident }
    defaults: { priority: High, summary: '{{.incident.title}}' }
    linkUrl: https://acme.atlassian.net/browse/{{.external_id}}
notifications:
  - connection: connection://default/slack`;

export interface TeamSpecEditorProps {
  team: Team;
  readOnly: boolean;
  onSaved: () => void;
}

/**
 * A team's spec as YAML: its responder clients per responder type and its notification targets,
 * checked against the Team schema at their lines while typing (the server refuses the same spec
 * on save, 422 with its path); Update saves it. Read-only for those who may not write teams.
 */
export function TeamSpecEditor({ team, readOnly, onSaved }: TeamSpecEditorProps) {
  const toast = useToast();
  const [text, setText] = useState(() => specToYaml(team.spec ?? {}));
  const [saving, setSaving] = useState(false);
  const parsed = useMemo(() => specFromYaml(text), [text]);
  const validation = useSpecValidation(text, !readOnly, { path: TEAM_SPEC_VALIDATE_PATH });

  const save = async () => {
    if (!parsed.ok) return;
    setSaving(true);
    try {
      await updateTeam(team.id, { spec: parsed.spec });
      toast.success(`${team.name} updated successfully`);
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
        void save();
      }}
    >
      <YamlEditor
        aria-label="Team spec"
        value={text}
        onChange={setText}
        readOnly={readOnly || saving}
        diagnostics={validation.diagnostics}
        placeholder={TEAM_SPEC_PLACEHOLDER}
        height="large"
      />
      {!readOnly && (
        <ActionGroup>
          <Button type="submit" isLoading={saving} isDisabled={saving || !parsed.ok || validation.invalid}>
            {saving ? 'Updating' : 'Update'}
          </Button>
        </ActionGroup>
      )}
    </Form>
  );
}
