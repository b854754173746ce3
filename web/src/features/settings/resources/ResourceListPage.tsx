import { Suspense, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PlusIcon } from '@patternfly/react-icons';
import { useDbQuery } from '../../../api/index.js';
import { Age } from '../../../components/Age/index.js';
import type { DataTableColumn } from '../../../components/DataTable/index.js';
import { ListPage } from '../../../components/ListPage/index.js';
import { AREAS, settingsTableArea } from '../../../shell/nav-items.js';
import { addDialogOf } from './add-dialogs.js';
import { JobStatusLabel } from '../jobs/index.js';
import {
  hasAgent,
  hasNamespace,
  hasSchedule,
  listResources,
  resourcesKey,
  type ResourceRow,
} from './resources-api.js';

const PLUS = <PlusIcon />;

const lower = (text: string | null | undefined) => text?.toLowerCase();

/** The list's columns for a table: Namespace and Schedule only where its rows have them. */
export function resourceColumns(table: string): DataTableColumn<ResourceRow>[] {
  const columns: (DataTableColumn<ResourceRow> | false)[] = [
    {
      id: 'name',
      header: 'Name',
      sortable: true,
      sortValue: (row) => lower(row.name ?? row.id),
      cell: (row) => row.name ?? row.id,
    },
    hasNamespace(table) && {
      id: 'namespace',
      header: 'Namespace',
      sortable: true,
      cell: (row) => row.namespace,
    },
    hasAgent(table) && {
      id: 'agent',
      header: 'Agent',
      sortable: true,
      sortValue: (row) => lower(row.agent?.name),
      cell: (row) => row.agent?.name,
    },
    { id: 'source', header: 'Source', sortable: true, cell: (row) => row.source },
    hasSchedule(table) && { id: 'schedule', header: 'Schedule', sortable: true, cell: (row) => row.schedule },
    {
      id: 'job_status',
      header: 'Status',
      sortable: true,
      cell: (row) => <JobStatusLabel status={row.job_status} />,
    },
    {
      id: 'last_runtime',
      header: 'Last Run',
      sortable: true,
      cell: (row) => <Age from={row.last_runtime} />,
    },
    {
      id: 'created_by',
      header: 'Created by',
      sortable: true,
      sortValue: (row) => lower(row.created_by?.name),
      cell: (row) => row.created_by?.name,
    },
    { id: 'created_at', header: 'Created', sortable: true, cell: (row) => <Age from={row.created_at} /> },
    { id: 'updated_at', header: 'Updated', sortable: true, cell: (row) => <Age from={row.updated_at} /> },
  ];
  return columns.filter((column): column is DataTableColumn<ResourceRow> => column !== false);
}

/**
 * /settings/{table}: a generic resource table by name (spec 3 §2.3), with its add flow for writers
 * where an editor exists; a row opens /settings/{table}/{id}.
 */
export function ResourceListPage() {
  const { table = '' } = useParams();
  const navigate = useNavigate();
  const area = settingsTableArea(table);
  const title: string = area ? AREAS[area].title : table;
  const AddDialog = addDialogOf(table);
  const [adding, setAdding] = useState(false);
  const query = useDbQuery<ResourceRow[]>(resourcesKey(table), () => listResources(table));
  const columns = useMemo(() => resourceColumns(table), [table]);

  return (
    <ListPage
      title={title}
      ariaLabel={title}
      query={query}
      columns={columns}
      create={{
        label: `Add ${title}`,
        icon: PLUS,
        onClick: () => setAdding(true),
        allowed: AddDialog !== undefined && area !== undefined && AREAS[area].resource,
      }}
      rowKey={(row) => row.id}
      // Relative to this page, so the console works under any base path.
      onRowClick={(row) => void navigate(encodeURIComponent(row.id))}
    >
      {adding && AddDialog && (
        <Suspense fallback={null}>
          <AddDialog onClose={() => setAdding(false)} />
        </Suspense>
      )}
    </ListPage>
  );
}
