// The agent form's state (spec 1 §3, §5): its values, their problems, and the bodies they make.
import { FIELD_REQUIRED, type Row } from '../../components/Form/index.js';
import {
  DEFAULT_SCRAPE_INTERVAL,
  type Agent,
  type AgentChanges,
  type AgentSpec,
  type GenerateAgent,
} from './agents-api.js';

export interface AgentFormValues {
  name: string;
  description: string;
  /** The properties as rows of `key` and `value`, in the order typed. */
  properties: Row[];
  kubernetesEnabled: boolean;
  kubernetesInterval: string;
  telemetryEnabled: boolean;
  topologyName: string;
}

export type AgentFormErrors = Partial<Record<'name' | 'properties', string>>;

export const PROPERTY_KEY_MISSING = 'Every property with a value needs a key';
export const propertyKeyTwice = (key: string) => `The property ${key} is set twice`;

/** A new agent's values (kubernetes and telemetry off, spec 1 §9), or the agent's as it is. */
export function agentFormValues(agent?: Agent): AgentFormValues {
  const spec: AgentSpec = agent?.spec ?? {};
  return {
    name: agent?.name ?? '',
    description: agent?.description ?? '',
    properties: Object.entries(agent?.properties ?? {}).map(([key, value]) => ({ key, value })),
    kubernetesEnabled: spec.kubernetes?.enabled ?? false,
    kubernetesInterval: spec.kubernetes?.interval || DEFAULT_SCRAPE_INTERVAL,
    telemetryEnabled: spec.pushTelemetry?.enabled ?? false,
    topologyName: spec.pushTelemetry?.topologyName ?? '',
  };
}

/** The rows with anything in them, trimmed. */
const filledRows = (rows: Row[]) =>
  rows
    .map((row) => ({ key: (row.key ?? '').trim(), value: row.value ?? '' }))
    .filter((row) => row.key !== '' || row.value.trim() !== '');

/** The name is required (spec 1 §5); a property needs a key, once. */
export function validateAgentForm(values: AgentFormValues): AgentFormErrors {
  const errors: AgentFormErrors = {};
  if (values.name.trim() === '') errors.name = FIELD_REQUIRED;
  const seen = new Set<string>();
  for (const row of filledRows(values.properties)) {
    if (row.key === '') {
      errors.properties = PROPERTY_KEY_MISSING;
      break;
    }
    if (seen.has(row.key)) {
      errors.properties = propertyKeyTwice(row.key);
      break;
    }
    seen.add(row.key);
  }
  return errors;
}

/** The properties as the string map the agent keeps; empty rows left out. */
export const propertiesOf = (rows: Row[]): Record<string, string> =>
  Object.fromEntries(filledRows(rows).map((row) => [row.key, row.value]));

function specOf(values: AgentFormValues): Required<AgentSpec> {
  const topologyName = values.topologyName.trim();
  return {
    kubernetes: { enabled: values.kubernetesEnabled, interval: values.kubernetesInterval },
    pushTelemetry: { enabled: values.telemetryEnabled, ...(topologyName ? { topologyName } : {}) },
  };
}

/** The body of `POST /api/agent/generate`. */
export function toGenerate(values: AgentFormValues): GenerateAgent {
  const description = values.description.trim();
  const { kubernetes, pushTelemetry } = specOf(values);
  return {
    name: values.name.trim(),
    ...(description ? { description } : {}),
    properties: propertiesOf(values.properties),
    kubernetes: { enabled: kubernetes.enabled, interval: kubernetes.interval ?? DEFAULT_SCRAPE_INTERVAL },
    pushTelemetry,
  };
}

/** What an edit sends: everything but the name, which cannot change. */
export function toChanges(values: AgentFormValues): AgentChanges {
  const description = values.description.trim();
  return {
    description: description === '' ? null : description,
    properties: propertiesOf(values.properties),
    spec: specOf(values),
  };
}
