// Group By and Tab By (spec 1 §2): the choices, the key of a check under each, the tabs, and the
// dashboard's view of the checks once every filter applies.
import { compareSortValues } from '../../components/DataTable/index.js';
import { countHealth, isPassing, matchesLabels, matchesQuery, type HealthCounts } from './check-filters.js';
import { NO_GROUPING, type HealthParams } from './health-params.js';
import type { CheckSummary } from './types.js';

export interface Choice {
  value: string;
  label: string;
}

/** The tab listing every check. */
export const ALL_TAB = 'All';
/** Where checks without the value tabbed or grouped by go. */
export const NONE_KEY = 'none';
/** What an agent_name of null (the local agent) is called. */
export const LOCAL_AGENT = 'local';

const LABEL_PREFIX = 'label:';
/** Group By / Tab By value of a label key; prefixed so a label called 'name' is not the Name field. */
export const labelChoice = (key: string): Choice => ({ value: `${LABEL_PREFIX}${key}`, label: key });

const GROUP_FIELDS: Choice[] = [
  { value: NO_GROUPING, label: 'No Grouping' },
  { value: 'canary_name', label: 'Group Name' },
  { value: 'name', label: 'Name' },
  { value: 'description', label: 'Description' },
  { value: 'type', label: 'Type' },
];

export function groupByChoices(labelKeys: readonly string[]): Choice[] {
  return [...GROUP_FIELDS, ...labelKeys.map(labelChoice)];
}

export function tabByChoices(labelKeys: readonly string[]): Choice[] {
  return [
    { value: 'namespace', label: 'Namespace' },
    ...labelKeys.map(labelChoice),
    { value: 'agent', label: 'Agent' },
  ];
}

type KeyOf = (check: CheckSummary) => string;

const orNone = (value: string | null | undefined) => (value == null || value === '' ? NONE_KEY : value);

function fieldKey(by: string): KeyOf | undefined {
  if (by.startsWith(LABEL_PREFIX)) {
    const key = by.slice(LABEL_PREFIX.length);
    return (check) => orNone(check.labels?.[key]);
  }
  switch (by) {
    case 'namespace':
      return (check) => orNone(check.namespace);
    case 'agent':
      return (check) => check.agent_name || LOCAL_AGENT;
    case 'canary_name':
    case 'name':
    case 'description':
    case 'type':
      return (check) => orNone(check[by]);
    default:
      return undefined;
  }
}

/** The group of a check; undefined for No Grouping (or an unknown choice). */
export const groupKeyOf = (groupBy: string): KeyOf | undefined => fieldKey(groupBy);

/** The tab of a check; an unknown choice tabs by namespace. */
export const tabKeyOf = (tabBy: string): KeyOf => fieldKey(tabBy) ?? fieldKey('namespace')!;

export interface Tab {
  name: string;
  count: number;
}

export interface DashboardView {
  /** 'All' first, then every tab of the checks alphabetically, counting the checks shown under it. */
  tabs: Tab[];
  /** The tab in effect: the chosen one when it exists, else 'All'. */
  tab: string;
  /** Passing and failing checks of the tab under every filter but Hide Passing. */
  counts: HealthCounts;
  /** The checks to show, ordered by group and then name. */
  rows: CheckSummary[];
}

type ViewOptions = Pick<HealthParams, 'query' | 'labels' | 'tabBy' | 'tab' | 'hidePassing' | 'groupBy'>;

const byText = (a: string, b: string) => compareSortValues(a, b);

/** The dashboard's checks under its search, label filters, tab and Hide Passing. */
export function dashboardView(checks: readonly CheckSummary[], options: ViewOptions): DashboardView {
  const tabOf = tabKeyOf(options.tabBy);
  const matching = checks.filter(
    (check) => matchesQuery(check, options.query) && matchesLabels(check, options.labels),
  );
  const shown = (check: CheckSummary) => !(options.hidePassing && isPassing(check));

  // Tabs come from every check, so they stay put while filters change; counts follow the filters.
  const tabCounts = new Map<string, number>(checks.map((check) => [tabOf(check), 0]));
  let allCount = 0;
  for (const check of matching) {
    if (!shown(check)) continue;
    allCount++;
    const name = tabOf(check);
    tabCounts.set(name, (tabCounts.get(name) ?? 0) + 1);
  }
  const tabs = [
    { name: ALL_TAB, count: allCount },
    ...[...tabCounts.keys()].sort(byText).map((name) => ({ name, count: tabCounts.get(name)! })),
  ];
  const tab = options.tab && tabCounts.has(options.tab) ? options.tab : ALL_TAB;

  const inTab = tab === ALL_TAB ? matching : matching.filter((check) => tabOf(check) === tab);
  const groupOf = groupKeyOf(options.groupBy);
  const rows = inTab
    .filter(shown)
    .sort(
      (a, b) =>
        (groupOf ? byText(groupOf(a), groupOf(b)) : 0) || byText(a.name, b.name) || byText(a.id, b.id),
    );
  return { tabs, tab, counts: countHealth(inTab), rows };
}
