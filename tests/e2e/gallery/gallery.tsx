/**
 * Test-only page that renders each shared component with realistic data, so that
 * tests/e2e/components.spec.ts can drive them in a real browser. Built and served by ./serve.ts.
 */
import '@patternfly/react-core/dist/styles/base.css';
import { StrictMode, useCallback, useId, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { SWRConfig } from 'swr';
import { Button, Content, PageSection, Title } from '@patternfly/react-core';
import { Age } from '../../../web/src/components/Age/index.js';
import { CodeViewer } from '../../../web/src/components/CodeViewer/index.js';
import { ConfirmDialog } from '../../../web/src/components/ConfirmDialog/index.js';
import { CopyButton } from '../../../web/src/components/CopyButton/index.js';
import { DataTable, type DataTableColumn } from '../../../web/src/components/DataTable/index.js';
import { HealthLabel } from '../../../web/src/components/HealthLabel/index.js';
import { YamlEditor } from '../../../web/src/components/YamlEditor/index.js';
import { UrlTimeRangePicker } from '../../../web/src/components/TimeRangePicker/index.js';
import { ToastProvider, useToast } from '../../../web/src/components/Toasts/index.js';
import {
  ToggleFilterGroup,
  type Toggle,
  type ToggleFilterItem,
} from '../../../web/src/components/ToggleFilter/index.js';

interface Check {
  id: string;
  name: string;
  status: string;
  team: string;
  lastRun: Date;
}

const STATUSES = ['healthy', 'unhealthy', 'warning', 'unknown'];
const TEAMS = ['payments', 'search', 'identity', 'storage'];
const MINUTE = 60_000;
const loadedAt = Date.now();

/** `count` checks named `${prefix}1`..; `order` maps a position to the check number shown there. */
function makeChecks(count: number, prefix: string, order = (index: number) => index + 1): Check[] {
  return Array.from({ length: count }, (_, index) => {
    const n = order(index);
    return {
      id: `${prefix}${n}`,
      name: `${prefix}${n}`,
      status: STATUSES[n % STATUSES.length]!,
      team: TEAMS[n % TEAMS.length]!,
      lastRun: new Date(loadedAt - n * 7 * MINUTE),
    };
  });
}

// 73 is coprime with 200: a shuffled but complete 1..200, so sorting visibly reorders the rows.
const CLIENT_ROWS = makeChecks(200, 'check-', (index) => ((index * 73 + 41) % 200) + 1);
const VIRTUAL_ROWS = makeChecks(10_000, 'row ');
const GROUPED_ROWS: Check[] = [
  ...makeChecks(4, 'payments-api-').map((row) => ({ ...row, team: 'payments' })),
  ...makeChecks(3, 'search-indexer-').map((row) => ({ ...row, team: 'search' })),
  ...makeChecks(5, 'identity-login-').map((row) => ({ ...row, team: 'identity' })),
];

const COLUMNS: DataTableColumn<Check>[] = [
  { id: 'name', header: 'Name', cell: (row) => row.name, sortable: true, width: 40 },
  {
    id: 'status',
    header: 'Status',
    cell: (row) => <HealthLabel status={row.status} isCompact />,
    sortable: true,
  },
  { id: 'team', header: 'Team', cell: (row) => row.team, sortable: true },
  {
    id: 'lastRun',
    header: 'Age',
    cell: (row) => <Age from={row.lastRun} />,
    sortable: true,
    sortValue: (row) => -row.lastRun.getTime(),
  },
];
const VIRTUAL_COLUMNS = COLUMNS.filter((column) => column.id !== 'team');
const checkKey = (row: Check) => row.id;

const LABELS: ToggleFilterItem[] = [
  { id: 'env=prod', label: 'env=prod', count: 42 },
  { id: 'env=staging', label: 'env=staging', count: 17 },
  { id: 'team=payments', label: 'team=payments', count: 9 },
  { id: 'team=search', label: 'team=search', count: 6 },
  { id: 'tier=frontend', label: 'tier=frontend', count: 1250 },
  { id: 'tier=backend', label: 'tier=backend' },
];

const CANARY = {
  kind: 'Canary',
  apiVersion: 'canaries.flanksource.com/v1',
  metadata: { namespace: 'payments', name: 'payments-api' },
  spec: {
    schedule: '@every 5m',
    http: [{ url: 'https://payments.example.com/healthz', responseCodes: [200], name: 'payments-api' }],
  },
};

const SPEC_PLACEHOLDER = "schedule: '@every 30m'\nhttp:\n  - url: https://example.com/healthz";
const SPEC_LINES = Array.from({ length: 12 }, (_, index) => `key${index + 1}: value ${index + 1}`).join('\n');

/** Editors of an empty and of a twelve-line text, each with a button right under it. */
function YamlEditorSection() {
  const [empty, setEmpty] = useState('');
  const [lines, setLines] = useState(SPEC_LINES);
  return (
    <GallerySection title="YAML editor">
      <YamlEditor value={empty} onChange={setEmpty} aria-label="Empty spec" placeholder={SPEC_PLACEHOLDER} />
      <Button variant="secondary">Under the empty spec</Button>
      <YamlEditor value={lines} onChange={setLines} aria-label="Twelve-line spec" />
      <Button variant="secondary">Under the twelve-line spec</Button>
    </GallerySection>
  );
}

function GallerySection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <PageSection aria-labelledby={titleId}>
      <Title headingLevel="h2" id={titleId}>
        {title}
      </Title>
      {children}
    </PageSection>
  );
}

