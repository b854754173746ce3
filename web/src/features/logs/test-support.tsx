import type { FakeApi } from '../../shell/test-support.js';
import type { LogComponent, LogLine, LogSearchResult } from './logs-api.js';

export const ORDERS_ID = 'c0000000-0000-4000-8000-000000000001';
export const PAYMENTS_ID = 'c0000000-0000-4000-8000-000000000002';

/** A row of components_with_logs, the fields overridden. */
export function logComponent(fields: Partial<LogComponent> = {}): LogComponent {
  return {
    id: ORDERS_ID,
    name: 'orders-api',
    title: null,
    type: 'KubernetesDeployment',
    icon: 'k8s-deployment',
    log_selectors: [
      { name: 'orders-api logs', type: 'kubernetes', labels: { app: 'orders-api' } },
      { name: 'orders-api audit', type: 'file' },
    ],
    ...fields,
  };
}

export const COMPONENTS: LogComponent[] = [
  logComponent(),
  logComponent({
    id: PAYMENTS_ID,
    name: 'payments',
    title: 'Payments service',
    log_selectors: [{ name: 'payments logs', type: 'kubernetes' }],
  }),
];

/** A line as POST /api/logs answers it, the fields overridden. */
export function logLine(fields: Partial<LogLine> = {}): LogLine {
  return {
    id: 'l1',
    timestamp: '2026-11-29T10:15:30Z',
    message: 'GET /orders 200 12ms',
    labels: { pod: 'orders-api-7d9f', namespace: 'shop' },
    ...fields,
  };
}

export function logResult(lines: LogLine[], fields: Partial<LogSearchResult> = {}): LogSearchResult {
  return { total: lines.length, results: lines, ...fields };
}

/** The page's usual answers: two components with logs, and two lines for any search. */
export function replyLogs(api: FakeApi): void {
  api.reply('GET api/db/components_with_logs', { status: 200, body: COMPONENTS });
  api.reply('POST api/logs', {
    status: 200,
    body: logResult([
      logLine(),
      logLine({ id: 'l2', timestamp: '2026-11-29T10:15:00Z', message: 'POST /orders 500 database timeout' }),
    ]),
  });
}
