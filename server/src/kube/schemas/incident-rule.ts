/**
 * The JSON schema (draft-07) of an IncidentRule spec, the value of incident_rules.spec, as the
 * platform (mission-control's IncidentRuleSpec) defines it: name, components (resource
 * selectors), filter, template, responders, priority, breakOnMatch, autoAssignOwner, autoClose,
 * autoResolve, hoursOfOperation. Unknown fields are refused, so a typo is named.
 *
 * Beyond the platform's fields, this console reads `checks` (selectors of the checks a rule
 * watches besides those its filter names), `filter.type` (the same as category: check types),
 * and responders of kinds the console delivers: ms_planner, person and team.
 */
import { resourceSelectors } from './duty.js';
import { boolean, closed, integer, list, specSchema, string, strings, type Schema } from './fragments.js';

const autoClose = closed(
  { timeout: integer },
  [],
  'Enabled by its presence; timeout: seconds the resource must have been healthy first (none: at once).',
);

const hoursOfOperation = closed(
  {
    start: { type: 'string', pattern: '^([01]?\\d|2[0-3]):[0-5]\\d$', description: 'HH:MM, UTC' },
    end: { type: 'string', pattern: '^([01]?\\d|2[0-3]):[0-5]\\d$', description: 'HH:MM, UTC' },
    negate: boolean,
  },
  ['start', 'end'],
);

const cloudProvider = closed({ account: string, region: string, priority: string, description: string });

const responders = closed({
  email: list(closed({ to: string, subject: string, body: string })),
  jira: list(
    closed({
      project: string,
      summary: string,
      issueType: string,
      priority: string,
      assignee: string,
      description: string,
    }),
  ),
  servicenow: list(
    closed({ project: string, issueType: string, priority: string, assignee: string, description: string }),
  ),
  aws: list(cloudProvider),
  ams: list(cloudProvider),
  gcp: list(cloudProvider),
  ms_planner: list(
    closed({ plan_id: string, bucket_id: string, priority: string, title: string, description: string }),
  ),
  person: list(closed({ id: string, email: string, name: string })),
  team: list(closed({ id: string, name: string })),
  slack: list({ type: 'object' }),
  teams: list({ type: 'object' }),
  teamsUser: list({ type: 'object' }),
  github: list(closed({ repository: string, title: string, body: string, labels: strings })),
});

export const incidentRuleSpecSchema: Schema = specSchema(
  'https://flanksource.com/schemas/incident-rule.spec.json',
  'IncidentRule spec',
  {
    properties: {
      name: string,
      components: resourceSelectors,
      checks: resourceSelectors,
      filter: closed({ status: strings, severity: strings, category: strings, type: strings, age: integer }),
      template: closed({
        title: string,
        description: string,
        type: string,
        status: string,
        severity: string,
        created_by: string,
        commander_id: string,
        communicator_id: string,
      }),
      responders,
      priority: integer,
      breakOnMatch: boolean,
      autoAssignOwner: boolean,
      autoClose,
      autoResolve: autoClose,
      hoursOfOperation: list(hoursOfOperation),
    },
    additionalProperties: false,
  },
);
