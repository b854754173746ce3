import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Badge, Flex, FlexItem, Label, PageSection } from '@patternfly/react-core';
import { errorMessage } from '../../api/index.js';
import { LoadError } from '../../components/LoadError/index.js';
import { TabLinks } from '../../components/TabLinks/index.js';
import { prefetchRestStyles, withRestStyles } from '../../lib/rest-styles.js';
import { PageHeader } from '../../shell/page-header.js';
import { labelGroups as toLabelGroups, type HealthCounts } from './check-filters.js';
import { ALL_TAB, dashboardView, groupByChoices, groupKeyOf, tabByChoices } from './check-grouping.js';
import { ChecksCards } from './ChecksCards.js';
import { ChecksTable } from './ChecksTable.js';
import { HealthFilterPanel } from './HealthFilterPanel.js';
import {
  normalizeSortParams,
  readHealthParams,
  writeHealthParams,
  type HealthParams,
  type LabelFilter,
  type Layout,
} from './health-params.js';
import { HealthToolbar } from './HealthToolbar.js';
import {
  disabledRefreshRates,
  effectiveRefreshRate,
  readStoredRefreshRate,
  storeRefreshRate,
} from './refresh-rate.js';
import { RefreshRateMenu } from './RefreshRateMenu.js';
import type { CheckSummary } from './types.js';
import { useHealthSummary } from './use-health-summary.js';
import { useSmallScreen } from './use-small-screen.js';
import './health.css';

// The drawer brings charts and editors: loaded only when a check is opened.
// Its styles are in the rest stylesheet, not in the first load's.
const CheckDrawer = lazy(
  withRestStyles(async () => ({ default: (await import('./check-drawer/index.js')).CheckDrawer })),
);

const NO_CHECKS: CheckSummary[] = [];
// The namespace tabs have no content of their own: each controls the one panel below them,
// the checks table or cards, which is labelled by the selected tab.
const CHECKS_PANEL_ID = 'health-checks-panel';
const checkTabId = (name: string) => `health-checks-tab-${encodeURIComponent(name)}`;

