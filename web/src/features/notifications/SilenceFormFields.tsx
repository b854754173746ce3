import { TextInput } from '@patternfly/react-core';
import { FormField, SelectField, SwitchField, TextAreaField } from '../../components/Form/index.js';
import { SILENCE_KINDS } from './notification-options.js';
import { ResourceTypeahead } from './ResourceTypeahead.js';
import {
  CUSTOM_RANGE,
  SILENCE_PRESETS,
  switchKind,
  type FormKind,
  type SilenceForm,
} from './silence-form.js';

export interface SilenceFieldErrors {
  resource?: string;
  until?: string;
}

export interface SilenceFormFieldsProps {
  form: SilenceForm;
  onChange: (form: SilenceForm) => void;
  errors: SilenceFieldErrors;
  isDisabled?: boolean;
}

const RANGE_OPTIONS = [
  ...SILENCE_PRESETS.map((preset) => ({ value: preset.value, label: `For ${preset.label}` })),
  { value: CUSTOM_RANGE, label: 'Custom' },
];

function DateTimeField({
  label,
  value,
  onChange,
  error,
  isDisabled,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  isDisabled?: boolean;
}) {
  return (
    <FormField label={label} error={error}>
      {(input) => (
        <TextInput
          {...input}
          type="datetime-local"
          value={value}
          onChange={(_event, next) => onChange(next)}
          isDisabled={isDisabled}
        />
      )}
    </FormField>
  );
}

/** The Silence Notification fields: the resource (of one kind), the time range, recursive and reason. */
export function SilenceFormFields({ form, onChange, errors, isDisabled = false }: SilenceFormFieldsProps) {
  const set = (patch: Partial<SilenceForm>) => onChange({ ...form, ...patch });
  const kinds: { value: string; label: string }[] = [...SILENCE_KINDS];
  if (form.kind === 'canary') kinds.push({ value: 'canary', label: 'Canary' });

  return (
    <>
      <SelectField
        label="Resource Type"
        value={form.kind}
        onChange={(kind) => onChange(switchKind(form, kind as FormKind))}
        options={kinds}
        isDisabled={isDisabled}
      />
      <FormField label="Resource" isRequired error={errors.resource}>
        {(input) =>
          form.kind === 'canary' ? (
            <TextInput {...input} value={form.resourceName || form.resourceId} readOnlyVariant="default" />
          ) : (
            <ResourceTypeahead
              key={form.kind}
              kind={form.kind}
              label="Resource"
              selectedId={form.resourceId}
              selectedName={form.resourceName}
              onChange={(resource) =>
                set({ resourceId: resource?.id ?? '', resourceName: resource?.name ?? '' })
              }
              inputId={input.id}
              describedBy={input['aria-describedby']}
              isInvalid={Boolean(errors.resource)}
              isDisabled={isDisabled}
            />
          )
        }
      </FormField>
      <SelectField
        label="Duration"
        value={form.range}
        onChange={(range) => set({ range })}
        options={RANGE_OPTIONS}
        isDisabled={isDisabled}
      />
      {form.range === CUSTOM_RANGE && (
        <>
          <DateTimeField
            label="From"
            value={form.from}
            onChange={(from) => set({ from })}
            isDisabled={isDisabled}
          />
          <DateTimeField
            label="Until"
            value={form.until}
            onChange={(until) => set({ until })}
            error={errors.until}
            isDisabled={isDisabled}
          />
        </>
      )}
      <SwitchField
        label="Recursive"
        isChecked={form.recursive}
        onChange={(recursive) => set({ recursive })}
        helperText="Also silence the resource's children"
        isDisabled={isDisabled}
      />
      <TextAreaField
        label="Reason"
        value={form.description}
        onChange={(description) => set({ description })}
        isDisabled={isDisabled}
      />
    </>
  );
}
