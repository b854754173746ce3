/**
 * The rule form's values and the rules of spec 2 §4-5: one recipient kind at a time (switching
 * the tab clears the others), events required, an empty template is the default one.
 */
import type { CustomService, NotificationRule, RuleFields } from './notifications-api.js';

export type RecipientKind = 'person' | 'team' | 'others';

export interface RuleForm {
  title: string;
  events: string[];
  filter: string;
  recipient: RecipientKind;
  personId: string;
  teamId: string;
  /** The chosen connection as custom_services names it: 'connection://<namespace>/<name>'. */
  connection: string;
  repeatInterval: string;
  template: string;
}

export const EMPTY_RULE_FORM: RuleForm = {
  title: '',
  events: [],
  filter: '',
  recipient: 'person',
  personId: '',
  teamId: '',
  connection: '',
  repeatInterval: '',
  template: '',
};

/** The first custom service's target: its connection, else its URL. */
const serviceTarget = (services: CustomService[] | null | undefined) =>
  services?.[0]?.connection ?? services?.[0]?.url ?? '';

/** The form's values for a saved rule; its recipient tab is the kind it sends to. */
export function ruleForm(rule: NotificationRule): RuleForm {
  const recipient: RecipientKind = rule.team_id
    ? 'team'
    : !rule.person_id && (rule.custom_services?.length ?? 0) > 0
      ? 'others'
      : 'person';
  return {
    title: rule.title ?? '',
    events: [...rule.events],
    filter: rule.filter ?? '',
    recipient,
    personId: rule.person_id ?? '',
    teamId: rule.team_id ?? '',
    connection: serviceTarget(rule.custom_services),
    repeatInterval: rule.repeat_interval ?? '',
    template: rule.template ?? '',
  };
}

/** Another recipient tab: the fields of the other kinds are emptied. */
export const switchRecipient = (form: RuleForm, recipient: RecipientKind): RuleForm =>
  recipient === form.recipient ? form : { ...form, recipient, personId: '', teamId: '', connection: '' };

/** Whether the form names someone to send to, on the chosen tab. */
export function hasRecipient(form: RuleForm): boolean {
  if (form.recipient === 'person') return form.personId !== '';
  if (form.recipient === 'team') return form.teamId !== '';
  return form.connection !== '';
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** What the form writes: only the chosen recipient kind is set, the others are null. */
export function ruleFields(form: RuleForm): RuleFields {
  const target = form.connection;
  return {
    title: orNull(form.title),
    events: form.events,
    filter: orNull(form.filter),
    person_id: form.recipient === 'person' ? orNull(form.personId) : null,
    team_id: form.recipient === 'team' ? orNull(form.teamId) : null,
    custom_services:
      form.recipient === 'others' && target
        ? [target.startsWith('connection://') ? { connection: target } : { url: target }]
        : null,
    repeat_interval: orNull(form.repeatInterval),
    // Empty: the default template.
    template: form.template.trim() === '' ? null : form.template,
  };
}

/** Whether a 422 of the server is about the filter (an expression that does not compile). */
export const isFilterProblem = (message: string) => /\bfilter\b|\bCEL\b/i.test(message);
