import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { EditorView } from '@codemirror/view';
import { load } from 'js-yaml';
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

describe('the scraper spec: Form and Code', () => {
  const sqlScraper = savedRow({
    id: SCRAPER_ID,
    name: 'orders',
    namespace: 'default',
    labels: {},
    schedule: '@hourly',
    spec: {
      schedule: '@hourly',
      sql: [
        {
          connection: 'connection://postgres/shop',
          type: 'Shop::Order',
          id: '$.id',
          name: '$.number',
          query: 'select id, number from orders',
          transform: { expr: 'config' },
        },
      ],
    },
  });

  async function replace(user: UserEvent, input: HTMLElement, text: string) {
    await user.clear(input);
    await user.click(input);
    await user.paste(text);
  }

  const codeText = async (scope: HTMLElement) =>
    EditorView.findFromDOM(await within(scope).findByRole('textbox', { name: 'Spec' }))!.state.doc.toString();

  async function addScraper(label: string) {
    const rendered = renderScrapers();
    await rendered.user.click(await screen.findByRole('button', { name: 'Add Catalog Scraper' }));
    const picker = await screen.findByRole('dialog', { name: 'Add Catalog Scraper' });
    await rendered.user.click(within(picker).getByRole('button', { name: label }));
    const dialog = await screen.findByRole('dialog', { name: `Add ${label} Catalog Scraper` });
    return { ...rendered, dialog };
  }

  it('adds an HTTP scraper from its Form, shows the Form in Code, and saves the spec the Form shows', async () => {
    page.api.reply('POST api/db/config_scrapers', { status: 201, body: { ...scraper, name: 'items' } });
    const { user, dialog, router } = await addScraper('HTTP');
    expect(within(dialog).getByRole('tab', { name: 'Form' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByText('HTTP scraper')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Item Type' })).toHaveValue('HTTP::Resource');
    expect(within(dialog).getByRole('textbox', { name: 'Item ID' })).toHaveValue('$.id');
    expect(within(dialog).getByRole('combobox', { name: 'Schedule' })).toHaveValue('@hourly');

    await replace(user, within(dialog).getByRole('textbox', { name: 'Name' }), 'items');
    await replace(
      user,
      within(dialog).getByRole('textbox', { name: 'URL' }),
      'https://shop.example.com/items',
    );
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Method' }), 'POST');
    await replace(user, within(dialog).getByRole('textbox', { name: 'Body' }), '{"all":true}');
    await user.click(within(dialog).getByRole('button', { name: 'Add header' }));
    await replace(user, within(dialog).getByRole('textbox', { name: 'Header 1 name' }), 'Accept');
    await replace(user, within(dialog).getByRole('textbox', { name: 'Header 1 value' }), 'application/json');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Schedule' }), '@daily');

    const expected = {
      schedule: '@daily',
      http: [
        {
          type: 'HTTP::Resource',
          id: '$.id',
          name: '$.name',
          url: 'https://shop.example.com/items',
          method: 'POST',
          body: '{"all":true}',
          headers: [{ name: 'Accept', value: 'application/json' }],
        },
      ],
    };
    await user.click(within(dialog).getByRole('tab', { name: 'Code' }));
    expect(load(await codeText(dialog))).toEqual(expected);
    await user.click(within(dialog).getByRole('tab', { name: 'Form' }));
    expect(within(dialog).getByRole('textbox', { name: 'URL' })).toHaveValue(
      'https://shop.example.com/items',
    );

    // The platform checks the spec the Form makes, not only YAML typed in Code (after a debounce).
    await waitFor(() => {
      const checked = page.sent.filter((r) => r.path === 'api/specs/config_scrapers/validate');
      expect(checked.length).toBeGreaterThan(0);
      expect(load((checked[checked.length - 1]!.body as { yaml: string }).yaml)).toEqual(expected);
    });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/catalog/scrapers/${SCRAPER_ID}`));
    const created = page.sent.find((r) => r.method === 'POST' && r.path === 'api/db/config_scrapers')!;
    expect(created.body).toMatchObject({ name: 'items', schedule: '@daily', spec: expected });
  });

  it('says under a field that it is required, and keeps Save disabled until it is filled', async () => {
    const { user, dialog } = await addScraper('SQL');
    await replace(user, within(dialog).getByRole('textbox', { name: 'Name' }), 'orders');
    const connection = within(dialog).getByRole('textbox', { name: 'Connection' });
    await user.clear(connection);
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    expect(connection).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.click(connection);
    await user.paste('connection://postgres/shop');
    expect(within(dialog).queryByText('This field is required')).not.toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled());
  });

  it('shows the platform refusing the spec the Form makes, and keeps Save disabled', async () => {
    page.api.reply('POST api/specs/config_scrapers/validate', {
      status: 200,
      body: {
        valid: false,
        errors: [{ line: 3, column: 5, path: '/http/0', message: "spec: http[0]: 'url' must be a URL" }],
      },
    });
    const { dialog } = await addScraper('HTTP');
    expect(await within(dialog).findByText("spec: http[0]: 'url' must be a URL")).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('opens a kind without a form in Code and says why in the Form tab', async () => {
    const { user, dialog } = await addScraper('Azure');
    expect(within(dialog).getByRole('tab', { name: 'Code' })).toHaveAttribute('aria-selected', 'true');
    expect(load(await codeText(dialog))).toMatchObject({
      azure: [{ connection: 'connection://azure/my-subscription' }],
    });
    await user.click(within(dialog).getByRole('tab', { name: 'Form' }));
    expect(within(dialog).getByText('There is no form for Azure scrapers.')).toBeInTheDocument();
  });

  it('opens a saved sql scraper in the Form with its values, and updates only what was changed', async () => {
    page.api.reply('GET api/db/config_scrapers', { status: 200, body: [sqlScraper] });
    // One row as an object: the editor asks for the row it wrote (PostgREST's single object).
    page.api.reply('PATCH api/db/config_scrapers', { status: 200, body: sqlScraper });
    const { user } = renderScrapers(`/catalog/scrapers/${SCRAPER_ID}`);
    const query = await screen.findByRole('textbox', { name: 'Query' });
    expect(query).toHaveValue('select id, number from orders');
    expect(screen.getByRole('tab', { name: 'Form' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('SQL scraper')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Connection' })).toHaveValue('connection://postgres/shop');
    expect(screen.getByRole('textbox', { name: 'Item Type' })).toHaveValue('Shop::Order');
    expect(screen.getByRole('textbox', { name: 'Item Name' })).toHaveValue('$.number');
    expect(screen.getByRole('combobox', { name: 'Schedule' })).toHaveValue('@hourly');

    await replace(user, query, 'select id, number from orders where open');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Update' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Update' }));
    // The save is over when it says so; the test ends only then, the row's refresh included.
    expect(await screen.findByText('orders updated successfully')).toBeInTheDocument();
    const update = page.sent.find((r) => r.method === 'PATCH')!;
    expect(update.body).toEqual({
      source: 'UI',
      spec: {
        schedule: '@hourly',
        sql: [{ ...sqlScraper.spec.sql[0], query: 'select id, number from orders where open' }],
      },
    });
  });

  it('opens a spec with two entries in Code and says why the Form cannot show it', async () => {
    const twoEntries = {
      ...scraper,
      spec: { schedule: '@every 30m', kubernetes: [{ clusterName: 'a' }, { clusterName: 'b' }] },
    };
    page.api.reply('GET api/db/config_scrapers', { status: 200, body: [twoEntries] });
    const { user } = renderScrapers(`/catalog/scrapers/${SCRAPER_ID}`);
    const code = await screen.findByRole('tab', { name: 'Code' });
    expect(code).toHaveAttribute('aria-selected', 'true');
    expect(load(await codeText(document.body))).toEqual(twoEntries.spec);
    await user.click(screen.getByRole('tab', { name: 'Form' }));
    expect(screen.getByText('The form edits one scraper at a time; this spec has 2.')).toBeInTheDocument();
    expect(screen.getByText('Edit it in Code.')).toBeInTheDocument();
  });

  it('edits the retention rows, shows them in Code and back, and saves them', async () => {
    const kept = {
      ...scraper,
      spec: {
        ...scraper.spec,
        retention: { changes: [{ name: 'diff', age: '7d', count: 100 }], staleItemAge: '30d' },
      },
    };
    page.api.reply('GET api/db/config_scrapers', { status: 200, body: [kept] });
    page.api.reply('PATCH api/db/config_scrapers', { status: 200, body: kept });
    const { user } = renderScrapers(`/catalog/scrapers/${SCRAPER_ID}`);
    expect(await screen.findByRole('textbox', { name: 'Cluster Name' })).toHaveValue('local');
    const changes = screen.getByRole('group', { name: 'Change Retention' });
    expect(within(changes).getByRole('textbox', { name: 'Change 1 name' })).toHaveValue('diff');
    expect(within(changes).getByRole('textbox', { name: 'Change 1 count' })).toHaveValue('100');

    await user.click(within(changes).getByRole('button', { name: 'Add change' }));
    await replace(user, within(changes).getByRole('textbox', { name: 'Change 2 count' }), '5');
    expect(await within(changes).findByText('Every change needs a name')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
    await replace(user, within(changes).getByRole('textbox', { name: 'Change 2 name' }), 'CREATE');
    const types = screen.getByRole('group', { name: 'Type Retention' });
    await user.click(within(types).getByRole('button', { name: 'Add type' }));
    await replace(user, within(types).getByRole('textbox', { name: 'Type 1 name' }), 'Kubernetes::Pod');
    await replace(user, within(types).getByRole('textbox', { name: 'Type 1 deleted age' }), '1d');

    const retention = {
      changes: [
        { name: 'diff', age: '7d', count: 100 },
        { name: 'CREATE', count: 5 },
      ],
      types: [{ name: 'Kubernetes::Pod', deletedAge: '1d' }],
      staleItemAge: '30d',
    };
    await user.click(screen.getByRole('tab', { name: 'Code' }));
    expect(load(await codeText(document.body))).toEqual({ ...scraper.spec, retention });
    await user.click(screen.getByRole('tab', { name: 'Form' }));
    const back = screen.getByRole('group', { name: 'Change Retention' });
    expect(within(back).getByRole('textbox', { name: 'Change 2 name' })).toHaveValue('CREATE');

    await waitFor(() => expect(screen.getByRole('button', { name: 'Update' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(`${kept.name} updated successfully`)).toBeInTheDocument();
    expect(page.sent.find((r) => r.method === 'PATCH')!.body).toMatchObject({
      spec: { ...scraper.spec, retention },
    });
  });
});
