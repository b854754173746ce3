/**
 * Which resources an incident rule watches, and when (docs/incident-rules.md): pure functions
 * over a rule's spec and the resources' rows, so the engine only reads and writes.
 */

/** duty's ResourceSelector, the fields the console matches on. */
export interface ResourceSelector {
  id?: string;
  name?: string;
  namespace?: string;
  agent?: string;
  types?: string[];
  statuses?: string[];
  labelSelector?: string;
}

export interface AutoClose {
  timeout?: number;
}

export interface IncidentRuleSpec {
  name?: string;
  components?: ResourceSelector[];
  checks?: ResourceSelector[];
  filter?: { status?: string[]; severity?: string[]; category?: string[]; type?: string[]; age?: number };
  template?: {
    title?: string;
    description?: string;
    type?: string;
    status?: string;
    severity?: string;
    created_by?: string;
    commander_id?: string;
    communicator_id?: string;
  };
  responders?: Record<string, Record<string, unknown>[] | undefined>;
  priority?: number;
  breakOnMatch?: boolean;
  autoAssignOwner?: boolean;
  autoClose?: AutoClose;
  autoResolve?: AutoClose;
  hoursOfOperation?: { start: string; end: string; negate?: boolean }[];
}

export interface IncidentRule {
  id: string;
  name: string;
  spec: IncidentRuleSpec;
}

/** A component or a check, as the engine reads it. */
export interface WatchedResource {
  kind: 'component' | 'check';
  id: string;
  name: string;
  namespace: string | null;
  agent_id: string | null;
  type: string | null;
  /** component: status; check: 'healthy' / 'unhealthy' / null before its first run. */
  status: string | null;
  severity: string | null;
  labels: Record<string, string> | null;
  owner: string | null;
  status_reason: string | null;
  /** When the status last changed (checks), or the row last did (components). */
  since: Date | null;
}

/** The rules in the order they apply: lowest priority number first, rules without one last, then by name. */
export function inPriorityOrder(rules: IncidentRule[]): IncidentRule[] {
  const priority = (rule: IncidentRule) =>
    typeof rule.spec.priority === 'number' ? rule.spec.priority : Number.POSITIVE_INFINITY;
  return [...rules].sort((a, b) => priority(a) - priority(b) || a.name.localeCompare(b.name));
}

/** `a=b,c!=d,e` (equality, inequality and existence), as Kubernetes label selectors say it. */
export function labelsMatch(selector: string, labels: Record<string, string> | null): boolean {
  const have = labels ?? {};
  return selector
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .every((term) => {
      const notEqual = term.match(/^([^!=]+)!=(.*)$/);
      if (notEqual) return have[notEqual[1]!.trim()] !== notEqual[2]!.trim();
      const equal = term.match(/^([^=]+)==?(.*)$/);
      if (equal) return have[equal[1]!.trim()] === equal[2]!.trim();
      if (term.startsWith('!')) return !Object.hasOwn(have, term.slice(1));
      return Object.hasOwn(have, term);
    });
}

const globMatch = (pattern: string, value: string | null) => {
  if (value === null) return false;
  if (!pattern.includes('*')) return pattern === value;
  const regex = new RegExp(
    `^${pattern
      .split('*')
      .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
  return regex.test(value);
};

export function selectorMatches(selector: ResourceSelector, resource: WatchedResource): boolean {
  if (selector.id && selector.id !== resource.id) return false;
  if (selector.name && !globMatch(selector.name, resource.name)) return false;
  if (selector.namespace && selector.namespace !== resource.namespace) return false;
  if (selector.agent && selector.agent !== resource.agent_id) return false;
  if (selector.types?.length && !selector.types.includes(resource.type ?? '')) return false;
  if (selector.statuses?.length && !selector.statuses.includes(resource.status ?? '')) return false;
  if (selector.labelSelector && !labelsMatch(selector.labelSelector, resource.labels)) return false;
  return true;
}

/**
 * Whether a rule watches a resource: components through its `components` selectors, checks
 * through its `checks` selectors; a rule with neither watches the checks its filter names
 * (category or type: check types; severity: check severities), as the platform's rules do.
 */
export function watches(rule: IncidentRuleSpec, resource: WatchedResource): boolean {
  const { filter = {} } = rule;
  if (resource.kind === 'component') return (rule.components ?? []).some((s) => selectorMatches(s, resource));
  const hasSelectors = (rule.components?.length ?? 0) > 0 || (rule.checks?.length ?? 0) > 0;
  if (hasSelectors && !(rule.checks ?? []).some((s) => selectorMatches(s, resource))) return false;
  if (!hasSelectors && !filter.severity?.length && !filter.category?.length && !filter.type?.length)
    return false;
  const types = [...(filter.category ?? []), ...(filter.type ?? [])];
  if (types.length && !types.includes(resource.type ?? '')) return false;
  if (filter.severity?.length && !filter.severity.includes(resource.severity ?? '')) return false;
  return true;
}

const FAILING_BY_DEFAULT = ['unhealthy'];
const HEALTHY = ['healthy', 'info'];

const secondsSince = (at: Date | null, now: Date) =>
  at ? (now.getTime() - at.getTime()) / 1000 : Number.POSITIVE_INFINITY;

/** Failing in the rule's words: its filter's statuses (default unhealthy), for at least filter.age seconds. */
export function isFailing(rule: IncidentRuleSpec, resource: WatchedResource, now: Date): boolean {
  const statuses = rule.filter?.status?.length ? rule.filter.status : FAILING_BY_DEFAULT;
  if (!statuses.includes(resource.status ?? '')) return false;
  return secondsSince(resource.since, now) >= (rule.filter?.age ?? 0);
}

/** Recovered: healthy again, for at least the timeout of the rule's autoResolve or autoClose. */
export function hasRecovered(resource: WatchedResource, now: Date, timeoutSeconds = 0): boolean {
  if (!HEALTHY.includes(resource.status ?? '')) return false;
  return secondsSince(resource.since, now) >= timeoutSeconds;
}

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
};

/** Inside the rule's hours of operation (UTC); a rule without any is always on. */
export function withinHours(rule: IncidentRuleSpec, now: Date): boolean {
  const windows = rule.hoursOfOperation ?? [];
  if (windows.length === 0) return true;
  const minute = now.getUTCHours() * 60 + now.getUTCMinutes();
  return windows.some((window) => {
    const start = minutesOf(window.start);
    const end = minutesOf(window.end);
    const inside = start <= end ? minute >= start && minute < end : minute >= start || minute < end;
    return window.negate ? !inside : inside;
  });
}

/** The responders rows a rule adds: [responders.type, properties] (person and team resolved by the engine). */
export const RESPONDER_KINDS: Readonly<Record<string, string>> = {
  email: 'email',
  jira: 'jira',
  servicenow: 'service_now',
  aws: 'aws_support',
  ams: 'aws_ams_service_request',
  ms_planner: 'ms_planner',
  person: 'person',
  team: 'team',
};
