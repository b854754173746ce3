/**
 * An agent's form (spec 1 §3, §5, §9): its name, description, properties and spec
 * (`{kubernetes: {enabled, interval}, pushTelemetry: {enabled, topologyName}}`). The UI checks it
 * as people type, the server before it writes (`POST /api/agent/generate`, `PATCH /api/db/agents`).
 */

/** The scrape intervals the form offers (spec 1 §9). */
export const SCRAPE_INTERVALS = ['1m', '5m', '10m', '30m', '1h', '2h', '6h', '12h', '24h'] as const;
export type ScrapeInterval = (typeof SCRAPE_INTERVALS)[number];
export const DEFAULT_SCRAPE_INTERVAL: ScrapeInterval = '30m';

/** Longest agent name accepted: it also names the agent's person (`agent-<name>`). */
export const MAX_AGENT_NAME_LENGTH = 100;

export interface AgentSpec {
  kubernetes: { enabled: boolean; interval: ScrapeInterval };
  pushTelemetry: { enabled: boolean; topologyName?: string };
}

/** Kubernetes and telemetry are off until chosen (spec 1 §9). */
export const DEFAULT_AGENT_SPEC: AgentSpec = {
  kubernetes: { enabled: false, interval: DEFAULT_SCRAPE_INTERVAL },
  pushTelemetry: { enabled: false },
};

export const AGENT_FORM_MESSAGES = {
  nameRequired: 'An agent needs a name',
  nameTooLong: `An agent's name must be at most ${MAX_AGENT_NAME_LENGTH} characters long`,
  description: "An agent's description must be text",
  properties: "An agent's properties must map each name to a text value",
  spec: "An agent's spec must be an object with kubernetes and pushTelemetry",
  kubernetes: 'kubernetes must be an object {enabled, interval}',
  kubernetesEnabled: 'kubernetes.enabled must be true or false',
  interval: `The scrape interval must be one of ${SCRAPE_INTERVALS.join(', ')}`,
  pushTelemetry: 'pushTelemetry must be an object {enabled, topologyName}',
  pushTelemetryEnabled: 'pushTelemetry.enabled must be true or false',
  topologyName: 'pushTelemetry.topologyName must be text',
} as const;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What is wrong with a name; undefined when it may be used. Judged without surrounding spaces. */
export function agentNameProblem(name: unknown): string | undefined {
  if (typeof name !== 'string' || name.trim() === '') return AGENT_FORM_MESSAGES.nameRequired;
  if (name.trim().length > MAX_AGENT_NAME_LENGTH) return AGENT_FORM_MESSAGES.nameTooLong;
  return undefined;
}

/** What is wrong with properties (a map of names to text; none is an empty map). */
export function agentPropertiesProblem(properties: unknown): string | undefined {
  if (properties === undefined || properties === null) return undefined;
  if (!isObject(properties) || Object.values(properties).some((value) => typeof value !== 'string'))
    return AGENT_FORM_MESSAGES.properties;
  return undefined;
}

/** What is wrong with the kubernetes part (absent: the default). */
export function kubernetesProblem(kubernetes: unknown): string | undefined {
  if (kubernetes === undefined || kubernetes === null) return undefined;
  if (!isObject(kubernetes)) return AGENT_FORM_MESSAGES.kubernetes;
  if (kubernetes.enabled !== undefined && typeof kubernetes.enabled !== 'boolean')
    return AGENT_FORM_MESSAGES.kubernetesEnabled;
  if (
    kubernetes.interval !== undefined &&
    !(SCRAPE_INTERVALS as readonly unknown[]).includes(kubernetes.interval)
  )
    return AGENT_FORM_MESSAGES.interval;
  return undefined;
}

/** What is wrong with the pushTelemetry part (absent: the default). */
export function pushTelemetryProblem(pushTelemetry: unknown): string | undefined {
  if (pushTelemetry === undefined || pushTelemetry === null) return undefined;
  if (!isObject(pushTelemetry)) return AGENT_FORM_MESSAGES.pushTelemetry;
  if (pushTelemetry.enabled !== undefined && typeof pushTelemetry.enabled !== 'boolean')
    return AGENT_FORM_MESSAGES.pushTelemetryEnabled;
  const { topologyName } = pushTelemetry;
  if (topologyName !== undefined && topologyName !== null && typeof topologyName !== 'string')
    return AGENT_FORM_MESSAGES.topologyName;
  return undefined;
}

/** What is wrong with a whole spec as stored (`agents.spec`). */
export function agentSpecProblem(spec: unknown): string | undefined {
  if (!isObject(spec)) return AGENT_FORM_MESSAGES.spec;
  return kubernetesProblem(spec.kubernetes) ?? pushTelemetryProblem(spec.pushTelemetry);
}

/** The spec as stored, from the form's parts (checked first), with the defaults filled in. */
export function agentSpecOf(kubernetes: unknown, pushTelemetry: unknown): AgentSpec {
  const k = isObject(kubernetes) ? kubernetes : {};
  const t = isObject(pushTelemetry) ? pushTelemetry : {};
  const topologyName =
    typeof t.topologyName === 'string' && t.topologyName.trim() ? t.topologyName.trim() : undefined;
  return {
    kubernetes: {
      enabled: k.enabled === true,
      interval: (k.interval as ScrapeInterval | undefined) ?? DEFAULT_SCRAPE_INTERVAL,
    },
    pushTelemetry: { enabled: t.enabled === true, ...(topologyName ? { topologyName } : {}) },
  };
}
