import type { Clock, Random } from './random.js';
import type { Writer } from './writer.js';

/** Ids one area creates and later areas point at. */
export interface DemoRefs {
  people: { id: string; name: string; email: string; roles: string[] }[];
  teams: { id: string; name: string; owns: readonly string[]; members: string[] }[];
  agents: { id: string; name: string }[];
  /** agent per cluster name */
  clusterAgent: Map<string, string>;
  scrapers: { id: string; name: string; type: string; agentId: string }[];
  configs: {
    id: string;
    name: string;
    type: string;
    namespace?: string;
    cluster?: string;
    service?: string;
    health: string;
  }[];
  changes: { id: string; configId: string }[];
  analyses: { id: string; configId: string }[];
  topologies: { id: string; name: string }[];
  components: {
    id: string;
    name: string;
    type: string;
    level: number;
    service?: string;
    cluster?: string;
    health: string;
  }[];
  canaries: { id: string; name: string; namespace: string }[];
  checks: { id: string; name: string; namespace: string; service?: string; status: string }[];
  connections: { id: string; name: string; type: string }[];
  playbooks: { id: string; name: string }[];
  incidents: { id: string; title: string; status: string }[];
  notifications: { id: string; title: string }[];
}

export interface DemoContext {
  w: Writer;
  r: Random;
  clock: Clock;
  refs: DemoRefs;
}

export function emptyRefs(): DemoRefs {
  return {
    people: [],
    teams: [],
    agents: [],
    clusterAgent: new Map(),
    scrapers: [],
    configs: [],
    changes: [],
    analyses: [],
    topologies: [],
    components: [],
    canaries: [],
    checks: [],
    connections: [],
    playbooks: [],
    incidents: [],
    notifications: [],
  };
}

/** Lowercase dns-1123-ish slug. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
