/**
 * The Topology's Form: the common fields of the top-level spec (what the root component shows,
 * when it is built, how it is grouped). Its components, properties and lookups stay in Code.
 */
import { SCHEDULES, type FieldDef, type KindForms } from '../kind-form/fields.js';

const text = (id: string, label: string, placeholder?: string): FieldDef => ({
  id,
  path: [id],
  label,
  type: 'text',
  placeholder,
});

export const TOPOLOGY_SPEC_FIELDS: readonly FieldDef[] = [
  text('text', 'Text', 'the root component’s name (default: the topology’s)'),
  text('type', 'Type', 'Website, Platform, Cluster...'),
  text('icon', 'Icon', 'kubernetes, database, http...'),
  text('owner', 'Owner'),
  text('tooltip', 'Tooltip'),
  { id: 'schedule', path: ['schedule'], label: 'Schedule', type: 'select', options: ['', ...SCHEDULES] },
  {
    id: 'groupByTag',
    path: ['groupBy', 'tag'],
    label: 'Group by tag',
    type: 'text',
    placeholder: 'a config tag: one tree per value (cluster, account...)',
  },
  {
    id: 'healthExpr',
    path: ['healthExpr'],
    label: 'Health expression',
    type: 'text',
    placeholder: 'CEL, e.g. summary.unhealthy > 0 ? "unhealthy" : "healthy"',
  },
  {
    id: 'statusExpr',
    path: ['statusExpr'],
    label: 'Status expression',
    type: 'text',
    placeholder: 'CEL, e.g. component.health',
  },
];

export const TOPOLOGY_FORMS: KindForms = {
  entry: { one: 'spec', many: 'components' },
  fieldsOf: () => [],
  kindLabel: () => 'Topology',
  specFields: TOPOLOGY_SPEC_FIELDS,
  specOnly: true,
  formHelp: 'Components, properties, lookups, checks and configs are edited in Code.',
};
