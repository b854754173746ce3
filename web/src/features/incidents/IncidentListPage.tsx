import { useSearchParamsUpdate } from '../../lib/use-search-params-update.js';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  FormSelect,
  FormSelectOption,
  SearchInput,
  Toolbar,
  ToolbarContent,
  ToolbarItem,
} from '@patternfly/react-core';
import { PlusIcon } from '@patternfly/react-icons';
import {
  capitalised,
  INCIDENT_SEVERITIES,
  INCIDENT_STATUSES,
  INCIDENT_TYPES,
} from '../../../../common/incidents.js';
import { useCan, useDbQuery } from '../../api/index.js';
import { Age } from '../../components/Age/index.js';
import { useTableState, type DataTableColumn } from '../../components/DataTable/index.js';
import { ListPage } from '../../components/ListPage/index.js';
import { CreateIncidentModal } from './CreateIncidentModal.js';
import {
  COMPONENTS_KEY,
  DEFAULT_SORT,
  getOwner,
  incidentListKey,
  listComponents,
  listIncidents,
  ownerKey,
  type Choice,
  type NewEvidence,
} from './incident-list-api.js';
import {
  ALL_STATUSES,
  FILTER_DEBOUNCE_MS,
  SEARCH_DEBOUNCE_MS,
  type IncidentFilters,
} from './incident-params.js';
import { IncidentSeverity } from './IncidentSeverity.js';
import { IncidentStatus } from './IncidentStatus.js';
import { PersonTypeahead } from './PersonTypeahead.js';
import { ResponderAvatars } from './ResponderAvatars.js';
import type { IncidentSummary, PersonRef } from './types.js';
import { useIncidentFilters } from './use-incident-filters.js';
import { FilterSelect } from '../../components/FilterSelect/index.js';

export const EMPTY_TEXT = 'There are no incidents matching this criteria';

const COLUMNS: DataTableColumn<IncidentSummary>[] = [
  { id: 'incident_id', header: 'ID', sortable: true, width: 10, cell: (row) => row.incident_id },
  { id: 'title', header: 'Title', sortable: true, cell: (row) => row.title },
  {
    id: 'severity',
    header: 'Severity',
    sortable: true,
    width: 10,
    cell: (row) => <IncidentSeverity severity={row.severity} isCompact />,
  },
  {
    id: 'status',
    header: 'Status',
    sortable: true,
    width: 10,
    cell: (row) => <IncidentStatus status={row.status} isCompact />,
  },
  { id: 'type', header: 'Type', width: 10, cell: (row) => capitalised(row.type) },
  {
    id: 'responders',
    header: 'Responders',
    width: 15,
    cell: (row) => <ResponderAvatars responders={row.responders} />,
  },
  {
    id: 'created_at',
    header: 'Created',
    sortable: true,
    width: 10,
    cell: (row) => <Age from={row.created_at} />,
  },
];

const labelled = (values: readonly string[]) => values.map((value) => ({ value, label: capitalised(value) }));
const chosen = (rows: Choice[] | undefined) =>
  (rows ?? []).map((row) => ({ value: row.id, label: row.name }));

