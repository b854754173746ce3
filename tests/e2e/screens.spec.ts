import { expect, test } from './fixtures.js';
import { ConsoleShell } from './pages/console-shell.js';

test('the bad-session screen reads error_code', async ({ page }) => {
  await page.goto('bad-session?error_code=BAD_SESSION');
  await expect(
    page.getByText(
      'Bad Session. Please try logging out and logging in again, if the problem persist, please contact us.',
    ),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Go back' }).click();
  await expect(page).toHaveURL(/\/console\/topology$/);

  await page.goto('bad-session?error_code=SOMETHING_ELSE');
  await expect(page.getByText('Unknown error')).toBeVisible();
});

test('a flow error the server does not know sends the user home', async ({ page }) => {
  await page.goto('error?id=3f2a-unknown');
  await expect(page).toHaveURL(/\/console\/topology$/);
});

test('a flow error the server describes is shown with its details', async ({ page }) => {
  await page.route('**/console/api/auth/errors/flow-42', (route) =>
    route.fulfill({
      json: { id: 'flow-42', error: { code: 400, message: 'The flow failed', reason: 'state mismatch' } },
    }),
  );
  await page.goto('error?id=flow-42');
  await expect(page.getByText('An error occurred')).toBeVisible();
  await expect(page.getByText(/state mismatch/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go back' })).toBeVisible();
});

test('the provisioning and unauthorized screens by URL', async ({ page }) => {
  await page.goto('provisioning');
  await expect(page.getByText('Please wait, instance provisioning in-progress ...')).toBeVisible();
  await page.goto('unauthorized');
  await expect(page.getByText('Unauthorized – You do not have permission to access this page')).toBeVisible();
});

test('whoami failing with a 5xx shows the provisioning screen; other failures the error screen', async ({
  page,
}) => {
  await page.route('**/console/api/auth/whoami', (route) => route.fulfill({ status: 503, json: {} }));
  // A page the server does not draw: a drawn one carries whoami's answer, and the UI asks for none.
  await page.goto('incidents');
  await expect(page.getByText('Please wait, instance provisioning in-progress ...')).toBeVisible();
  await page.unroute('**/console/api/auth/whoami');
  await page.route('**/console/api/auth/whoami', (route) => route.fulfill({ status: 400, json: {} }));
  await page.reload();
  await expect(page.getByText('Sorry.. there was an error.')).toBeVisible();
});

test('an unknown route shows a not-found page inside the console', async ({ page }) => {
  const shell = new ConsoleShell(page);
  await shell.open('no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found', level: 2 })).toBeVisible();
  await expect(shell.sidebar()).toBeVisible();
});

test('redirects: / to /topology and /configs to /catalog', async ({ page }) => {
  await page.goto('.');
  await expect(page).toHaveURL(/\/console\/topology$/);
  await page.goto('configs');
  await expect(page).toHaveURL(/\/console\/catalog$/);
});

test('a deep link under the base path loads, with immutable assets and an uncached page', async ({
  page,
}) => {
  const responses = new Map<string, string | null>();
  page.on('response', (response) =>
    responses.set(response.url(), response.headers()['cache-control'] ?? null),
  );
  const shell = new ConsoleShell(page);
  // A page three levels down: it still loads its code from the base.
  await shell.open('settings/integrations/no-such-type/00000000-0000-4000-8000-000000000001');
  await expect(page.getByRole('heading', { name: 'Unknown type' })).toBeVisible();
  const page_ = [...responses].find(([url]) =>
    url.endsWith('/console/settings/integrations/no-such-type/00000000-0000-4000-8000-000000000001'),
  );
  expect(page_?.[1]).toBe('no-cache');
  const assets = [...responses].filter(([url]) => /\/console\/assets\/.+\.(js|css)$/.test(url));
  expect(assets.length).toBeGreaterThan(1);
  for (const [, cacheControl] of assets) expect(cacheControl).toContain('immutable');
});

test('a disabled feature disappears from the sidebar and its route says it is disabled', async ({
  page,
  adminApi,
}) => {
  const flag = await adminApi.patch('api/db/properties?name=eq.logs.disable', { data: { value: 'true' } });
  expect(flag.status()).toBe(204);
  try {
    const shell = new ConsoleShell(page);
    await shell.open('logs');
    await expect(page.getByText(/Logs is disabled/)).toBeVisible();
    await expect(shell.navLink('Logs')).toHaveCount(0);
  } finally {
    await adminApi.patch('api/db/properties?name=eq.logs.disable', { data: { value: 'false' } });
  }
});
