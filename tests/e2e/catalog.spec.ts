import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.js';
import { CatalogPage, ConfigPage } from './pages/catalog-page.js';
import { IncidentPage } from './pages/incident-page.js';

const suffix = () => Date.now().toString(36);

/** Rows of an /api/db relation, read as the administrator. */
async function dbRows<Row>(api: APIRequestContext, query: string): Promise<Row[]> {
  const response = await api.get(`api/db/${query}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Row[];
}

/** The id of the demo's config of that type and name (names repeat across clusters: the first). */
async function demoConfigId(api: APIRequestContext, type: string, name: string): Promise<string> {
  const params = new URLSearchParams({ select: 'id', type: `eq.${type}`, name: `eq.${name}`, limit: '1' });
  const [row] = await dbRows<{ id: string }>(api, `configs?${params}`);
  expect(row, `a demo ${type} named ${name}`).toBeDefined();
  return row!.id;
}

/** Where the server's file scrapers may read: its DATA_DIR's files/ (tests/e2e/run.ts). */
function scraperFilesRoot(): string {
  const root = process.env.E2E_SCRAPER_FILES;
  if (!root) throw new Error('E2E_SCRAPER_FILES is not set: run the e2e tests with npm run test:e2e');
  return root;
}

const settingsFile = (name: string, replicas: number) =>
  `kind: Setting\nmetadata:\n  name: ${name}\nspec:\n  replicas: ${replicas}\n  logLevel: info\n`;

test('the summary drills into a type, its table opens an item, and selected lines become evidence on a new incident', async ({
  page,
}) => {
  const catalog = new CatalogPage(page);
  await catalog.open('?groupBy=config_class,type');
  await catalog.providerToggle('Kubernetes').click();
  const deployments = catalog.summaryRow('Kubernetes::Deployment');
  await expect(deployments).toBeVisible();
  await deployments.getByRole('gridcell', { name: 'Kubernetes::Deployment', exact: true }).click();

  // The row's type becomes the filter; the summary's grouping goes.
  await expect(page).toHaveURL(/configType=Kubernetes%3A%3ADeployment/);
  expect(catalog.query('groupBy')).toEqual([]);
  const rows = catalog.items().getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  await expect(
    catalog.items().getByRole('gridcell', { name: 'Kubernetes::Deployment' }).first(),
  ).toBeVisible();
  await expect(catalog.items().getByRole('gridcell', { name: /^Kubernetes::(?!Deployment$)/ })).toHaveCount(
    0,
  );

  const itemName = await catalog.itemName(rows.nth(1));
  await rows.nth(1).getByText(itemName, { exact: true }).click();
  await expect(page).toHaveURL(/\/catalog\/[0-9a-f-]{36}$/);
  const config = new ConfigPage(page);
  await expect(config.breadcrumb()).toContainText('Kubernetes::Deployment');
  await expect(config.breadcrumb()).toContainText(itemName);
  await expect(config.tab('Config')).toHaveAttribute('aria-selected', 'true');

  // A click selects a line, a shift-click the range up to another: the URL keeps each one.
  const lines = config.lines();
  await lines.nth(1).click();
  await lines.nth(3).click({ modifiers: ['Shift'] });
  await expect(page.getByText('3 lines selected')).toBeVisible();
  await expect.poll(() => catalog.query('selected')).toEqual(['2', '3', '4']);
  await expect(lines.nth(2)).toHaveAttribute('aria-selected', 'true');
  // The line's code, without its number.
  const chosenLine = ((await lines.nth(2).locator('span').last().textContent()) ?? '').trim();

  await page.getByRole('button', { name: 'Attach as Evidence' }).click();
  const dialog = page.getByRole('dialog', { name: 'Attach as Evidence' });
  const title = `e2e config lines ${suffix()}`;
  await dialog.getByRole('combobox', { name: 'Incident', exact: true }).selectOption({
    label: 'Create a new incident',
  });
  await dialog.getByRole('textbox', { name: 'Incident title' }).fill(title);
  await dialog.getByRole('combobox', { name: 'Severity' }).selectOption('high');
  await dialog.getByRole('combobox', { name: 'Type' }).selectOption('availability');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Link', exact: true }).click();
  await expect(page.getByText('Linked to incident successfully:')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The toast's link opens the new incident, whose action plan holds the config's lines.
  await page.getByText('Linked to incident successfully:').getByRole('link').click();
  await expect(page).toHaveURL(/\/incidents\/[0-9a-f-]{36}$/);
  const incident = new IncidentPage(page);
  await expect(incident.breadcrumb()).toContainText(title);
  await incident.tab('Action Plan').click();
  await page.getByRole('button', { name: 'Expand all' }).click();
  const evidence = page.getByRole('tabpanel', { name: 'Action Plan' });
  await expect(evidence.getByText(`${itemName} (Kubernetes::Deployment)`).first()).toBeVisible();
  await expect(evidence.getByText(chosenLine, { exact: false }).first()).toBeVisible();
});

test('a config’s changes open a change with its diff; /catalog/changes lists every config’s changes', async ({
  page,
  adminApi,
}) => {
  // The demo's most recent diff change, well inside the tab's default range of two days.
  const since = new Date(Date.now() - 36 * 3_600_000).toISOString();
  const [change] = await dbRows<{ config_id: string; summary: string }>(
    adminApi,
    `config_changes?select=config_id,summary&change_type=eq.diff&created_at=gte.${since}&order=created_at.desc&limit=1`,
  );
  expect(change, 'a demo diff change of the last day and a half').toBeDefined();

  const config = new ConfigPage(page);
  await config.open(change!.config_id);
  // The tabs are links under the console's base path; arrows move between them, Enter opens one.
  await expect(config.tab('Changes')).toHaveAttribute('href', /^\/console\/catalog\/[0-9a-f-]{36}\/changes$/);
  await config.tab('Config').focus();
  await page.keyboard.press('ArrowDown');
  await expect(config.tab('Changes')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/changes$/);
  await expect(config.tab('Changes')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: /^Changes/ })).toBeVisible();
  const table = page.getByRole('grid', { name: 'Config changes' });
  const row = table.getByRole('row').filter({ hasText: change!.summary }).first();
  await expect(row).toContainText('diff');
  await row.getByRole('gridcell', { name: change!.summary }).click();

  const detail = page.getByRole('dialog', { name: change!.summary });
  await expect(page).toHaveURL(/changeId=/);
  await expect(detail.getByRole('heading', { name: 'Diff' })).toBeVisible();
  const diff = detail.getByRole('region', { name: 'Diff' });
  await expect(diff.getByRole('row', { name: /^removed: / }).first()).toBeVisible();
  await expect(diff.getByRole('row', { name: /^added: / }).first()).toBeVisible();
  await expectAccessible(page);
  await detail.getByRole('button', { name: 'Close' }).click();
  await expect(detail).toBeHidden();

  // The global list: changes of configs of many types.
  const catalog = new CatalogPage(page);
  await catalog.openChanges();
  const all = page.getByRole('grid', { name: 'Config changes' });
  await expect(all.getByRole('row').nth(1)).toBeVisible();
  await expect(all.getByText('Kubernetes::Deployment').first()).toBeVisible();
  await expect(all.getByText(/^(AWS|Azure|GitHub)::/).first()).toBeVisible();
});

test('relationships as a graph: a large group expands and a node opens its config', async ({
  page,
  adminApi,
}) => {
  const clusterId = await demoConfigId(adminApi, 'Kubernetes::Cluster', 'acme-prod-eu');
  const config = new ConfigPage(page);
  await config.open(clusterId, 'relationships');
  await page.getByRole('button', { name: 'Graph' }).click();
  await expect(page).toHaveURL(/view=graph/);

  const graph = config.graph();
  const namespaces = graph.getByRole('button', { name: /^\d+ Kubernetes::Namespace$/ });
  await expect(namespaces).toHaveAttribute('aria-expanded', 'false');
  await expect(graph.getByRole('link', { name: /\(Kubernetes::Namespace\)/ })).toHaveCount(0);
  await expectAccessible(page);
  await config.clickNode(namespaces);
  await expect(namespaces).toHaveAttribute('aria-expanded', 'true');
  const namespace = graph.getByRole('link', { name: /^payments \(Kubernetes::Namespace\)/ });
  await expect(namespace).toBeVisible();

  await config.clickNode(namespace);
  await expect(page).not.toHaveURL(new RegExp(clusterId));
  await expect(config.breadcrumb()).toContainText('Kubernetes::Namespace');
  await expect(config.breadcrumb()).toContainText('payments');
});

test('a File scraper added from the type picker scrapes a directory on Run now, and an edited file becomes a diff change', async ({
  page,
}) => {
  const id = suffix();
  const dir = path.join(scraperFilesRoot(), `e2e-${id}`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'alpha.yaml'), settingsFile('alpha', 2));
  fs.writeFileSync(path.join(dir, 'beta.yaml'), settingsFile('beta', 1));
  const type = `E2E::Settings${id.toUpperCase()}`;
  const name = `e2e-files-${id}`;

  try {
    const catalog = new CatalogPage(page);
    await catalog.openScrapers();
    await page.getByRole('button', { name: 'Add Catalog Scraper' }).click();
    const picker = page.getByRole('dialog', { name: 'Add Catalog Scraper' });
    await expectAccessible(page);
    await picker.getByRole('button', { name: 'File', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: 'Add File Catalog Scraper' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    // The Form opens first; the test's schedule (@never) is one only the Code takes.
    await expect(dialog.getByRole('tab', { name: 'Form', selected: true })).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Item Type' })).toBeVisible();
    await dialog.getByRole('tab', { name: 'Code' }).click();
    await dialog.getByRole('textbox', { name: 'Spec' }).click();
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(
      [
        `schedule: '@never'`, // only Run now scrapes it: the counts of each run are the test's own
        'file:',
        `  - type: ${type}`,
        '    id: $.metadata.name',
        '    name: $.metadata.name',
        '    format: yaml',
        '    icon: file',
        '    paths:',
        `      - ${path.join(dir, '*.yaml')}`,
        '',
      ].join('\n'),
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/catalog\/scrapers\/[0-9a-f-]{36}$/);
    const scraperPage = page.url();

    await page.getByRole('button', { name: 'Run now' }).click();
    await expect(page.getByText('Scrape finished: 2 added, 0 updated, 0 unchanged, 0 deleted')).toBeVisible();

    await catalog.open(`?configType=${encodeURIComponent(type)}`);
    await expect(catalog.itemRow('alpha')).toBeVisible();
    await expect(catalog.itemRow('beta')).toBeVisible();
    await expect(catalog.items().getByRole('row')).toHaveCount(3);

    // One file changes; the next run records it as a diff on its item.
    fs.writeFileSync(path.join(dir, 'alpha.yaml'), settingsFile('alpha', 5));
    await page.goto(scraperPage);
    await page.getByRole('button', { name: 'Run now' }).click();
    await expect(page.getByText('Scrape finished: 0 added, 1 updated, 1 unchanged, 0 deleted')).toBeVisible();

    await catalog.open(`?configType=${encodeURIComponent(type)}`);
    await catalog.itemRow('alpha').getByText('alpha', { exact: true }).click();
    const config = new ConfigPage(page);
    await config.tab('Changes').click();
    const changes = page.getByRole('grid', { name: 'Config changes' });
    const diffRow = changes.getByRole('row').filter({ has: page.getByRole('gridcell', { name: 'diff' }) });
    await expect(diffRow).toHaveCount(1);
    await diffRow.getByRole('gridcell').nth(1).click();
    const diff = page.getByRole('dialog').getByRole('region', { name: 'Diff' });
    await expect(diff.getByRole('row', { name: /^removed: "replicas": 2$/ })).toBeVisible();
    await expect(diff.getByRole('row', { name: /^added: "replicas": 5$/ })).toBeVisible();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
