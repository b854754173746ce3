import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import useSWR from 'swr';
import {
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
  Label,
  Modal,
  ModalBody,
  ModalHeader,
  Toolbar,
  ToolbarContent,
} from '@patternfly/react-core';
import type { ApiError } from '../../../api/index.js';
import { Age } from '../../../components/Age/index.js';
import { DataTable, useTableState, type DataTableColumn } from '../../../components/DataTable/index.js';
import { useToast } from '../../../components/Toasts/index.js';
import type { ConfigAnalysis } from '../types.js';
import {
  ANALYZERS_KEY,
  COMPONENTS_KEY,
  DEFAULT_INSIGHTS_SORT,
  INSIGHT_SEVERITIES,
  INSIGHT_STATUSES,
  INSIGHT_TYPES,
  INSIGHTS_PAGE_SIZE,
  insightsKey,
  listAnalyzers,
  listComponents,
  listInsights,
  truncateMessage,
  type ComponentChoice,
  type InsightFilters,
  type InsightPage,
} from './insights-api.js';
import { FilterSelect } from '../../../components/FilterSelect/index.js';

type FilterName = 'type' | 'severity' | 'analyzer' | 'status' | 'component';

const words = (value: string) => value.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

const SEVERITY_COLORS: Record<string, 'red' | 'orangered' | 'orange' | 'yellow' | 'blue' | 'grey'> = {
  critical: 'red',
  blocker: 'red',
  high: 'orangered',
  medium: 'orange',
  warning: 'orange',
  low: 'yellow',
  info: 'blue',
};

function Severity({ severity }: { severity: string }) {
  return (
    <Label isCompact color={SEVERITY_COLORS[severity.toLowerCase()] ?? 'grey'}>
      {words(severity)}
    </Label>
  );
}

const COLUMNS: DataTableColumn<ConfigAnalysis>[] = [
  {
    id: 'config',
    header: 'Catalog',
    cell: (row) =>
      row.config ? (
        <Link to={`/catalog/${encodeURIComponent(row.config.id)}`}>{row.config.name}</Link>
      ) : (
        row.config_id
      ),
    width: 25,
  },
  { id: 'analysis_type', header: 'Type', sortable: true, cell: (row) => words(row.analysis_type) },
  { id: 'analyzer', header: 'Analyzer', sortable: true, cell: (row) => row.analyzer },
  { id: 'severity', header: 'Severity', sortable: true, cell: (row) => <Severity severity={row.severity} /> },
  { id: 'status', header: 'Status', sortable: true, cell: (row) => words(row.status) },
  {
    id: 'first_observed',
    header: 'First Observed',
    sortable: true,
    cell: (row) => <Age from={row.first_observed} />,
  },
  {
    id: 'last_observed',
    header: 'Last Observed',
    sortable: true,
    cell: (row) => <Age from={row.last_observed} />,
  },
];

/** The filters a URL holds; a severity is compared lowercased. */
export function readInsightFilters(search: URLSearchParams): Omit<InsightFilters, 'configId'> {
  const value = (name: FilterName) => search.get(name)?.trim() || undefined;
  return {
    type: value('type'),
    severity: value('severity')?.toLowerCase(),
    analyzer: value('analyzer'),
    status: value('status'),
    component: value('component'),
    configType: search.get('configType')?.trim() || undefined,
  };
}

const CHOICE_OPTIONS = { revalidateOnFocus: false };

