import { SpecEditor, type SpecKind } from '../../../components/SpecResource/index.js';
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

const TEAM_SPEC: SpecKind = {
  validatePath: TEAM_SPEC_VALIDATE_PATH,
  placeholder: TEAM_SPEC_PLACEHOLDER,
  label: 'Team spec',
};

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
  return (
    <SpecEditor
      kind={TEAM_SPEC}
      resource={team}
      readOnly={readOnly}
      save={(spec) => updateTeam(team.id, { spec })}
      onSaved={onSaved}
    />
  );
}
