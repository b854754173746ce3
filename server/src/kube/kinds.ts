/**
 * The four custom resource kinds the console reads and writes, in the API groups clusters running
 * the platform already have (DESIGN.md §1), and the database table each one is mirrored into.
 */
import type { KindName, KindTable } from '../../../common/kinds.js';

export type { KindName, KindTable };

export interface KindInfo {
  kind: KindName;
  group: string;
  version: 'v1';
  /** The resource name in URLs: /apis/{group}/v1/namespaces/{ns}/{plural}/{name}. */
  plural: string;
  singular: string;
  shortNames: string[];
  table: KindTable;
}

export const KINDS: readonly KindInfo[] = [
  {
    kind: 'Canary',
    group: 'canaries.flanksource.com',
    version: 'v1',
    plural: 'canaries',
    singular: 'canary',
    shortNames: [],
    table: 'canaries',
  },
  {
    kind: 'Topology',
    group: 'canaries.flanksource.com',
    version: 'v1',
    plural: 'topologies',
    singular: 'topology',
    shortNames: [],
    table: 'topologies',
  },
  {
    kind: 'ScrapeConfig',
    group: 'configs.flanksource.com',
    version: 'v1',
    plural: 'scrapeconfigs',
    singular: 'scrapeconfig',
    shortNames: [],
    table: 'config_scrapers',
  },
  {
    kind: 'Playbook',
    group: 'mission-control.flanksource.com',
    version: 'v1',
    plural: 'playbooks',
    singular: 'playbook',
    shortNames: [],
    table: 'playbooks',
  },
];

export const apiVersionOf = (info: KindInfo) => `${info.group}/${info.version}`;

export function kindOfTable(table: string): KindInfo | undefined {
  return KINDS.find((info) => info.table === table);
}

export function kindNamed(kind: string): KindInfo | undefined {
  return KINDS.find((info) => info.kind === kind);
}

export { CRD_SOURCE } from '../../../common/managed.js';
