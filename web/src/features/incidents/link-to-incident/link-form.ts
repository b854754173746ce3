import type { IncidentSeverity, IncidentType } from '../../../../../common/incidents.js';
import { FIELD_REQUIRED } from '../../../components/Form/index.js';

/** The Incident and Hypothesis pickers' 'create one' choice. */
export const CREATE_NEW = '__new__';

/** Spec 2 §5's texts of the Link to Incident dialog. */
export const LINK_MESSAGES = {
  incident: 'Must select or create an incident',
  hypothesis: 'Must select or create a hypothesis',
  severity: 'Please select incident severity',
  type: 'Please select an incident type',
} as const;

export interface LinkForm {
  /** An incident's id, CREATE_NEW, or '' when none is chosen yet. */
  incident: string;
  /** The new incident's title, severity and type. */
  title: string;
  severity: IncidentSeverity | '';
  type: IncidentType | '';
  /** A hypothesis's id, CREATE_NEW, or ''; asked only for an existing incident. */
  hypothesis: string;
  hypothesisTitle: string;
  description: string;
}

export type LinkFormErrors = Partial<Record<keyof LinkForm, string>>;

/**
 * Spec 2 §5: an incident is chosen or created; a new one needs its title, severity and type; an
 * existing one needs a hypothesis chosen or created (a new hypothesis may stay unnamed).
 */
export function validateLinkForm(form: LinkForm): LinkFormErrors {
  const errors: LinkFormErrors = {};
  if (!form.incident) errors.incident = LINK_MESSAGES.incident;
  else if (form.incident === CREATE_NEW) {
    if (!form.title.trim()) errors.title = FIELD_REQUIRED;
    if (!form.severity) errors.severity = LINK_MESSAGES.severity;
    if (!form.type) errors.type = LINK_MESSAGES.type;
  } else if (!form.hypothesis) errors.hypothesis = LINK_MESSAGES.hypothesis;
  return errors;
}
