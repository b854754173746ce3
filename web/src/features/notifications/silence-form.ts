/**
 * The silence form's values (spec 2 §4-5): the resource is of one kind at a time (choosing a kind
 * clears the other ids), a resource is required, and from/until come from a preset or are typed.
 */
import { FIELD_REQUIRED } from '../../components/Form/index.js';
import type { Silence, SilenceFields } from './notifications-api.js';
import type { SilenceKind } from './notification-options.js';

/** A canary is never offered, but a silence made elsewhere may name one. */
export type FormKind = SilenceKind | 'canary';

export interface SilenceForm {
  kind: FormKind;
  resourceId: string;
  /** The resource's name, once known, for the picker to show. */
  resourceName: string;
  /** A preset duration ('1h') from now, or 'custom' for the from and until typed. */
  range: string;
  /** datetime-local values ('2026-11-29T10:00'), used with the custom range. */
  from: string;
  until: string;
  recursive: boolean;
  description: string;
}

const HOUR = 3_600_000;

/** The durations the form offers from now. */
export const SILENCE_PRESETS = [
  { value: '1h', label: '1 hour', ms: HOUR },
  { value: '4h', label: '4 hours', ms: 4 * HOUR },
  { value: '1d', label: '1 day', ms: 24 * HOUR },
  { value: '1w', label: '1 week', ms: 7 * 24 * HOUR },
] as const;
export const CUSTOM_RANGE = 'custom';

export const EMPTY_SILENCE_FORM: SilenceForm = {
  kind: 'config',
  resourceId: '',
  resourceName: '',
  range: '1h',
  from: '',
  until: '',
  recursive: false,
  description: '',
};

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as a datetime-local input holds it, in the browser's time zone. */
export function localInputValue(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const toIso = (local: string) => {
  if (!local) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
};

/** The column each kind fills. */
const KIND_COLUMN: Record<
  FormKind,
  keyof Pick<SilenceFields, 'canary_id' | 'check_id' | 'component_id' | 'config_id'>
> = {
  canary: 'canary_id',
  check: 'check_id',
  component: 'component_id',
  config: 'config_id',
};

/** The form's values for a saved silence: its kind is the resource it names, its range as saved. */
export function silenceForm(silence: Silence): SilenceForm {
  const kind: FormKind = silence.config_id
    ? 'config'
    : silence.component_id
      ? 'component'
      : silence.check_id
        ? 'check'
        : 'canary';
  const resource = silence[kind];
  return {
    kind,
    resourceId: silence[KIND_COLUMN[kind]] ?? '',
    resourceName: resource?.name ?? '',
    range: CUSTOM_RANGE,
    from: localInputValue(silence.from),
    until: localInputValue(silence.until),
    recursive: silence.recursive,
    description: silence.description ?? '',
  };
}

/** Another kind: the resource chosen for the previous kind is forgotten. */
export const switchKind = (form: SilenceForm, kind: FormKind): SilenceForm =>
  kind === form.kind ? form : { ...form, kind, resourceId: '', resourceName: '' };

/** What the form sends: the chosen resource's id, every other id null; `now` starts a preset. */
export function silenceFields(form: SilenceForm, now: Date = new Date()): SilenceFields {
  const preset = SILENCE_PRESETS.find((p) => p.value === form.range);
  const ids = { canary_id: null, check_id: null, component_id: null, config_id: null };
  return {
    ...ids,
    [KIND_COLUMN[form.kind]]: form.resourceId || null,
    from: preset ? now.toISOString() : toIso(form.from),
    until: preset ? new Date(now.getTime() + preset.ms).toISOString() : toIso(form.until),
    recursive: form.recursive,
    description: form.description,
  };
}

/** The form's problems: a resource is required; a custom range needs its end after its start. */
export function silenceProblems(form: SilenceForm): { resource?: string; until?: string } {
  const problems: { resource?: string; until?: string } = {};
  if (!form.resourceId) problems.resource = FIELD_REQUIRED;
  if (form.range === CUSTOM_RANGE) {
    if (!form.until) problems.until = FIELD_REQUIRED;
    else if (form.from && new Date(form.until) <= new Date(form.from))
      problems.until = 'Until must be after From';
  }
  return problems;
}
