import { expect, expectAccessible, test } from './fixtures.js';
import { createCanary, ranCheck, SwitchableTarget } from './canaries.js';
import { HealthDashboard } from './pages/health-page.js';

const target = new SwitchableTarget(true);
test.beforeAll(() => target.start());
test.afterAll(() => target.stop());

test('labels include and exclude, group, tab and search narrow the checks', async ({ page }) => {
  const health = new HealthDashboard(page);
  await health.open('?hidePassing=false&groupBy=no_grouping&query=acme-prod-eu');
  await expect(health.row('redis-acme-prod-eu')).toBeVisible();
  await expect(health.row('nodes-ready-acme-prod-eu')).toBeVisible();

  // Include team=data: only the data team's checks stay.
  const team = health.filters().getByRole('region', { name: 'team' });
  await team.getByRole('button', { name: 'Include data' }).click();
  await expect(page).toHaveURL(/labels=%7B%22team%3Ddata%22%3A1%7D/);
  await expect(health.row('nodes-ready-acme-prod-eu')).toHaveCount(0);
  await expect(health.row('redis-acme-prod-eu')).toBeVisible();
  // Exclude it instead: the data team's checks go, the others come back.
  await team.getByRole('button', { name: 'Exclude data' }).click();
  await expect(health.row('redis-acme-prod-eu')).toHaveCount(0);
  await expect(health.row('nodes-ready-acme-prod-eu')).toBeVisible();
  await team.getByRole('button', { name: 'Exclude data' }).click();
  await expect(page).not.toHaveURL(/labels=/);

  // Group by type: a group per kind, open while the checks are few.
  await page.getByLabel('Group By').selectOption({ label: 'Type' });
  await expect(page).toHaveURL(/groupBy=type/);
  await expect(page.getByRole('button', { name: 'Toggle group redis' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Toggle group kubernetes' })).toBeVisible();
  await expect(health.row('redis-acme-prod-eu')).toBeVisible();

  // Tabs by namespace: 'All' first, then alphabetical; the data tab holds only its checks.
  const tabs = page.getByRole('main').getByRole('tab');
  await expect(tabs.first()).toContainText('All');
  const names = (await tabs.allTextContents()).map((t) => t.replace(/\d+$/, '').trim());
  expect(names.slice(1)).toEqual([...names.slice(1)].sort((a, b) => a.localeCompare(b)));
  await tabs.filter({ hasText: /^data/ }).click();
  await expect(page).toHaveURL(/tab=data/);
  await expect(health.row('nodes-ready-acme-prod-eu')).toHaveCount(0);
  await expect(health.row('redis-acme-prod-eu')).toBeVisible();
  await tabs.first().click();

  // Search, debounced: only matching checks remain, and the query is in the URL.
  await expect(health.search()).toHaveAttribute('placeholder', 'Search by name, description, or endpoint');
  await health.search().fill('nodes-ready-acme-prod');
  await expect(page).toHaveURL(/query=nodes-ready-acme-prod(&|$)/);
  await expect(health.row('redis-acme-prod-eu')).toHaveCount(0);
  await expect(health.row('nodes-ready-acme-prod-eu')).toBeVisible();
});

test('the drawer filters history by duration and refuses other units', async ({ page }) => {
  const health = new HealthDashboard(page);
  await health.open('?hidePassing=false&timeRange=1w&query=checkout-healthz-eu-west-1');
  await health.row('checkout-healthz-eu-west-1').getByText('checkout-healthz-eu-west-1').click();
  await expect(page).toHaveURL(/checkId=/);
  const drawer = health.drawer();
  await expect(drawer.getByRole('tab', { name: 'History' })).toBeVisible();
  const history = drawer.getByRole('grid').last();
  await expect(history.getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page);
  // A week of runs: most take well under a second.
  await expect(
    history
      .getByRole('row')
      .filter({ hasText: /(^|\D)\d{1,3}ms/ })
      .first(),
  ).toBeVisible();

  const duration = drawer.getByRole('combobox', { name: 'Duration' }).or(drawer.getByLabel('Duration'));
  await duration.first().fill('2m');
  await duration.first().press('Enter');
  await expect(drawer.getByText('duration is allowed only in milli seconds & seconds')).toBeVisible();

  await duration.first().fill('1s');
  await duration.first().press('Enter');
  await expect(drawer.getByText('duration is allowed only in milli seconds & seconds')).toHaveCount(0);
  // Every run listed took at least a second.
  await expect(history.getByRole('row').filter({ hasText: /(^|\D)\d{1,3}ms/ })).toHaveCount(0);

  await page.keyboard.press('Escape');
  await expect(page).not.toHaveURL(/checkId=/);
});

test('Run Now runs the check and the dashboard shows the new result', async ({ page, adminApi }) => {
  target.healthy = true;
  await createCanary(adminApi, 'e2e-run-now', { http: [{ name: 'e2e-run-now-http', url: target.url }] });
  await ranCheck(adminApi, 'e2e-run-now-http');

  const health = new HealthDashboard(page);
  await health.open('?hidePassing=false&query=e2e-run-now');
  const row = health.row('e2e-run-now-http').first();
  await expect(row).toContainText('Healthy');
  await expect(row).not.toContainText('Unhealthy');

  target.healthy = false;
  await row.getByText('e2e-run-now-http').click();
  const drawer = health.drawer();
  await drawer.getByRole('button', { name: 'Run Now' }).click();
  await expect(
    drawer.getByText(/Check ran: unhealthy/).or(page.getByText(/Check ran: unhealthy/)),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(health.row('e2e-run-now-http').first()).toContainText('Unhealthy');
  target.healthy = true;
});

test('a canary edited as YAML shows schema errors at their line, saves and runs', async ({
  page,
  adminApi,
}) => {
  target.healthy = true;
  const canary = await createCanary(adminApi, 'e2e-yaml', {
    http: [{ name: 'e2e-yaml-first', url: target.url }],
  });
  await ranCheck(adminApi, 'e2e-yaml-first');

  await page.goto(`settings/canaries/${canary.id}`);
  await page.getByRole('tab', { name: 'Code' }).click();
  const editor = page.getByRole('textbox', { name: 'Spec' });
  await editor.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Delete');
  // A typo in a field name: the schema refuses it at line 3.
  await page.keyboard.insertText(`http:\n  - name: e2e-yaml-second\n    urll: ${target.url}\n`);
  await expect(page.getByText(/Line 3: .*'urll'/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update' })).toBeDisabled();
  await expectAccessible(page);

  await page.keyboard.press('Control+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(`http:\n  - name: e2e-yaml-second\n    url: ${target.url}\n`);
  await expect(page.getByText(/Line \d+:/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('e2e-yaml updated successfully')).toBeVisible();

  // The runner picks the change up: the new check runs, the old one is retired.
  await ranCheck(adminApi, 'e2e-yaml-second');
  const health = new HealthDashboard(page);
  await health.open('?hidePassing=false&query=e2e-yaml');
  await expect(health.row('e2e-yaml-second').first()).toContainText('Healthy');
  await expect(health.row('e2e-yaml-first')).toHaveCount(0);
});

test('Add Health Check: the HTTP form checks its fields, saves, and the check runs', async ({
  page,
  adminApi,
}) => {
  target.healthy = true;
  await page.goto('settings/canaries');
  // The list tells same-named canaries apart by their agent; the console's own run as 'local'.
  const list = page.getByRole('grid', { name: 'Health Check' });
  await expect(list.getByRole('row').filter({ hasText: 'console-self' })).toContainText('local');
  await expect(list.getByRole('row').filter({ hasText: 'api-gateway' }).first()).toContainText(/acme-/);
  await page.getByRole('button', { name: 'Add Health Check' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Health Check' });
  await dialog.getByRole('button', { name: 'HTTP' }).click();
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('e2e-form');
  await dialog.getByRole('textbox', { name: 'URL' }).fill(target.url);
  await dialog.getByRole('textbox', { name: 'Threshold (ms)' }).fill('fast');
  await expect(dialog.getByText('This field must be a number')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expectAccessible(page);
  await dialog.getByRole('textbox', { name: 'Threshold (ms)' }).fill('2000');
  await dialog.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('e2e-form created successfully')).toBeVisible();
  await expect(page).toHaveURL(/settings\/canaries\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Saved. Its checks will run within a few seconds.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveAttribute('readonly', '');

  await ranCheck(adminApi, 'e2e-form');
  await page.getByRole('link', { name: 'Show e2e-form in Health' }).click();
  const health = new HealthDashboard(page);
  await expect(health.row('e2e-form').first()).toContainText('Healthy');
});
