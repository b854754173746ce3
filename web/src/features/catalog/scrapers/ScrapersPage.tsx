import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { PlusIcon } from '@patternfly/react-icons';
import { useDbQuery } from '../../../api/index.js';
import { Age } from '../../../components/Age/index.js';
import type { DataTableColumn } from '../../../components/DataTable/index.js';
import { ListPage } from '../../../components/ListPage/index.js';
import { NO_VALUE } from '../../../lib/format.js';
import { JobStatusLabel } from '../../settings/resources/index.js';
import { scraperPath } from './catalog-scraper-kind.js';
import { AddScraperFlow } from './AddScraperFlow.js';
import { listScrapers, scrapersKey, type ScraperRow } from './scrapers-api.js';

const PLUS = <PlusIcon />;
const lower = (text: string | null | undefined) => text?.toLowerCase();

const COLUMNS: DataTableColumn<ScraperRow>[] = [
  {
    id: 'name',
    header: 'Name',
    sortable: true,
    sortValue: (row) => lower(row.name),
    cell: (row) => row.name,
  },
  { id: 'source', header: 'Source', sortable: true, cell: (row) => row.source ?? NO_VALUE },
  {
    id: 'job_status',
    header: 'Job Status',
    sortable: true,
    cell: (row) => <JobStatusLabel status={row.job_status} />,
  },
  { id: 'last_runtime', header: 'Last Run', sortable: true, cell: (row) => <Age from={row.last_runtime} /> },
  {
    id: 'created_by',
    header: 'Created By',
    sortable: true,
    sortValue: (row) => lower(row.created_by?.name),
    cell: (row) => row.created_by?.name ?? NO_VALUE,
  },
  { id: 'created_at', header: 'Created', sortable: true, cell: (row) => <Age from={row.created_at} /> },
];

/**
 * /catalog/scrapers (spec 3 §2.1): the catalog's scrapers with their latest job; a row opens
 * /catalog/scrapers/{id}. Add Catalog Scraper (for writers) picks a type, then edits its spec.
 */
export function ScrapersPage() {
  const navigate = useNavigate();
  const query = useDbQuery<ScraperRow[]>(scrapersKey, listScrapers);
  const [adding, setAdding] = useState(false);
  const columns = useMemo(() => COLUMNS, []);

  return (
    <ListPage
      title="Scrapers"
      ariaLabel="Catalog scrapers"
      query={query}
      columns={columns}
      create={{
        label: 'Add Catalog Scraper',
        icon: PLUS,
        onClick: () => setAdding(true),
        allowed: 'config_scrapers',
      }}
      rowKey={(row) => row.id}
      onRowClick={(row) => void navigate(scraperPath(row.id))}
      emptyText="No scrapers yet"
    >
      {adding && <AddScraperFlow onClose={() => setAdding(false)} />}
    </ListPage>
  );
}
