import { act, screen, waitFor, within } from '@testing-library/react';
import { renderInShell, fakeApiPerTest } from '../../../shell/test-support.js';
import type { EventQueueSummary } from './event-queue-api.js';
import { EventQueuePage, NO_EVENTS } from './EventQueuePage.js';

const HOUR_MS = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const summary = (name: string, fields: Partial<EventQueueSummary> = {}): EventQueueSummary => ({
  name,
  pending: 0,
  failed: 0,
  average_attempts: '0.00',
  first_failure: null,
  last_failure: null,
  most_common_error: null,
  ...fields,
});

const rows = [
  summary('notification.send', {
    pending: 3,
    failed: 5,
    average_attempts: '2.50',
    first_failure: ago(30 * HOUR_MS),
    last_failure: ago(2 * HOUR_MS),
    most_common_error: 'slack: channel_not_found',
  }),
  summary('check.passed', { pending: 8 }),
];

const page = fakeApiPerTest((api) =>
  api.reply('GET api/db/event_queue_summary', { status: 200, body: rows }),
);

function renderQueue() {
  return renderInShell(
    [
      { path: 'settings/event-queue-status', element: <EventQueuePage /> },
      { path: 'settings/elsewhere', element: <p>elsewhere</p> },
    ],
    '/settings/event-queue-status',
  );
}

const summaryRequests = () => page.sent.filter((r) => r.path === 'api/db/event_queue_summary');

describe('EventQueuePage', () => {
  it("lists the events by name, the most recent failure first, in people's words", async () => {
    renderQueue();
    const table = await screen.findByRole('grid', { name: 'Event queue' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Event',
      'Pending',
      'Failed',
      'Average Attempts',
      'First Failure',
      'Last Failure',
      'Most Common Error',
    ]);
    const failing = (await within(table).findByText('notification.send')).closest('tr')!;
    expect(
      within(failing)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['notification.send', '3', '5', '2.5', '1 day ago', '2 hours ago', 'slack: channel_not_found']);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.firstChild?.textContent),
    ).toEqual(['notification.send', 'check.passed']);
    expect(summaryRequests()[0]!.query.get('order')).toBe('last_failure.desc.nullslast');
    expect(screen.getByRole('heading', { name: 'Event Queue', level: 1 })).toBeInTheDocument();
  });

  it('says so when the queue is empty', async () => {
    page.api.reply('GET api/db/event_queue_summary', { status: 200, body: [] });
    renderQueue();
    expect(await screen.findByText(NO_EVENTS)).toBeInTheDocument();
  });

  it("shows the server's message when the summary cannot be read", async () => {
    page.api.reply('GET api/db/event_queue_summary', { status: 500, body: { message: 'database is down' } });
    renderQueue();
    expect(await screen.findByText('database is down')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
  });

  it('never shows what an earlier visit read: coming back waits for the queue as it is now', async () => {
    const { router } = renderQueue();
    await screen.findByText('notification.send');
    await act(() => router.navigate('/settings/elsewhere'));
    await screen.findByText('elsewhere');

    // Hold the next read back, so the page can be seen before it answers.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const fetchBefore = globalThis.fetch;
    globalThis.fetch = async (input, init) => {
      if (String(input).includes('event_queue_summary')) await held;
      return fetchBefore(input, init);
    };
    try {
      page.api.reply('GET api/db/event_queue_summary', {
        status: 200,
        body: [summary('config.updated', { pending: 1 })],
      });
      await act(() => router.navigate('/settings/event-queue-status'));
      await screen.findByRole('grid', { name: 'Event queue' });
      expect(screen.queryByText('notification.send')).not.toBeInTheDocument();
      release();
      expect(await screen.findByText('config.updated')).toBeInTheDocument();
      expect(screen.queryByText('notification.send')).not.toBeInTheDocument();
    } finally {
      globalThis.fetch = fetchBefore;
    }
  });

  it('reads the queue again when the window gets the focus back', async () => {
    renderQueue();
    await screen.findByText('notification.send');
    page.api.reply('GET api/db/event_queue_summary', {
      status: 200,
      body: [summary('playbook.run', { failed: 1 })],
    });
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(await screen.findByText('playbook.run')).toBeInTheDocument();
    await waitFor(() => expect(summaryRequests()).toHaveLength(2));
  });
});
