import fs from 'node:fs';
import { expect, expectAccessible, test } from './fixtures.js';
import { load } from 'js-yaml';
import { E2E_ADMIN_PASSWORD, SIGNED_OUT } from './accounts.js';
import { ConsoleShell } from './pages/console-shell.js';

const MAIN = ['Topology', 'Health', 'Incidents', 'Catalog', 'Playbooks', 'Notifications', 'Logs'];
// spec 3 §2.3: the settings submenu is sorted by name.
const SETTINGS = [
  'Agents',
  'Catalog Scraper',
  'Connections',
  'Event Queue',
  'Feature Flags',
  'Health Check',
  'Integrations',
  'Jobs History',
  'Log Backends',
  'Permissions',
  'Rules',
  'Teams',
  'Topology',
  'Users',
];

/** Areas whose pages exist (by path under the base); the others say they are not built yet. */
const BUILT = [
  'catalog',
  'health',
  'incidents',
  'logs',
  'notifications',
  'playbooks',
  'settings/agents',
  'settings/canaries',
  'settings/config_scrapers',
  'settings/connections',
  'settings/event-queue-status',
  'settings/feature-flags',
  'settings/incident_rules',
  'settings/integrations',
  'settings/jobs',
  'settings/logging_backends',
  'settings/permissions',
  'settings/teams',
  'settings/topologies',
  'settings/users',
  'topology',
].map((path) => `/console/${path}`);

test('every sidebar item opens its area under the base path, and nothing leaves the origin', async ({
  page,
}) => {
  const requests: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const shell = new ConsoleShell(page);
  await shell.open();
  await expect(page).toHaveURL(/\/console\/topology$/);
  await shell.openSettingsGroup();

  const links = shell.sidebar().getByRole('link');
  await expect(links).toHaveText([...MAIN, ...SETTINGS]);
  // Areas not built yet all show the same screen: one accessibility pass covers them.
  let notBuiltChecked = false;
  for (let i = 0; i < MAIN.length + SETTINGS.length; i++) {
    const link = links.nth(i);
    const title = (await link.textContent())!;
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/^\/console\//);
    await link.click();
    await expect(page).toHaveURL(new URL(href, page.url()).toString());
    await expect(link).toHaveAttribute('aria-current', 'page');
    await expect(shell.pageTitle()).not.toBeEmpty();
    if (BUILT.includes(href)) {
      await expect(shell.pageTitle()).toContainText(title);
      // A list, the playbooks' cards (the demo's first category heads them), or the topology's.
      await expect(
        page
          .getByRole('main')
          .getByRole('grid')
          .or(page.getByRole('main').getByRole('heading', { name: 'Database' }))
          .or(page.getByRole('main').getByRole('region', { name: 'Components' })),
        href,
      ).toBeVisible();
      await expect(shell.notBuiltMessage()).toHaveCount(0);
      await expectAccessible(page);
    } else {
      await expect(shell.notBuiltMessage(), `${title} (${href})`).toBeVisible();
      if (!notBuiltChecked) await expectAccessible(page);
      notBuiltChecked = true;
    }
  }
  const origin = new URL(page.url()).origin;
  expect(requests.filter((url) => !url.startsWith(`${origin}/console/`))).toEqual([]);
  expect(problems).toEqual([]);
});

/** The event names the demo queues (server/src/platform/demo/settings.ts), every one failing some. */
const DEMO_EVENTS = [
  'check.failed',
  'check.passed',
  'component.unhealthy',
  'config.updated',
  'incident.responder.added',
  'notification.send',
  'playbook.run',
];

test('the settings index is the event queue: the demo events, the most recent failure first, never cached', async ({
  page,
}) => {
  const shell = new ConsoleShell(page);
  const read = page.waitForResponse((response) => response.url().includes('/api/db/event_queue_summary'));
  await shell.open('settings');
  await expect(page).toHaveURL(/\/console\/settings\/event-queue-status$/);
  await expect(shell.pageTitle()).toHaveText('Event Queue');

  const response = await read;
  expect(response.headers()['cache-control']).toContain('no-store');
  const rows = (await response.json()) as { name: string; last_failure: string | null }[];
  expect(rows.map((row) => row.name).sort()).toEqual(DEMO_EVENTS);
  const failures = rows.map((row) => Date.parse(row.last_failure!));
  expect(failures).toEqual([...failures].sort((a, b) => b - a));

  const table = page.getByRole('grid', { name: 'Event queue' });
  await expect(table.getByRole('row').filter({ hasNot: page.getByRole('columnheader') })).toHaveCount(
    DEMO_EVENTS.length,
  );
  await expect(table.locator('tbody tr td:first-child')).toHaveText(rows.map((row) => row.name));
});

