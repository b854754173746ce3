import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PlusIcon } from '@patternfly/react-icons';

import { useDbQuery } from '../../../api/index.js';
import { Age } from '../../../components/Age/index.js';
import { useTableState, type DataTableColumn } from '../../../components/DataTable/index.js';
import { ListPage } from '../../../components/ListPage/index.js';
import { AREAS } from '../../../shell/nav-items.js';
import { JobStatusLabel } from '../jobs/index.js';
import { AddIntegrationDialog } from './AddIntegrationDialog.js';
import { integrationsKey, listIntegrations, type IntegrationRow } from './integrations-api.js';

const PLUS = <PlusIcon />;

/** How the list names each integration type (spec 3 §3: scrapers, topologies, logging backends). */
const TYPE_LABELS: Record<string, string> = {
  scrapers: 'Catalog Scraper',
  topologies: 'Topology',
  logging_backends: 'Log Backend',
};

export const typeLabel = (type: string) => TYPE_LABELS[type] ?? type;

export const INTEGRATION_COLUMNS: DataTableColumn<IntegrationRow>[] = [
  { id: 'name', header: 'Name', cell: (row) => row.name ?? row.id },
  { id: 'integration_type', header: 'Type', cell: (row) => typeLabel(row.integration_type) },
  { id: 'namespace', header: 'Namespace', cell: (row) => row.namespace },
  { id: 'source', header: 'Source', cell: (row) => row.source },
  { id: 'agent', header: 'Agent', cell: (row) => row.agent?.name },
  { id: 'job_status', header: 'Status', cell: (row) => <JobStatusLabel status={row.job_status} /> },
  { id: 'job_time_start', header: 'Last Run', cell: (row) => <Age from={row.job_time_start} /> },
  { id: 'created_by', header: 'Created by', cell: (row) => row.created_by?.name },
  { id: 'created_at', header: 'Created', cell: (row) => <Age from={row.created_at} /> },
  { id: 'updated_at', header: 'Updated', cell: (row) => <Age from={row.updated_at} /> },
];

/** Where a row opens: /settings/integrations/{type}/{id}. */
export const integrationPath = (row: Pick<IntegrationRow, 'id' | 'integration_type'>) =>
  `${AREAS.integrations.path}/${encodeURIComponent(row.integration_type)}/${encodeURIComponent(row.id)}`;

/**
 * /settings/integrations (spec 3 §2.3): the scrapers, topologies and log backends, newest first and
 * paged on the server; Add Integration for writers of integrations.
 */
export function IntegrationsListPage() {
  const navigate = useNavigate();
  const { pageIndex, pageSize } = useTableState();
  const request = { pageIndex, pageSize };
  const query = useDbQuery<IntegrationRow[]>(integrationsKey(request), () => listIntegrations(request), {
    keepPreviousData: true,
  });
  const [adding, setAdding] = useState(false);

  return (
    <ListPage
      title={AREAS.integrations.title}
      ariaLabel={AREAS.integrations.title}
      query={query}
      columns={INTEGRATION_COLUMNS}
      rowKey={(row) => `${row.integration_type}/${row.id}`}
      mode="server"
      totalRows={query.count}
      create={{
        label: 'Add Integration',
        icon: PLUS,
        allowed: 'integrations',
        onClick: () => setAdding(true),
      }}
      onRowClick={(row) => void navigate(integrationPath(row))}
    >
      {adding && (
        <AddIntegrationDialog onClose={() => setAdding(false)} onAdded={() => void query.mutate()} />
      )}
    </ListPage>
  );
}
