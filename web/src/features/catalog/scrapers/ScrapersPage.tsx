import { Suspense, lazy, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { PlusIcon } from '@patternfly/react-icons';
import { useDbQuery } from '../../../api/index.js';
import { Age } from '../../../components/Age/index.js';
import type { DataTableColumn } from '../../../components/DataTable/index.js';
import { ListPage } from '../../../components/ListPage/index.js';
import { NO_VALUE } from '../../../lib/format.js';
import { JobStatusLabel } from '../../settings/resources/index.js';
import { scraperPath } from './catalog-scraper-kind.js';
import { ScraperTypePicker } from './ScraperTypePicker.js';
import type { ScraperType } from './scraper-types.js';
import { listScrapers, scrapersKey, type ScraperRow } from './scrapers-api.js';

interface AddScraperDialogProps {
  type: ScraperType;
  onClose: () => void;
}

// The editor (and CodeMirror) loads when a type is chosen, not with the list.
const AddScraperDialog = lazy(async () => {
  const [{ AddResourceModal }, { CATALOG_SCRAPER_KIND: kind }] = await Promise.all([
    import('../../spec-editor/index.js'),
    import('./catalog-scraper-editor.js'),
  ]);
  return {
    default: ({ type, onClose }: AddScraperDialogProps) => (
      <AddResourceModal
        kind={{ ...kind, title: `${type.label} ${kind.title}` }}
        initialSpec={type.spec}
        onClose={onClose}
      />
    ),
  };
});

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

type Adding = { step: 'pick' } | { step: 'edit'; type: ScraperType };

/**
 * /catalog/scrapers (spec 3 §2.1): the catalog's scrapers with their latest job; a row opens
 * /catalog/scrapers/{id}. Add Catalog Scraper (for writers) picks a type, then edits its spec.
 */
export function ScrapersPage() {
  const navigate = useNavigate();
  const query = useDbQuery<ScraperRow[]>(scrapersKey, listScrapers);
  const [adding, setAdding] = useState<Adding>();
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
        onClick: () => setAdding({ step: 'pick' }),
        allowed: 'config_scrapers',
      }}
      rowKey={(row) => row.id}
      onRowClick={(row) => void navigate(scraperPath(row.id))}
      emptyText="No scrapers yet"
    >
      {adding?.step === 'pick' && (
        <ScraperTypePicker
          onPick={(type) => setAdding({ step: 'edit', type })}
          onClose={() => setAdding(undefined)}
        />
      )}
      {adding?.step === 'edit' && (
        <Suspense fallback={null}>
          <AddScraperDialog type={adding.type} onClose={() => setAdding(undefined)} />
        </Suspense>
      )}
    </ListPage>
  );
}