function IncidentToolbar({
  filters,
  change,
}: {
  filters: IncidentFilters;
  change: (change: Partial<IncidentFilters>, delayMs: number) => void;
}) {
  const components = useDbQuery<Choice[]>(COMPONENTS_KEY, listComponents, { revalidateOnFocus: false });
  const pick = (name: keyof IncidentFilters) => (value: string) =>
    change({ [name]: value || undefined }, FILTER_DEBOUNCE_MS);

  return (
    <Toolbar>
      <ToolbarContent>
        <ToolbarItem>
          <SearchInput
            aria-label="Search incidents"
            placeholder="Search"
            value={filters.search}
            onChange={(_event, search) => change({ search }, SEARCH_DEBOUNCE_MS)}
            onClear={() => change({ search: '' }, 0)}
          />
        </ToolbarItem>
        <FilterSelect
          label="Type"
          anyLabel="All types"
          value={filters.type ?? ''}
          options={labelled(INCIDENT_TYPES)}
          onChange={pick('type')}
        />
        <FilterSelect
          label="Severity"
          anyLabel="All severities"
          value={filters.severity ?? ''}
          options={labelled(INCIDENT_SEVERITIES)}
          onChange={pick('severity')}
        />
        <ToolbarItem>
          <FormSelect
            aria-label="Status"
            value={filters.status}
            onChange={(_event, status) =>
              change({ status: status as IncidentFilters['status'] }, FILTER_DEBOUNCE_MS)
            }
          >
            <FormSelectOption value={ALL_STATUSES} label="All statuses" />
            {labelled(INCIDENT_STATUSES).map((option) => (
              <FormSelectOption key={option.value} value={option.value} label={option.label} />
            ))}
          </FormSelect>
        </ToolbarItem>
        <ToolbarItem>
          <OwnerFilter owner={filters.owner} onChange={pick('owner')} />
        </ToolbarItem>
        <FilterSelect
          label="Component"
          anyLabel="All components"
          // A component named by a link keeps its id as the choice until the list has loaded.
          value={filters.component ?? ''}
          options={withCurrent(chosen(components.data), filters.component)}
          onChange={pick('component')}
        />
      </ToolbarContent>
    </Toolbar>
  );
}

/** The owner filter: a search of people, the owner a link names shown by name once known. */
function OwnerFilter({ owner, onChange }: { owner?: string; onChange: (owner: string) => void }) {
  const named = useDbQuery<{ owner: PersonRef | null } | null>(
    owner ? ownerKey(owner) : null,
    () => getOwner(owner!),
    { revalidateOnFocus: false },
  );
  return (
    <PersonTypeahead
      label="Owner"
      noneLabel="All owners"
      selectedId={owner}
      selectedName={named.data?.owner?.name}
      onChange={(person) => onChange(person?.id ?? '')}
    />
  );
}

/** The list of choices, with `current` added when a link names one the list does not hold. */
function withCurrent(options: { value: string; label: string }[], current: string | undefined) {
  return current && !options.some((option) => option.value === current)
    ? [...options, { value: current, label: current }]
    : options;
}

/**
 * /incidents: the incidents under the filters of the URL (status open by default), paged and
 * sorted on the server; a row opens the incident, the plus button creates one. A link with
 * `?topology=<component id>` opens Create New Incident with that component as evidence.
 */
export function IncidentListPage() {
  const navigate = useNavigate();
  const [searchParams, updateParams] = useSearchParamsUpdate();
  const mayCreate = useCan('incident', 'write');
  const { applied, shown, change } = useIncidentFilters();
  const { pageIndex, pageSize, sortBy, sortOrder } = useTableState({ defaultSort: DEFAULT_SORT });
  const list = { filters: applied, pageIndex, pageSize, sortBy: sortBy ?? DEFAULT_SORT.by, sortOrder };

  const query = useDbQuery<IncidentSummary[]>(incidentListKey(list), () => listIncidents(list), {
    keepPreviousData: true,
  });

  const [creating, setCreating] = useState(false);
  const topology = searchParams.get('topology');
  const topologyEvidence = useMemo<NewEvidence | undefined>(
    () => (topology ? { type: 'topology', component_id: topology } : undefined),
    [topology],
  );
  const closeCreate = useCallback(() => {
    setCreating(false);
    if (searchParams.has('topology')) updateParams((params) => params.delete('topology'), { replace: true });
  }, [searchParams, updateParams]);

  let dialog: ReactNode = null;
  if (mayCreate && (creating || topologyEvidence))
    dialog = <CreateIncidentModal evidence={topologyEvidence} onClose={closeCreate} />;

  return (
    <ListPage
      title="Incidents"
      ariaLabel="Incidents"
      query={query}
      columns={COLUMNS}
      rowKey={(row) => row.id}
      mode="server"
      totalRows={query.count}
      defaultSort={DEFAULT_SORT}
      emptyText={EMPTY_TEXT}
      create={{
        label: 'New Incident',
        icon: <PlusIcon />,
        allowed: mayCreate,
        onClick: () => setCreating(true),
      }}
      toolbar={<IncidentToolbar filters={shown} change={change} />}
      // Relative to this page, so the console works under any base path.
      onRowClick={(row) => void navigate(encodeURIComponent(row.id))}
    >
      {dialog}
    </ListPage>
  );
}