/** /health: every check's health over a time range, filtered, grouped and tabbed as the URL says. */
export function HealthPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readHealthParams(searchParams), [searchParams]);

  // Opening a check is a step back can undo; every other change replaces the current entry.
  const update = useCallback(
    (change: Partial<HealthParams>, push = false) =>
      setSearchParams((current) => writeHealthParams(current, change), { replace: !push }),
    [setSearchParams],
  );
  useEffect(() => {
    const normalized = normalizeSortParams(searchParams);
    if (normalized) setSearchParams(normalized, { replace: true });
  }, [searchParams, setSearchParams]);

  const [chosenRate, setChosenRate] = useState(readStoredRefreshRate);
  const refreshRate = effectiveRefreshRate(chosenRate, params.timeRange);
  const disabledRates = useMemo(() => disabledRefreshRates(params.timeRange), [params.timeRange]);
  const chooseRate = useCallback((value: string) => {
    storeRefreshRate(value);
    setChosenRate(value);
  }, []);

  const summary = useHealthSummary(params.timeRange, refreshRate.ms);
  // The first screen is up once its checks (or its error) are: the other pages' styles now.
  const firstScreenShown = summary.data !== undefined || summary.error !== undefined;
  useEffect(() => {
    if (firstScreenShown) prefetchRestStyles();
  }, [firstScreenShown]);
  const checks = summary.data?.checks_summary ?? NO_CHECKS;
  const labelGroups = useMemo(() => toLabelGroups(checks), [checks]);
  const labelKeys = useMemo(() => labelGroups.map((group) => group.key), [labelGroups]);
  const groupChoices = useMemo(() => groupByChoices(labelKeys), [labelKeys]);
  const tabChoices = useMemo(() => tabByChoices(labelKeys), [labelKeys]);
  const { query, labels, tabBy, tab, hidePassing, groupBy } = params;
  const view = useMemo(
    () => dashboardView(checks, { query, labels, tabBy, tab, hidePassing, groupBy }),
    [checks, query, labels, tabBy, tab, hidePassing, groupBy],
  );
  const groupOf = useMemo(() => groupKeyOf(groupBy), [groupBy]);

  const small = useSmallScreen();
  const [filtersOpen, setFiltersOpen] = useState(!small);
  useEffect(() => setFiltersOpen(!small), [small]);

  const [refreshKey, setRefreshKey] = useState(0);
  const { refresh } = summary;
  const onRan = useCallback(() => {
    setRefreshKey((key) => key + 1);
    refresh();
  }, [refresh]);

  const open = useCallback((checkId: string) => update({ checkId }, true), [update]);
  const close = useCallback(() => update({ checkId: undefined }), [update]);
  const setQuery = useCallback((next: string) => update({ query: next }), [update]);
  const setTimeRange = useCallback((next: string) => update({ timeRange: next }), [update]);
  const setGroupBy = useCallback((next: string) => update({ groupBy: next }), [update]);
  const setTabBy = useCallback((next: string) => update({ tabBy: next, tab: undefined }), [update]);
  const setLayout = useCallback((next: Layout) => update({ layout: next }), [update]);
  const setHidePassing = useCallback((next: boolean) => update({ hidePassing: next }), [update]);
  const setLabels = useCallback((next: LabelFilter) => update({ labels: next }), [update]);
  const toggleFilters = useCallback(() => setFiltersOpen((isOpen) => !isOpen), []);

  const headerActions = useMemo(
    () => (
      <Flex spaceItems={{ default: 'spaceItemsSm' }} alignItems={{ default: 'alignItemsCenter' }}>
        {summary.data && <HealthCountLabels counts={view.counts} />}
        <FlexItem>
          <RefreshRateMenu value={refreshRate} disabled={disabledRates} onChange={chooseRate} />
        </FlexItem>
      </Flex>
    ),
    [summary.data, view.counts, refreshRate, disabledRates, chooseRate],
  );

  const isLoading = summary.isLoading && !summary.data;
  const layoutProps = {
    checks: view.rows,
    isLoading,
    groupBy: groupOf,
    sortBy: params.sortBy,
    sortDesc: params.sortDesc,
    onOpen: open,
  };

  return (
    <>
      <PageHeader
        title="Health"
        actions={headerActions}
        onRefresh={refresh}
        isRefreshing={summary.isValidating}
      />
      <PageSection className="ops-health">
        <HealthToolbar
          query={params.query}
          onQueryChange={setQuery}
          timeRange={params.timeRange}
          onTimeRangeChange={setTimeRange}
          groupBy={params.groupBy}
          groupByChoices={groupChoices}
          onGroupByChange={setGroupBy}
          tabBy={params.tabBy}
          tabByChoices={tabChoices}
          onTabByChange={setTabBy}
          layout={params.layout}
          onLayoutChange={setLayout}
          isFilterOpen={filtersOpen}
          onFilterToggle={toggleFilters}
        />
        <div className={small ? 'ops-health__body ops-health__body--small' : 'ops-health__body'}>
          {filtersOpen && (
            <aside id="health-filters" aria-label="Filters" className="ops-health__filters">
              <HealthFilterPanel
                hidePassing={params.hidePassing}
                onHidePassingChange={setHidePassing}
                labelGroups={labelGroups}
                labels={params.labels}
                onLabelsChange={setLabels}
              />
            </aside>
          )}
          <div className="ops-health__checks">
            {summary.error && !summary.data ? (
              <LoadError error={summary.error} />
            ) : (
              <>
                {summary.error && (
                  <Alert isInline isPlain variant="warning" title="The checks could not be refreshed">
                    {errorMessage(summary.error)}
                  </Alert>
                )}
                {summary.data && <CheckTabs tabs={view.tabs} active={view.tab} search={searchParams} />}
                <div
                  id={CHECKS_PANEL_ID}
                  {...(summary.data && { role: 'tabpanel', 'aria-labelledby': checkTabId(view.tab) })}
                >
                  {params.layout === 'card' ? (
                    <ChecksCards {...layoutProps} />
                  ) : (
                    <ChecksTable {...layoutProps} />
                  )}
                </div>
              </>
            )}
          </div>
        </div>
      </PageSection>
      {params.checkId && (
        <Suspense fallback={null}>
          <CheckDrawer
            checkId={params.checkId}
            timeRange={params.timeRange}
            refreshKey={refreshKey}
            onClose={close}
            onRan={onRan}
          />
        </Suspense>
      )}
    </>
  );
}

/** The tabs of the tab-by choice, each with its count: a link to the page with the tab in its query. */
function CheckTabs({
  tabs,
  active,
  search,
}: {
  tabs: readonly { name: string; count: number }[];
  active: string;
  search: URLSearchParams;
}) {
  const links = useMemo(
    () =>
      tabs.map(({ name, count }) => ({
        key: name,
        to: { search: writeHealthParams(search, { tab: name === ALL_TAB ? undefined : name }).toString() },
        title: (
          <>
            {name} <Badge isRead>{count}</Badge>
          </>
        ),
      })),
    [tabs, search],
  );
  return (
    <TabLinks
      tabs={links}
      active={active}
      label="Check tabs"
      panelId={CHECKS_PANEL_ID}
      tabId={checkTabId}
      replace
    />
  );
}

/** '12 passing' '3 failing', of the checks under every filter but Hide Passing. */
function HealthCountLabels({ counts }: { counts: HealthCounts }) {
  return (
    <>
      <FlexItem>
        <Label color="green" isCompact>
          {counts.passing} passing
        </Label>
      </FlexItem>
      <FlexItem>
        <Label color="red" isCompact>
          {counts.failing} failing
        </Label>
      </FlexItem>
    </>
  );
}
