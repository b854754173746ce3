/**
 * The kinds the generic spec editor edits (spec 3 §2.3): Topology, Catalog Scraper and Playbook,
 * each a table mirrored from a custom resource whose spec is the row's spec. Topology and Catalog
 * Scraper are described here; an area that owns its kind (playbooks) describes it itself.
 */
import { AREAS } from '../../shell/nav-items.js';
import type { KindTable } from './cluster/cluster-api.js';
import type { KindForms } from './kind-form/fields.js';
import { TOPOLOGY_FORMS } from './topology/topology-forms.js';
import { PLAIN_MESSAGES, type SpecMessages } from './use-spec-form.js';

export type EditableTable = Exclude<KindTable, 'canaries'>;

export interface ResourceKind {
  table: EditableTable;
  /** One of them, in titles: 'Add Topology', 'Delete Topology'. */
  title: string;
  /** The breadcrumb's link: the kind's list. */
  listTitle: string;
  listPath: string;
  detailPath: (id: string) => string;
  /** Labels (JSON) are edited where the table has them; playbooks have none. */
  hasLabels: boolean;
  /**
   * Columns the table keeps beside the spec, copied from the spec's own fields on save (the
   * custom resource has them in its spec).
   */
  specColumns: readonly string[];
  messages: SpecMessages;
  placeholder: string;
  /**
   * The form requires the spec's title (shown beside the name, taken from the spec) and a spec:
   * an empty one says 'This field is required' rather than only disabling the save.
   */
  requiresTitleAndSpec?: boolean;
  /**
   * The spec's Form beside its Code (spec 3 §2.3 "Editors offer Form and Code tabs"): one entry of
   * a kind that has a form. Without it the spec is edited as YAML only.
   */
  forms?: KindForms;
}

const path = (base: string) => (id: string) => `${base}/${encodeURIComponent(id)}`;

/** The kinds this area owns; a playbook's kind is the playbooks area's (its spec form). */
export const RESOURCE_KINDS: Readonly<Record<'topologies' | 'config_scrapers', ResourceKind>> = {
  topologies: {
    table: 'topologies',
    title: AREAS.topologies.title,
    listTitle: AREAS.topologies.title,
    listPath: AREAS.topologies.path,
    detailPath: path(AREAS.topologies.path),
    hasLabels: true,
    specColumns: ['icon', 'schedule'],
    messages: PLAIN_MESSAGES,
    placeholder: "schedule: '@every 5m'\ntype: Website\ncomponents:\n  - name: frontend\n    type: Service",
    forms: TOPOLOGY_FORMS,
  },
  config_scrapers: {
    table: 'config_scrapers',
    title: AREAS.catalogScrapers.title,
    listTitle: AREAS.catalogScrapers.title,
    listPath: AREAS.catalogScrapers.path,
    detailPath: path(AREAS.catalogScrapers.path),
    hasLabels: true,
    specColumns: ['schedule'],
    messages: PLAIN_MESSAGES,
    placeholder: "schedule: '@every 30m'\nkubernetes:\n  - clusterName: local",
  },
};

/** The table columns taken from the spec: text values, else null. */
export function columnsFromSpec(
  kind: ResourceKind,
  spec: Record<string, unknown>,
): Record<string, string | null> {
  return Object.fromEntries(
    kind.specColumns.map((column) => {
      const value = spec[column];
      return [column, typeof value === 'string' && value !== '' ? value : null];
    }),
  );
}