function VirtualizedTableSection() {
  const [endReached, setEndReached] = useState(0);
  const onEndReached = useCallback(() => setEndReached((count) => count + 1), []);
  return (
    <GallerySection title="Virtualized table">
      <Content component="p">{`onEndReached calls: ${endReached}`}</Content>
      <DataTable
        ariaLabel="Generated rows"
        columns={VIRTUAL_COLUMNS}
        rows={VIRTUAL_ROWS}
        rowKey={checkKey}
        virtualized
        paginate={false}
        maxHeight="24rem"
        onEndReached={onEndReached}
        queryPrefix="virtual."
      />
    </GallerySection>
  );
}

function ToggleFilterSection() {
  const [value, setValue] = useState<Record<string, Toggle>>({});
  return (
    <GallerySection title="Toggle filter">
      <div style={{ maxWidth: '24rem' }}>
        <ToggleFilterGroup title="Labels" items={LABELS} value={value} onChange={setValue} />
      </div>
    </GallerySection>
  );
}

function ConfirmDialogSection() {
  const [isOpen, setIsOpen] = useState(false);
  const [deleted, setDeleted] = useState(false);
  // The deletion ends when the test says so (window.finishDeleting), so it can see the busy dialog first.
  const confirm = () =>
    new Promise<void>((resolve) => {
      (window as unknown as { finishDeleting: () => void }).finishDeleting = resolve;
    }).then(() => setDeleted(true));
  return (
    <GallerySection title="Confirm dialog">
      <Button variant="danger" onClick={() => setIsOpen(true)}>
        Delete check
      </Button>
      {deleted && <Content component="p">The check payments-api was deleted.</Content>}
      <ConfirmDialog
        isOpen={isOpen}
        title="Delete check?"
        body="The check payments-api and its run history will be deleted."
        onConfirm={confirm}
        onClose={() => setIsOpen(false)}
      />
    </GallerySection>
  );
}

function ToastSection() {
  const toast = useToast();
  return (
    <GallerySection title="Toasts">
      <Button variant="secondary" onClick={() => toast.success('Settings saved')}>
        Show toast
      </Button>
    </GallerySection>
  );
}

function Gallery() {
  return (
    <main>
      <PageSection>
        <Title headingLevel="h1">Component gallery</Title>
      </PageSection>
      <GallerySection title="Client table">
        <DataTable ariaLabel="Checks" columns={COLUMNS} rows={CLIENT_ROWS} rowKey={checkKey} />
      </GallerySection>
      <VirtualizedTableSection />
      <GallerySection title="Grouped table">
        <DataTable
          ariaLabel="Checks by team"
          columns={COLUMNS}
          rows={GROUPED_ROWS}
          rowKey={checkKey}
          groupBy={(row) => row.team}
          queryPrefix="grouped."
        />
      </GallerySection>
      <GallerySection title="Time range picker">
        <UrlTimeRangePicker />
      </GallerySection>
      <ToggleFilterSection />
      <ConfirmDialogSection />
      <GallerySection title="Code viewer">
        <CodeViewer
          value={CANARY}
          language="yaml"
          height="small"
          aria-label="Canary YAML"
          copyButton={(text) => <CopyButton text={text} />}
        />
      </GallerySection>
      <YamlEditorSection />
      <ToastSection />
    </main>
  );
}

const basename = new URL(document.baseURI).pathname.replace(/\/+$/, '') || '/';
const router = createBrowserRouter([{ path: '*', element: <Gallery /> }], { basename });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SWRConfig value={{ errorRetryCount: 3 }}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </SWRConfig>
  </StrictMode>,
);
