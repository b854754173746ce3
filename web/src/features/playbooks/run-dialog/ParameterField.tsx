import { lazy, Suspense, useState, type ReactNode } from 'react';
import {
  Checkbox,
  FormGroup,
  FormSelect,
  FormSelectOption,
  InputGroup,
  InputGroupItem,
  InputGroupText,
  Skeleton,
  TextInput,
} from '@patternfly/react-core';
import {
  FieldError,
  FormField,
  SelectField,
  TextAreaField,
  TextField,
} from '../../../components/Form/index.js';
import { YamlEditor } from '../../../components/YamlEditor/index.js';
import type { CodeViewerHeight } from '../../../components/CodeViewer/index.js';
import {
  BYTE_UNITS,
  DURATION_OPTIONS,
  formatBytes,
  formatMillicores,
  isMultiline,
  parameterFormat,
  parameterLabel,
  parameterOptions,
  parameterType,
  splitBytes,
  splitMillicores,
  type ByteUnit,
  type PlaybookParameter,
} from '../../../../../common/playbook-params.js';
import { ResourceTypeahead } from './ResourceTypeahead.js';
import { useTeams, type ChosenResource, type ResourceKind } from './run-dialog-api.js';

// The incidents area's person picker loads with the first people parameter.
const PersonTypeahead = lazy(async () => ({
  default: (await import('../../incidents/index.js')).PersonTypeahead,
}));

export interface ParameterFieldProps {
  param: PlaybookParameter;
  value: string;
  onChange: (value: string) => void;
  /** The value's problem, shown under the field. */
  error?: string;
  /** A resource parameter's chosen resource, to show its name rather than its id. */
  resource?: ChosenResource;
  onResourceChange?: (resource: ChosenResource | undefined) => void;
}

const HEIGHTS: readonly CodeViewerHeight[] = ['very-small', 'small', 'medium', 'large', 'full'];

/** The code editor's language: YAML and JSON highlighted, anything else as plain text. */
function editorLanguage(language: unknown): 'yaml' | 'json' | 'text' {
  const name = typeof language === 'string' ? language.toLowerCase() : 'yaml';
  if (name === '' || name === 'yaml' || name === 'yml') return 'yaml';
  return name === 'json' ? 'json' : 'text';
}

const RESOURCE_TYPES: Record<string, ResourceKind> = {
  config: 'config',
  configs: 'config',
  component: 'component',
  check: 'check',
};

/** One playbook parameter, as its type says (spec 1 §3): its label, its input, its problem. */
export function ParameterField({
  param,
  value,
  onChange,
  error,
  resource,
  onResourceChange,
}: ParameterFieldProps) {
  const label = parameterLabel(param);
  const type = parameterType(param);
  const properties = param.properties ?? {};
  const common = { label, isRequired: param.required === true, error, helperText: param.description };

  switch (type) {
    case 'checkbox':
      return (
        <FormGroup fieldId={`param-${param.name}`}>
          <Checkbox
            id={`param-${param.name}`}
            label={label}
            isChecked={value === 'true'}
            onChange={(_event, checked) => onChange(checked ? 'true' : 'false')}
            description={param.description}
          />
        </FormGroup>
      );

    case 'code': {
      const size = HEIGHTS.find((height) => height === properties.size) ?? 'small';
      return (
        <LabelledGroup label={label} isRequired={common.isRequired} error={error} name={param.name}>
          <YamlEditor
            aria-label={label}
            value={value}
            onChange={onChange}
            language={editorLanguage(properties.language)}
            height={size}
          />
        </LabelledGroup>
      );
    }

    case 'list':
      return (
        <SelectField
          {...common}
          value={value}
          onChange={onChange}
          options={parameterOptions(param)}
          placeholder="Select an option"
        />
      );

    case 'team':
      return <TeamField {...common} value={value} onChange={onChange} />;

    case 'people':
      return (
        <LabelledGroup label={label} isRequired={common.isRequired} error={error} name={param.name}>
          <Suspense fallback={<Skeleton screenreaderText={`Loading ${label}`} height="36px" />}>
            <PersonTypeahead
              label={label}
              selectedId={value || null}
              noneLabel="None"
              onChange={(person) => onChange(person?.id ?? '')}
            />
          </Suspense>
        </LabelledGroup>
      );

    case 'component':
    case 'config':
    case 'configs':
    case 'check': {
      const kind = RESOURCE_TYPES[type]!;
      const shown = resource ?? (value ? { kind, id: value, name: value } : undefined);
      return (
        <FormField {...common}>
          {(input) => (
            <ResourceTypeahead
              id={input.id}
              aria-describedby={input['aria-describedby']}
              isInvalid={Boolean(error)}
              label={label}
              kinds={[kind]}
              filter={properties.filter}
              value={shown}
              onChange={(next) => {
                onResourceChange?.(next);
                onChange(next?.id ?? '');
              }}
            />
          )}
        </FormField>
      );
    }

    case 'duration': {
      const options = [...DURATION_OPTIONS] as string[];
      if (value && !options.includes(value)) options.unshift(value);
      return (
        <SelectField {...common} value={value} onChange={onChange} options={options} placeholder="none" />
      );
    }

    case 'secret':
      return <TextField {...common} type="password" value={value} onChange={onChange} />;
  }

  const format = parameterFormat(param);
  if (type === 'text' && isMultiline(param))
    return <TextAreaField {...common} value={value} onChange={onChange} />;
  if (format === 'bytes') return <BytesField {...common} value={value} onChange={onChange} />;
  if (format === 'millicores') return <MillicoresField {...common} value={value} onChange={onChange} />;
  const inputType = format === 'email' || format === 'url' ? format : 'text';
  return <TextField {...common} type={inputType} value={value} onChange={onChange} />;
}