test('the sidebar collapses to an icon rail and stays collapsed after a reload', async ({ page }) => {
  const shell = new ConsoleShell(page);
  await shell.open('health');
  const expanded = await shell.sidebarWidth();
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect.poll(() => shell.sidebarWidth()).toBeLessThan(expanded / 2);
  // Collapsed, the icons stay and name themselves.
  await expect(shell.navLink('Health')).toBeVisible();

  await page.reload();
  await shell.pageTitle().waitFor();
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  await expect.poll(() => shell.sidebarWidth()).toBeLessThan(expanded / 2);

  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect.poll(() => shell.sidebarWidth()).toBe(expanded);
});

test('on a narrow window a click outside the sidebar collapses it', async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 700 });
  const shell = new ConsoleShell(page);
  await shell.open('incidents');
  const expanded = await shell.sidebarWidth();
  await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible();
  await page.mouse.click(600, 600);
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  await expect.poll(() => shell.sidebarWidth()).toBeLessThan(expanded / 2);
  // A click inside the sidebar keeps it as it is.
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await shell.navLink('Catalog').click();
  await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible();
});

test('the user menu greets the user, lists profile, kubeconfig, both versions and sign out', async ({
  page,
}) => {
  const shell = new ConsoleShell(page);
  await shell.open();
  const menu = await shell.openUserMenu();
  await expect(menu).toContainText('Hi Admin');
  await expect(menu.getByRole('menuitem')).toHaveText(['Your Profile', 'Download kubeconfig', 'Sign out']);
  await expect(menu).toContainText(/Frontend version\s*1\.0\.800/);
  await expect(menu).toContainText(/Backend version\s*1\.0\.800/);

  await menu.getByRole('menuitem', { name: 'Your Profile' }).click();
  await expect(page).toHaveURL(/\/console\/profile-settings$/);
});

test('the backend version reads NA when the server does not say', async ({ page }) => {
  await page.route('**/api/about', (route) => route.fulfill({ status: 502, body: 'bad gateway' }));
  const shell = new ConsoleShell(page);
  await shell.open();
  const menu = await shell.openUserMenu();
  await expect(menu).toContainText(/Backend version\s*NA/);
});

test('the kubeconfig dialog explains both steps and downloads a kubeconfig for the kube proxy', async ({
  page,
  baseURL,
}) => {
  const shell = new ConsoleShell(page);
  await shell.open();
  const menu = await shell.openUserMenu();
  await menu.getByRole('menuitem', { name: 'Download kubeconfig' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download kubeconfig' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('kubectl --kubeconfig ./kubeconfig.yaml get canaries -A');
  await expect(dialog.getByRole('link', { name: 'Learn more' })).toHaveAttribute('target', '_blank');
  // The e2e console is served over plain HTTP, where kubectl would not send the token.
  await expect(dialog.getByText('This console is open over HTTP')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: /Download kubeconfig\.yaml/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('kubeconfig.yaml');
  const kubeconfig = load(fs.readFileSync((await download.path())!, 'utf8')) as {
    clusters: { cluster: { server: string } }[];
    users: { user: { token: string } }[];
  };
  const server = kubeconfig.clusters[0]!.cluster.server;
  expect(server).toBe(`${baseURL}api/kubeproxy`);
  // Its new personal token reaches the cluster through the proxy, as kubectl would.
  const response = await fetch(`${server}/apis/canaries.flanksource.com/v1/canaries`, {
    headers: { Authorization: `Bearer ${kubeconfig.users[0]!.user.token}` },
  });
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ kind: 'CanaryList' });
});

test('the dark theme toggles and is remembered', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  const shell = new ConsoleShell(page);
  await shell.open();
  expect(await shell.isDark()).toBe(false);
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  expect(await shell.isDark()).toBe(true);
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await page.reload();
  await shell.pageTitle().waitFor();
  expect(await shell.isDark()).toBe(true);
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(background);
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  expect(await shell.isDark()).toBe(false);
});

test.describe('with a session of its own', () => {
  // Signing out ends the session on the server: not the one the other suites share.
  test.use({ storageState: SIGNED_OUT });

  test('sign out leaves the console for the sign-in page, and the console asks to sign in again', async ({
    page,
  }) => {
    const signIn = await page.request.post('api/auth/login', {
      data: { username: 'admin', password: E2E_ADMIN_PASSWORD },
    });
    expect(signIn.status()).toBe(200);
    const shell = new ConsoleShell(page);
    await shell.open('catalog');
    const menu = await shell.openUserMenu();
    await menu.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/console\/login$/);
    await page.goto('catalog');
    await expect(page).toHaveURL(/\/console\/login\?return_to=%2Fcatalog$/);
  });
});