function InsightsToolbar({
  filters,
  onChange,
}: {
  filters: Omit<InsightFilters, 'configId'>;
  onChange: (name: FilterName, value: string) => void;
}) {
  const analyzers = useSWR<string[]>(ANALYZERS_KEY, listAnalyzers, CHOICE_OPTIONS);
  const components = useSWR<ComponentChoice[]>(COMPONENTS_KEY, listComponents, CHOICE_OPTIONS);
  const plain = (values: readonly string[]) => values.map((value) => ({ value, label: words(value) }));
  return (
    <Toolbar>
      <ToolbarContent>
        <FilterSelect
          label="Type"
          anyLabel="All types"
          value={filters.type ?? ''}
          options={plain(INSIGHT_TYPES)}
          onChange={(v) => onChange('type', v)}
        />
        <FilterSelect
          label="Severity"
          anyLabel="All severities"
          value={filters.severity ?? ''}
          options={plain(INSIGHT_SEVERITIES)}
          onChange={(v) => onChange('severity', v)}
        />
        <FilterSelect
          label="Analyzer"
          anyLabel="All analyzers"
          value={filters.analyzer ?? ''}
          options={(analyzers.data ?? []).map((value) => ({ value, label: value }))}
          onChange={(v) => onChange('analyzer', v)}
        />
        <FilterSelect
          label="Status"
          anyLabel="All statuses"
          value={filters.status ?? ''}
          options={plain(INSIGHT_STATUSES)}
          onChange={(v) => onChange('status', v)}
        />
        <FilterSelect
          label="Component"
          anyLabel="All components"
          value={filters.component ?? ''}
          options={(components.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          onChange={(v) => onChange('component', v)}
        />
      </ToolbarContent>
    </Toolbar>
  );
}

/** An insight's details; its message cut at 500 characters. */
function InsightDetails({ insight, onClose }: { insight: ConfigAnalysis; onClose: () => void }) {
  const message = truncateMessage(insight.message ?? insight.summary);
  return (
    <Modal isOpen variant="medium" onClose={onClose} aria-labelledby="insight-details-title">
      <ModalHeader title={insight.analyzer} labelId="insight-details-title" />
      <ModalBody>
        <DescriptionList isHorizontal>
          <DescriptionListGroup>
            <DescriptionListTerm>Catalog</DescriptionListTerm>
            <DescriptionListDescription>
              {insight.config?.name ?? insight.config_id}
            </DescriptionListDescription>
          </DescriptionListGroup>
          <DescriptionListGroup>
            <DescriptionListTerm>Type</DescriptionListTerm>
            <DescriptionListDescription>{words(insight.analysis_type)}</DescriptionListDescription>
          </DescriptionListGroup>
          <DescriptionListGroup>
            <DescriptionListTerm>Severity</DescriptionListTerm>
            <DescriptionListDescription>
              <Severity severity={insight.severity} />
            </DescriptionListDescription>
          </DescriptionListGroup>
          {insight.source && (
            <DescriptionListGroup>
              <DescriptionListTerm>Source</DescriptionListTerm>
              <DescriptionListDescription>{insight.source}</DescriptionListDescription>
            </DescriptionListGroup>
          )}
          <DescriptionListGroup>
            <DescriptionListTerm>Message</DescriptionListTerm>
            <DescriptionListDescription>
              <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message || '—'}</span>
            </DescriptionListDescription>
          </DescriptionListGroup>
        </DescriptionList>
      </ModalBody>
    </Modal>
  );
}

export interface InsightsListProps {
  /** Only this config's insights (a config's Insights tab). */
  configId?: string;
}

/**
 * Insights under the filters of the URL (Type, Severity, Analyzer, Status, Component), 50 a page,
 * newest first; a failed fetch is told in a toast with its message. A row shows its details.
 */
export function InsightsList({ configId }: InsightsListProps) {
  const toast = useToast();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => readInsightFilters(searchParams), [searchParams]);
  const { pageIndex, pageSize, sortBy, sortOrder } = useTableState({
    defaultPageSize: INSIGHTS_PAGE_SIZE,
    defaultSort: DEFAULT_INSIGHTS_SORT,
  });
  const query = {
    filters: { ...filters, configId },
    pageIndex,
    pageSize,
    sortBy: sortBy ?? DEFAULT_INSIGHTS_SORT.by,
    sortOrder,
  };
  const insights = useSWR<InsightPage, ApiError>(insightsKey(query), () => listInsights(query), {
    keepPreviousData: true,
    // One toast per failure: retried silently, the same error would toast again and again.
    shouldRetryOnError: false,
    onError: (error) => toast.error(error),
  });
  const [shown, setShown] = useState<ConfigAnalysis>();

  const change = useCallback(
    (name: FilterName, value: string) =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        next.delete('pageIndex');
        return next;
      }),
    [setSearchParams],
  );

  // A row whose insight is no longer listed has no details to show.
  useEffect(() => {
    if (shown && insights.data && !insights.data.rows.some((row) => row.id === shown.id)) setShown(undefined);
  }, [insights.data, shown]);

  return (
    <>
      <InsightsToolbar filters={filters} onChange={change} />
      <DataTable
        ariaLabel="Insights"
        columns={COLUMNS}
        rows={insights.data?.rows ?? []}
        rowKey={(row) => row.id}
        isLoading={insights.isLoading}
        mode="server"
        totalRows={insights.data?.total}
        defaultPageSize={INSIGHTS_PAGE_SIZE}
        defaultSort={DEFAULT_INSIGHTS_SORT}
        onRowClick={setShown}
        emptyText={insights.error && !insights.data ? 'Something went wrong' : 'No insights found'}
      />
      {shown && <InsightDetails insight={shown} onClose={() => setShown(undefined)} />}
    </>
  );
}
