/**
 * Test kit of the drawer's suites: the fixtures, a fake console API answering them, and a
 * render helper. The chart's victory modules are ESM-only and the chart itself is not what the
 * suites look at, so it is stubbed with a text summary of its points.
 */
import { jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import useSWR from 'swr';
import type { Whoami } from '../../../api/index.js';
import type { ChartPoint } from './chart-data.js';
import { fakeApiPerTest, renderPage, whoamiAs, type FakeApi } from '../../../shell/test-support.js';

jest.unstable_mockModule('./HealthOverviewChart.js', () => ({
  default: ({ points }: { points: ChartPoint[] }) => (
    <div data-testid="chart">{`${points.length} runs, ${points.filter((p) => !p.passed).length} failed`}</div>
  ),
}));
const { CheckDrawer } = await import('./CheckDrawer.js');

export const CHECK_ID = 'c1';
export const check = {
  id: CHECK_ID,
  canary_id: 'can1',
  agent_id: '00000000-0000-0000-0000-000000000000',
  type: 'http',
  name: 'api-health',
  namespace: 'prod',
  description: null,
  endpoint: 'https://api.example.com/health',
  icon: null,
  labels: { team: 'payments', env: 'prod' },
  spec: { url: 'https://api.example.com/health', responseCodes: [200] },
  status: 'unhealthy',
  last_runtime: new Date(Date.now() - 5 * 60_000).toISOString(),
  next_runtime: null,
  last_transition_time: null,
  deleted_at: null,
  canary: { id: 'can1', name: 'payments-canary', namespace: 'prod', spec: {}, source: 'UI' },
};
export const summary = {
  checks_summary: [
    {
      ...check,
      canary_name: 'payments-canary',
      agent_name: null,
      severity: null,
      uptime: { passed: 3, failed: 1 },
      latency: { p95: 250, p97: 1250, p99: 125_000 },
      created_at: '2024-01-01T00:00:00Z',
      updated_at: '2024-01-01T00:00:00Z',
    },
  ],
  from: '2024-01-01T00:00:00Z',
  to: '2024-01-01T01:00:00Z',
  duration: 3,
};
export const runs = [
  { time: '2024-05-01T10:02:00Z', status: false, duration: 900, message: null, error: 'connection refused' },
  { time: '2024-05-01T10:01:00Z', status: true, duration: 120, message: 'OK 200', error: null },
];

/** The history's total, answered in Content-Range: 3 pages of 50. */
export const HISTORY_TOTAL = 120;

/**
 * Reads whoami from the drawer's SWR cache without fetching it: it shows in the same render as the
 * footer's permission checks get their answer.
 */
function WhoamiAnswered() {
  const { data } = useSWR<Whoami>('api/auth/whoami');
  return data ? <output data-testid="whoami-answered" /> : null;
}

type Role = Parameters<typeof whoamiAs>[0];
type WhoamiOptions = Parameters<typeof whoamiAs>[1];

/** Starts the fake API for the suite, answering the fixtures; call at the top of a test file. */
export function useDrawerApi() {
  const page = fakeApiPerTest((api) => {
    api.reply('GET api/canary/api/summary', { status: 200, body: summary });
    api.reply('GET api/db/checks', { status: 200, body: [check] });
    // Answered the way PostgREST answers `Prefer: count=exact`; the client reads it only then.
    api.reply('GET api/db/check_statuses', {
      status: 200,
      body: runs,
      headers: { 'Content-Range': `0-${runs.length - 1}/${HISTORY_TOTAL}` },
    });
    api.reply('GET api/db/check_config_relationships', {
      status: 200,
      body: [{ config: { id: 'cfg1', name: 'payments-db', type: 'Postgres' } }],
    });
    api.reply('GET api/db/check_component_relationships', {
      status: 200,
      body: [{ component: { id: 'cmp1', name: 'payments-api', type: 'Service' } }, { component: null }],
    });
    // The server matches the playbooks to the check (GET /api/playbook/list?check_id=).
    api.reply('GET api/playbook/list', {
      status: 200,
      body: [{ id: 'pb1', name: 'rerun', title: 'Re-run check with debug', icon: null }],
    });
  });
  beforeEach(() => Object.defineProperty(window, 'innerHeight', { configurable: true, value: 1000 }));

  const requestsTo = (path: string) => page.sent.filter((r) => r.method === 'GET' && r.path === path);
  const historyRequests = () => requestsTo('api/db/check_statuses').filter((r) => r.query.has('offset'));

  return {
    /** Sets the fake API's answer to 'METHOD api/...'. */
    reply: (...args: Parameters<FakeApi['reply']>) => page.api.reply(...args),
    sent: () => page.sent,
    requestsTo,
    historyRequests,
    lastHistoryQuery: () => historyRequests().at(-1)!.query,

    /** The drawer for check c1 over the last hour, as a user with `role`. */
    renderDrawer(role: Role = 'admin', options: WhoamiOptions = {}) {
      page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs(role, options) });
      const onClose = jest.fn();
      const onRan = jest.fn();
      const user = userEvent.setup();
      const result = renderPage(
        <>
          <CheckDrawer checkId={CHECK_ID} timeRange="1h" refreshKey={0} onClose={onClose} onRan={onRan} />
          <WhoamiAnswered />
        </>,
        '/health?checkId=c1',
      );
      return { ...result, user, onClose, onRan };
    },

    /** For a viewer nothing in the footer shows: wait until the footer has rendered with whoami. */
    async whoamiAnswered() {
      await screen.findByRole('grid', { name: 'Check history' });
      await screen.findByTestId('whoami-answered');
    },
  };
}
