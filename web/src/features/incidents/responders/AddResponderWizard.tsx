import { useState } from 'react';
import { Button, Radio } from '@patternfly/react-core';
import { ArrowLeftIcon } from '@patternfly/react-icons';
import { useSWRConfig } from 'swr';
import { NO_TARGET_CHOICE, TEAM_WITHOUT_TARGET } from '../../../../../common/incidents.js';
import { responderClientsOf } from '../../../../../common/responder-templates.js';
import { useDbQuery, useWhoami } from '../../../api/index.js';
import { FormModal, SelectField, TextAreaField, TextField } from '../../../components/Form/index.js';
import { useToast } from '../../../components/Toasts/index.js';
import {
  addResponder,
  listPeople,
  listTeams,
  RESPONDER_PEOPLE_KEY,
  RESPONDER_TEAMS_KEY,
  respondersKey,
} from '../responders-api.js';
import type { Incident } from '../types.js';
import {
  changeField,
  fieldsOf,
  fixedFields,
  initialValues,
  labelOfType,
  propertiesOf,
  validate,
  type TeamResponderType,
} from './responder-form.js';

type Step = 'who' | 'type' | 'details';
/** A choice of Select Responder Type: a type the team configures, or 'None'. */
type TypeChoice = TeamResponderType | typeof NO_TARGET_CHOICE.key;

export const NO_RESPONDER_TYPES = 'There were no responders configured for this team';
export const RESPONDER_ADDED = 'Responder added successfully';
/** Spec 2 §2: the type list scrolls when it has more than this many entries. */
export const TYPE_LIST_SCROLL_AFTER = 6;

const STEP_TITLE: Record<Step, string> = {
  who: 'Select Responder',
  type: 'Select Responder Type',
  details: 'Details',
};

/**
 * The add-responder wizard (spec 2 §2, §4, §5): Select Responder (a team or a person); a person
 * is added with Add; a team goes on to Select Responder Type and then the details form, whose
 * fields start from the team's configuration. The type 'None' (last, after the team's configured
 * ones) has no target and no details: Save adds the team at once. Back returns one step. A failed
 * add shows the error and starts the wizard over.
 */