interface SimpleFieldProps {
  label: string;
  isRequired: boolean;
  error?: string;
  helperText?: string;
  value: string;
  onChange: (value: string) => void;
}

/** A group for inputs named by their own aria-label (the code editor, the person picker). */
function LabelledGroup({
  label,
  isRequired,
  error,
  name,
  children,
}: {
  label: string;
  isRequired: boolean;
  error?: string;
  name: string;
  children: ReactNode;
}) {
  const id = `param-${name}`;
  return (
    <FormGroup label={label} isRequired={isRequired} fieldId={id} role="group">
      {children}
      <FieldError id={`${id}-error`} error={error} />
    </FormGroup>
  );
}

function TeamField({ value, onChange, ...field }: SimpleFieldProps) {
  const teams = useTeams();
  const options = (teams.data ?? []).map((team) => ({ value: team.id, label: team.name }));
  if (value && !options.some((option) => option.value === value)) options.unshift({ value, label: value });
  const placeholder = teams.error ? teams.error.message : teams.isLoading ? 'Loading...' : 'Select a team';
  return (
    <SelectField {...field} value={value} onChange={onChange} options={options} placeholder={placeholder} />
  );
}

/** A number and its unit after it: a unit select or a fixed suffix. */
function AmountField({
  amount,
  onAmountChange,
  unit,
  ...field
}: Omit<SimpleFieldProps, 'value' | 'onChange'> & {
  amount: string;
  onAmountChange: (amount: string) => void;
  unit: ReactNode;
}) {
  return (
    <FormField {...field}>
      {(input) => (
        <InputGroup>
          <InputGroupItem isFill>
            <TextInput
              {...input}
              type="number"
              min={0}
              value={amount}
              onChange={(_event, next) => onAmountChange(next)}
            />
          </InputGroupItem>
          {unit}
        </InputGroup>
      )}
    </FormField>
  );
}

/** A memory size: the amount and its unit, Mi, Gi or Ti (spec 1 §5), sent as '512Mi'. */
function BytesField({ value, onChange, ...field }: SimpleFieldProps) {
  // The unit chosen before an amount is typed, which the empty value cannot hold.
  const [chosenUnit, setChosenUnit] = useState(() => splitBytes(value).unit);
  const parsed = splitBytes(value);
  const amount = parsed.amount;
  const unit = value.trim() === '' ? chosenUnit : parsed.unit;
  return (
    <AmountField
      {...field}
      amount={amount}
      onAmountChange={(next) => onChange(formatBytes(next, unit))}
      unit={
        <InputGroupItem>
          <FormSelect
            aria-label={`${field.label} unit`}
            value={unit}
            onChange={(_event, next) => {
              setChosenUnit(next as ByteUnit);
              onChange(formatBytes(amount, next as ByteUnit));
            }}
          >
            {BYTE_UNITS.map((option) => (
              <FormSelectOption key={option} value={option} label={option} />
            ))}
          </FormSelect>
        </InputGroupItem>
      }
    />
  );
}

/** A CPU amount in millicores, sent with the suffix m ('500m'). */
function MillicoresField({ value, onChange, ...field }: SimpleFieldProps) {
  return (
    <AmountField
      {...field}
      amount={splitMillicores(value)}
      onAmountChange={(next) => onChange(formatMillicores(next))}
      unit={
        <InputGroupItem isPlain>
          <InputGroupText>m</InputGroupText>
        </InputGroupItem>
      }
    />
  );
}
