import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApiPerTest, renderInShell } from '../../../shell/test-support.js';
import { JobHistoryPage, NO_JOBS } from './JobHistoryPage.js';
import { jobRow } from './test-support.js';

const rows = [
  jobRow(),
  jobRow({
    id: 'j2',
    name: 'ScraperRun',
    resource_type: 'config_scraper',
    resource_id: 's1',
    resource_name: 'kubernetes',
    status: 'SUCCESS',
    error_count: 0,
    success_count: 40,
    details: { scrape_summary: { 'Kubernetes::Pod': { added: 2 } } },
    agent: null,
  }),
];

const page = fakeApiPerTest((api) => {
  api.reply('GET api/db/job_histories', {
    status: 200,
    body: rows,
    headers: { 'Content-Range': '0-49/120' },
  });
  api.reply('GET api/db/job_history_names', {
    status: 200,
    body: [{ name: 'CanaryRun' }, { name: 'ScraperRun' }],
  });
});

function renderJobs(path = '/settings/jobs') {
  const user = userEvent.setup();
  const result = renderInShell([{ path: 'settings/jobs', element: <JobHistoryPage /> }], path);
  const search = () => new URLSearchParams(result.router.state.location.search);
  return { ...result, user, search };
}

const lastList = () => page.sent.filter((r) => r.path === 'api/db/job_histories').at(-1)!.query;

describe('JobHistoryPage', () => {
  it('lists runs newest first, 50 a page with the count, under the default filters', async () => {
    renderJobs();
    const table = await screen.findByRole('grid', { name: 'Job history' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Resource', 'Status', 'Started', 'Duration', 'Success', 'Errors', 'Agent']);
    const failed = (await within(table).findByText('CanaryRun')).closest('tr')!;
    expect(within(failed).getByRole('link', { name: 'api-health' })).toHaveAttribute(
      'href',
      '/settings/canaries/c1',
    );
    expect(failed).toHaveTextContent('FAILED');
    expect(failed).toHaveTextContent('1.25s');
    expect(failed).toHaveTextContent('eu-west');
    const scrape = within(table).getByText('ScraperRun').closest('tr')!;
    expect(within(scrape).getByRole('link', { name: 'kubernetes' })).toHaveAttribute(
      'href',
      '/catalog/scrapers/s1',
    );

    const query = lastList();
    // SUCCESS:-1 by default, asked as the other statuses; the last 2 days; newest 50.
    expect(query.get('status')).toBe('in.(RUNNING,WARNING,FAILED,STOPPED)');
    const [from, to] = query.getAll('created_at');
    const span = Date.parse(to!.slice(4)) - Date.parse(from!.slice(4));
    expect(from).toMatch(/^gte\./);
    expect(to).toMatch(/^lte\./);
    expect(span).toBeGreaterThan(2 * 86_400_000 - 60_000);
    expect(span).toBeLessThan(2 * 86_400_000 + 60_000);
    expect(query.get('order')).toBe('created_at.desc,id.asc');
    expect(query.get('limit')).toBe('50');
    expect(query.get('offset')).toBe('0');
    expect(query.get('select')).toBe('*,agent:agent_id(id,name)');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('keeps includes and excludes in the URL as value:1 and value:-1, each back to the first page', async () => {
    const { user, search } = renderJobs('/settings/jobs?pageIndex=1');
    await screen.findByText('CanaryRun');

    // The Status filter's badge counts the default exclusion (the column header is a Status button too).
    await user.click(screen.getByRole('button', { name: 'Status 1' }));
    await user.click(await screen.findByRole('button', { name: 'Include FAILED' }));
    await waitFor(() => expect(search().get('status')).toBe('SUCCESS:-1,FAILED:1'));
    expect(search().get('pageIndex')).toBeNull();
    await waitFor(() => expect(lastList().get('status')).toBe('in.(FAILED)'));

    await user.click(screen.getByRole('button', { name: 'Job Name' }));
    await user.click(await screen.findByRole('button', { name: 'Exclude ScraperRun' }));
    await waitFor(() => expect(search().get('name')).toBe('ScraperRun:-1'));
    await waitFor(() => expect(lastList().get('name')).toBe('not.in.("ScraperRun")'));

    await user.click(screen.getByRole('button', { name: 'Resource Type' }));
    await user.click(await screen.findByRole('button', { name: 'Include Catalog Scraper' }));
    await waitFor(() => expect(search().get('resourceType')).toBe('config_scraper:1'));
    await waitFor(() => expect(lastList().get('resource_type')).toBe('eq.config_scraper'));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Run duration' }), '1m or longer');
    await waitFor(() => expect(search().get('duration')).toBe('60000'));
    await waitFor(() => expect(lastList().get('duration_millis')).toBe('gte.60000'));
  });

  it('reads the filters a link holds, and asks for every status once the status filter is cleared', async () => {
    renderJobs(
      '/settings/jobs?status=&resourceType=canary:-1&from=now-7d&to=now&sortBy=duration_millis&sortOrder=asc',
    );
    await screen.findByText('CanaryRun');
    const query = lastList();
    expect(query.get('status')).toBeNull();
    expect(query.get('resource_type')).toBe('not.in.("canary")');
    const [from, to] = query.getAll('created_at');
    expect(Date.parse(to!.slice(4)) - Date.parse(from!.slice(4))).toBeGreaterThan(6 * 86_400_000);
    expect(query.get('order')).toBe('duration_millis.asc,id.asc');
  });

  it('says when no run matches, and shows a failed read as an error', async () => {
    page.api.reply('GET api/db/job_histories', {
      status: 200,
      body: [],
      headers: { 'Content-Range': '*/0' },
    });
    const first = renderJobs();
    expect(await screen.findByText(NO_JOBS)).toBeInTheDocument();
    first.unmount();
    page.api.reply('GET api/db/job_histories', { status: 500, body: { message: 'database is down' } });
    renderJobs('/settings/jobs?x=1');
    expect(await screen.findByText(/database is down/)).toBeInTheDocument();
  });

  it("opens a run's details from its status", async () => {
    const { user } = renderJobs();
    await user.click(await screen.findByRole('button', { name: 'Details for job CanaryRun' }));
    const dialog = await screen.findByRole('dialog', { name: 'Details for job CanaryRun' });
    expect(within(dialog).getByRole('tab', { name: 'Errors' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByText('connection refused')).toBeInTheDocument();
  });
});