export function AddResponderWizard({ incident, onClose }: { incident: Incident; onClose: () => void }) {
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const { data: whoami } = useWhoami();
  const teams = useDbQuery(RESPONDER_TEAMS_KEY, listTeams);
  const people = useDbQuery(RESPONDER_PEOPLE_KEY, listPeople);

  const [step, setStep] = useState<Step>('who');
  const [kind, setKind] = useState<'team' | 'person'>('team');
  const [teamId, setTeamId] = useState('');
  const [personId, setPersonId] = useState('');
  const [type, setType] = useState<TypeChoice | ''>('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});

  const team = teams.data?.find((t) => t.id === teamId);
  const clients = responderClientsOf(team?.spec);
  const client = clients.find((c) => c.type === type)?.client;
  const fixed = fixedFields(client);
  const choices: { key: TypeChoice; label: string }[] = [
    ...clients.map((c) => ({ key: c.type, label: labelOfType(c.type) })),
    NO_TARGET_CHOICE,
  ];

  const reset = () => {
    setStep('who');
    setKind('team');
    setTeamId('');
    setPersonId('');
    setType('');
    setValues({});
    setErrors({});
  };

  const back = () => {
    setErrors({});
    setStep(step === 'details' ? 'type' : 'who');
  };

  const chooseType = (next: TypeChoice) => {
    setType(next);
    setErrors({});
    if (next === NO_TARGET_CHOICE.key) {
      setValues({});
      return;
    }
    setValues(initialValues(next, clients.find((c) => c.type === next)?.client, incident));
    setStep('details');
  };

  const save = async (body: Parameters<typeof addResponder>[0]) => {
    try {
      await addResponder(body);
    } catch (error) {
      toast.error(error);
      reset();
      return;
    }
    toast.success(RESPONDER_ADDED);
    await mutate(respondersKey(incident.id));
    onClose();
  };

  const submit = async () => {
    const common = { incident_id: incident.id, created_by: whoami?.user.id ?? null };
    if (step === 'who') {
      if (kind === 'team') return setStep('type');
      return save({
        ...common,
        type: 'person',
        team_id: null,
        person_id: personId,
        properties: { responderType: 'person', person: personId },
      });
    }
    if (!type) return;
    if (type === NO_TARGET_CHOICE.key)
      return save({ ...common, type: TEAM_WITHOUT_TARGET, team_id: teamId, person_id: null, properties: {} });
    const problems = validate(type, values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return setStep('details');
    return save({
      ...common,
      type,
      team_id: teamId,
      person_id: null,
      properties: propertiesOf(type, values, incident),
    });
  };

  const submitLabel = step === 'who' ? (kind === 'person' ? 'Add' : 'Next') : 'Save';
  const canSubmit = step === 'who' ? (kind === 'person' ? !!personId : !!teamId) : !!type;

  return (
    <FormModal
      title="Add Responder"
      description={STEP_TITLE[step]}
      variant="medium"
      submitLabel={submitLabel}
      canSubmit={canSubmit}
      onSubmit={submit}
      onClose={onClose}
    >
      {(busy) => (
        <>
          {step !== 'who' && (
            <div>
              <Button variant="link" isInline icon={<ArrowLeftIcon />} onClick={back} isDisabled={busy}>
                Back
              </Button>
            </div>
          )}
          {step === 'who' && (
            <>
              <div role="radiogroup" aria-label="Responder kind">
                <Radio
                  id="responder-kind-team"
                  name="responder-kind"
                  label="Team"
                  isChecked={kind === 'team'}
                  onChange={() => setKind('team')}
                />
                <Radio
                  id="responder-kind-person"
                  name="responder-kind"
                  label="Person"
                  isChecked={kind === 'person'}
                  onChange={() => setKind('person')}
                />
              </div>
              {kind === 'team' ? (
                <SelectField
                  label="Team"
                  value={teamId}
                  onChange={(id) => {
                    setTeamId(id);
                    setType('');
                  }}
                  placeholder={teams.isLoading ? 'Loading teams...' : 'Select a team'}
                  options={(teams.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
                  error={teams.error?.message}
                />
              ) : (
                <SelectField
                  label="Person"
                  value={personId}
                  onChange={setPersonId}
                  placeholder={people.isLoading ? 'Loading people...' : 'Select a person'}
                  options={(people.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
                  error={people.error?.message}
                />
              )}
            </>
          )}
          {step === 'type' && (
            <>
              {clients.length === 0 && <p>{NO_RESPONDER_TYPES}</p>}
              <ul
                aria-label="Responder types"
                className={`ops-responder-types${choices.length > TYPE_LIST_SCROLL_AFTER ? ' ops-responder-types--scroll' : ''}`}
              >
                {choices.map((choice) => (
                  <li key={choice.key}>
                    <Button
                      variant={type === choice.key ? 'primary' : 'secondary'}
                      aria-pressed={type === choice.key}
                      onClick={() => chooseType(choice.key)}
                      isBlock
                    >
                      {choice.label}
                    </Button>
                  </li>
                ))}
              </ul>
            </>
          )}
          {step === 'details' &&
            type &&
            type !== NO_TARGET_CHOICE.key &&
            fieldsOf(type).map((field) => {
              const common = {
                label: field.label,
                isRequired: true,
                value: values[field.name] ?? '',
                error: errors[field.name],
                onChange: (value: string) => {
                  setValues((all) => changeField(all, field.name, value, fixed));
                  setErrors(({ [field.name]: _gone, ...rest }) => rest);
                },
              };
              const locked = fixed.has(field.name);
              return field.multiline ? (
                <TextAreaField key={field.name} {...common} isDisabled={locked || busy} />
              ) : (
                <TextField key={field.name} {...common} isReadOnly={locked} isDisabled={busy} />
              );
            })}
        </>
      )}
    </FormModal>
  );
}
