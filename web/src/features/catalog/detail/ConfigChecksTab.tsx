import { Link } from 'react-router';
import { Age } from '../../../components/Age/index.js';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/index.js';
import { HealthLabel } from '../../../components/HealthLabel/index.js';
import { LoadError } from '../../../components/LoadError/index.js';
import { formatUptime, NO_VALUE } from '../../../lib/format.js';
import { useConfigChecks, type ConfigCheck } from './config-api.js';
import { useConfigOutlet } from './config-outlet.js';

export const NO_CHECKS = 'No checks are linked to this config';

const latencyText = (latency: ConfigCheck['latency']) =>
  latency?.p95 === null || latency?.p95 === undefined ? NO_VALUE : `${latency.p95}ms`;

/** Opens the check as the health page shows it. */
export const checkPath = (id: string) => `/health?${new URLSearchParams({ checkId: id }).toString()}`;

const COLUMNS: DataTableColumn<ConfigCheck>[] = [
  {
    id: 'name',
    header: 'Name',
    sortable: true,
    cell: (check) => <Link to={checkPath(check.id)}>{check.name}</Link>,
  },
  { id: 'type', header: 'Type', sortable: true, cell: (check) => check.type },
  {
    id: 'status',
    header: 'Health',
    sortable: true,
    cell: (check) => <HealthLabel status={check.status ?? 'unknown'} isCompact />,
  },
  {
    id: 'uptime',
    header: 'Uptime (1d)',
    cell: (check) => formatUptime(check.uptime),
  },
  { id: 'latency', header: 'Latency p95', cell: (check) => latencyText(check.latency) },
  {
    id: 'last_runtime',
    header: 'Last run',
    sortable: true,
    cell: (check) => (check.last_runtime ? <Age from={check.last_runtime} /> : NO_VALUE),
  },
];

/** /catalog/{id}/checks: the health checks linked to the config, each opening on /health. */
export function ConfigChecksTab() {
  const { config } = useConfigOutlet();
  const { data, error, isLoading } = useConfigChecks(config.id);
  if (error && !data) return <LoadError error={error} />;
  return (
    <DataTable
      ariaLabel="Checks"
      columns={COLUMNS}
      rows={data ?? []}
      rowKey={(check) => check.id}
      isLoading={isLoading}
      defaultSort={{ by: 'name', order: 'asc' }}
      queryPrefix="checks."
      emptyText={NO_CHECKS}
    />
  );
}
