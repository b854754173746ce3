import { useId } from 'react';
import { FormGroup, Tab, Tabs, TabTitleText } from '@patternfly/react-core';
import {
  FieldError,
  FormField,
  SelectField,
  TextAreaField,
  TextField,
  type SelectFieldProps,
} from '../../components/Form/index.js';
import { EventsSelect } from './EventsSelect.js';
import {
  connectionRef,
  useConnectionChoices,
  usePeopleChoices,
  useTeamChoices,
  type Choice,
} from './notifications-api.js';
import { REPEAT_INTERVALS } from './notification-options.js';
import { switchRecipient, type RecipientKind, type RuleForm } from './rule-form.js';

export interface RuleFieldErrors {
  events?: string;
  filter?: string;
  recipient?: string;
}

export interface RuleFieldsProps {
  form: RuleForm;
  onChange: (form: RuleForm) => void;
  errors: RuleFieldErrors;
  isDisabled?: boolean;
}

const RECIPIENT_TABS: { key: RecipientKind; title: string }[] = [
  { key: 'person', title: 'Person' },
  { key: 'team', title: 'Team' },
  { key: 'others', title: 'Others' },
];

/** The options of a list, with the current value added when the list does not hold it. */
function withCurrent(options: { value: string; label: string }[], current: string) {
  return current && !options.some((option) => option.value === current)
    ? [...options, { value: current, label: current }]
    : options;
}

const named = (rows: Choice[] | undefined) => (rows ?? []).map((row) => ({ value: row.id, label: row.name }));

/** Spec 2 §3: a rule's title, events, filter, recipient (one kind), repeat interval and template. */
export function RuleFields({ form, onChange, errors, isDisabled = false }: RuleFieldsProps) {
  const people = usePeopleChoices();
  const teams = useTeamChoices();
  const connections = useConnectionChoices();
  const recipientId = useId();
  const set = (patch: Partial<RuleForm>) => onChange({ ...form, ...patch });
  const connectionOptions = (connections.data ?? []).map((connection) => ({
    value: connectionRef(connection),
    label: `${connection.name} (${connection.type ?? 'connection'})`,
  }));
  // The one field of each recipient tab: who, among the people, the teams or the connections.
  const recipientFields: Record<RecipientKind, SelectFieldProps> = {
    person: {
      label: 'Person',
      value: form.personId,
      onChange: (personId) => set({ personId }),
      options: withCurrent(named(people.data), form.personId),
      placeholder: 'Select a person',
    },
    team: {
      label: 'Team',
      value: form.teamId,
      onChange: (teamId) => set({ teamId }),
      options: withCurrent(named(teams.data), form.teamId),
      placeholder: 'Select a team',
    },
    others: {
      label: 'Connection',
      value: form.connection,
      onChange: (connection) => set({ connection }),
      options: withCurrent(connectionOptions, form.connection),
      placeholder: 'Select a notification connection',
    },
  };

  return (
    <>
      <TextField
        label="Title"
        value={form.title}
        onChange={(title) => set({ title })}
        isDisabled={isDisabled}
      />
      <FormField label="Events" isRequired error={errors.events}>
        {(input) => (
          <EventsSelect
            selected={form.events}
            onChange={(events) => set({ events })}
            inputId={input.id}
            describedBy={input['aria-describedby']}
            isInvalid={Boolean(errors.events)}
            isDisabled={isDisabled}
          />
        )}
      </FormField>
      <TextField
        label="Filter"
        value={form.filter}
        onChange={(filter) => set({ filter })}
        error={errors.filter}
        helperText="A CEL expression over the event, e.g. check.severity == 'critical'"
        isDisabled={isDisabled}
      />
      <FormGroup label="Recipient" role="group" fieldId={recipientId} isRequired>
        <div aria-describedby={errors.recipient ? `${recipientId}-error` : undefined}>
          <Tabs
            aria-label="Recipient"
            tabListAriaLabel="Recipient"
            activeKey={form.recipient}
            onSelect={(_event, key) => onChange(switchRecipient(form, key as RecipientKind))}
            isBox
          >
            {RECIPIENT_TABS.map((tab) => (
              <Tab
                key={tab.key}
                eventKey={tab.key}
                title={<TabTitleText>{tab.title}</TabTitleText>}
                isDisabled={isDisabled}
              >
                <div className="pf-v6-u-pt-md">
                  <SelectField {...recipientFields[tab.key]} isDisabled={isDisabled} />
                </div>
              </Tab>
            ))}
          </Tabs>
        </div>
        <FieldError id={`${recipientId}-error`} error={errors.recipient} />
      </FormGroup>
      <SelectField
        label="Repeat Interval"
        value={form.repeatInterval}
        onChange={(repeatInterval) => set({ repeatInterval })}
        options={REPEAT_INTERVALS}
        placeholder="None"
        isDisabled={isDisabled}
      />
      <TextAreaField
        label="Template"
        value={form.template}
        onChange={(template) => set({ template })}
        helperText="Markdown; empty sends the default template"
        isDisabled={isDisabled}
      />
    </>
  );
}
