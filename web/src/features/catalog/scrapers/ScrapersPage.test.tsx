import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubTextLayout } from '../../../components/YamlEditor/test-support.js';
import { fakeApiPerTest, renderInShell, whoamiAs } from '../../../shell/test-support.js';
import { clusterStatus } from '../../spec-editor/cluster/test-support.js';
import { savedRow } from '../../spec-editor/test-support.js';
import { CatalogScraperPage } from './CatalogScraperPage.js';
import { ScrapersPage } from './ScrapersPage.js';

const SCRAPER_ID = '5c7a0e51-0000-4000-8000-000000000001';
const scraper = savedRow({
  id: SCRAPER_ID,
  name: 'cluster',
  namespace: 'default',
  labels: {},
  schedule: '@every 30m',
  spec: { schedule: '@every 30m', kubernetes: [{ clusterName: 'local' }] },
});

const page = fakeApiPerTest((api) => {
  api.reply('GET api/db/config_scrapers_with_status', {
    status: 200,
    body: [
      {
        id: SCRAPER_ID,
        name: 'cluster',
        source: 'UI',
        job_status: 'SUCCESS',
        last_runtime: new Date(Date.now() - 5 * 60_000).toISOString(),
        created_by: { id: 'u1', name: 'Jane Doe' },
        created_at: '2024-01-01T00:00:00Z',
      },
    ],
  });
  api.reply('GET api/db/config_scrapers', { status: 200, body: [scraper] });
  api.reply('GET api/db/job_histories', { status: 200, body: [] });
  api.reply('POST api/specs/config_scrapers/validate', { status: 200, body: { valid: true, errors: [] } });
  api.reply('GET api/kube/status', { status: 200, body: clusterStatus() });
});
beforeAll(stubTextLayout);

function renderScrapers(path = '/catalog/scrapers') {
  const user = userEvent.setup({ delay: null });
  const result = renderInShell(
    [
      { path: 'catalog/scrapers', element: <ScrapersPage /> },
      { path: 'catalog/scrapers/:id', element: <CatalogScraperPage /> },
    ],
    path,
  );
  return { ...result, user };
}

describe('ScrapersPage', () => {
  it('lists the scrapers with their job status, and opens one from its row', async () => {
    const { user, router } = renderScrapers();
    const table = await screen.findByRole('grid', { name: 'Catalog scrapers' });
    expect(await within(table).findByText('cluster')).toBeInTheDocument();
    expect(within(table).getByText('SUCCESS')).toBeInTheDocument();
    expect(within(table).getByText('Jane Doe')).toBeInTheDocument();
    const sent = page.sent.find((r) => r.path === 'api/db/config_scrapers_with_status')!.query;
    expect(sent.get('deleted_at')).toBe('is.null');

    await user.click(within(table).getAllByRole('row')[1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/catalog/scrapers/${SCRAPER_ID}`));
  });

  it('offers the scraper types sorted by label, and starts the chosen one from its template', async () => {
    page.api.reply('POST api/db/config_scrapers', { status: 201, body: { ...scraper, name: 'web' } });
    const { user, router } = renderScrapers();
    await user.click(await screen.findByRole('button', { name: 'Add Catalog Scraper' }));
    const picker = await screen.findByRole('dialog', { name: 'Add Catalog Scraper' });
    const labels = within(picker)
      .getAllByRole('listitem')
      .map((tile) => within(tile).getByRole('heading').textContent?.trim());
    expect(labels).toEqual([
      'AWS',
      'Azure',
      'Azure DevOps',
      'Custom',
      'File',
      'Github Actions',
      'HTTP',
      'Kubernetes',
      'Kubernetes File',
      'SQL',
      'Trivy',
    ]);

    await user.click(within(picker).getByRole('button', { name: 'HTTP' }));
    const editor = await screen.findByRole('dialog', { name: 'Add HTTP Catalog Scraper' });
    await user.click(within(editor).getByRole('textbox', { name: 'Name' }));
    await user.paste('web');
    await user.click(within(editor).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/catalog/scrapers/${SCRAPER_ID}`));
    const created = page.sent.find((r) => r.method === 'POST' && r.path === 'api/db/config_scrapers')!;
    expect(created.body).toMatchObject({
      name: 'web',
      spec: { http: [{ type: 'HTTP::Resource', url: 'https://example.com/api/items' }] },
    });
  });

  it('offers no Add Catalog Scraper to a person who may not write scrapers', async () => {
    page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs('viewer') });
    renderScrapers();
    await screen.findByRole('grid', { name: 'Catalog scrapers' });
    await screen.findByText('cluster');
    expect(screen.queryByRole('button', { name: 'Add Catalog Scraper' })).not.toBeInTheDocument();
  });
});

describe('Run now', () => {
  it('runs the scraper, says what the scrape did and shows the new job', async () => {
    const job = {
      id: 'j1',
      name: 'scraper',
      resource_type: 'config_scraper',
      resource_id: SCRAPER_ID,
      resource_name: 'cluster',
      status: 'SUCCESS',
      time_start: new Date().toISOString(),
      time_end: new Date().toISOString(),
      duration_millis: 1200,
      success_count: 12,
      error_count: 0,
      details: { scrape_summary: { 'Kubernetes::Pod': { added: 3, updated: 1, unchanged: 8 } } },
      created_at: new Date().toISOString(),
    };
    page.api.reply('POST api/config/run/' + SCRAPER_ID, { status: 200, body: { message: 'success' } });
    const { user } = renderScrapers(`/catalog/scrapers/${SCRAPER_ID}?tab=jobs`);
    const run = await screen.findByRole('button', { name: 'Run now' });
    page.api.reply('GET api/db/job_histories', { status: 200, body: [job] });
    await user.click(run);

    expect(
      await screen.findByText('Scrape finished: 3 added, 1 updated, 8 unchanged, 0 deleted'),
    ).toBeInTheDocument();
    const history = screen.getByRole('grid', { name: 'Job history' });
    expect(await within(history).findByText('SUCCESS')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run now' })).toBeEnabled();
  });

  it("tells a failed scrape from the platform's answer", async () => {
    page.api.reply('POST api/config/run/' + SCRAPER_ID, {
      status: 200,
      body: {
        message: 'success',
        status: 'FAILED',
        added: 0,
        updated: 0,
        unchanged: 0,
        deleted: 0,
        errors: ['no cluster'],
      },
    });
    const { user } = renderScrapers(`/catalog/scrapers/${SCRAPER_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Run now' }));
    expect(
      await screen.findByText(
        'Scrape failed: 0 added, 0 updated, 0 unchanged, 0 deleted, 1 error: no cluster',
      ),
    ).toBeInTheDocument();
    // The answer said it all: no need to read the job.
    expect(
      page.sent.filter((r) => r.path === 'api/db/job_histories' && r.query.get('limit') === '1'),
    ).toHaveLength(0);
  });

  it('shows the failure of a run', async () => {
    page.api.reply('POST api/config/run/' + SCRAPER_ID, {
      status: 500,
      body: { message: 'cluster unreachable' },
    });
    const { user } = renderScrapers(`/catalog/scrapers/${SCRAPER_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Run now' }));
    expect(await screen.findByText('cluster unreachable')).toBeInTheDocument();
  });

  it('is not offered to a person who may not write scrapers', async () => {
    page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs('viewer') });
    renderScrapers(`/catalog/scrapers/${SCRAPER_ID}`);
    await screen.findByRole('tab', { name: 'Spec' });
    expect(screen.queryByRole('button', { name: 'Run now' })).not.toBeInTheDocument();
  });
});
