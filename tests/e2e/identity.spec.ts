import { E2E_ADMIN_PASSWORD, SIGNED_OUT } from './accounts.js';
import { expect, expectAccessible, test } from './fixtures.js';
import { ConsoleShell } from './pages/console-shell.js';
import { SignInPage } from './pages/sign-in.js';
import { UsersPage } from './pages/users-page.js';

const UNAUTHORIZED = 'Unauthorized – You do not have permission to access this page';

test.describe('signed out', () => {
  test.use({ storageState: SIGNED_OUT });

  test('a page asks to sign in, and after sign-in the user lands where they were', async ({ page }) => {
    await page.goto('health?timeRange=1h');
    await expect(page).toHaveURL(/\/console\/login\?return_to=%2Fhealth%3FtimeRange%3D1h$/);
    const signIn = new SignInPage(page);
    await signIn.signIn('admin', 'not-the-password');
    await expect(page.getByText('Wrong username or password.')).toBeVisible();
    await expect(signIn.username()).toHaveValue('admin');
    await expect(signIn.password()).toHaveValue('');

    await signIn.signIn('admin', E2E_ADMIN_PASSWORD);
    await expect(page).toHaveURL(/\/console\/health\?timeRange=1h$/);
    const shell = new ConsoleShell(page);
    await expect(shell.pageTitle()).toHaveText('Health');
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'ops_console_session')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/console/',
    });
  });

  test('a return_to outside the console is refused', async ({ page }) => {
    await page.goto('login?return_to=https%3A%2F%2Fevil.example%2F');
    await expect(page.getByText('The return_to address is not allowed.')).toBeVisible();
    await new SignInPage(page).signIn('admin', E2E_ADMIN_PASSWORD);
    await expect(page).toHaveURL(/\/console\/topology$/);
  });
});

test('invite → open the link → set a password → signed in with the invited role; a viewer sees no settings', async ({
  page,
  browser,
  baseURL,
}) => {
  const users = new UsersPage(page);
  await users.open();
  const email = `vera.${Date.now()}@example.com`;
  const link = await users.invite({ firstName: 'Vera', lastName: 'Viewer', email, role: 'viewer' });
  expect(link).toMatch(/\/console\/invite#[\w-]{20,}$/);
  await expect(page.getByText('Link copied to clipboard')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(users.row(email)).toContainText('viewer');

  // The invited person, in a browser of their own.
  const context = await browser.newContext({ baseURL, storageState: SIGNED_OUT });
  try {
    const invited = await context.newPage();
    await new SignInPage(invited).acceptInvite(link, 'vera-password-1');
    const shell = new ConsoleShell(invited);
    await expect(shell.pageTitle()).toBeVisible();
    await expect(invited.getByRole('banner')).toContainText('Vera Viewer');
    // Viewers: no Settings in the sidebar, and the users page is refused.
    await expect(shell.navLink('Health')).toBeVisible();
    await expect(shell.settingsGroup()).toHaveCount(0);
    await invited.goto('settings/users');
    await expect(invited.getByText(UNAUTHORIZED)).toBeVisible();
    await expectAccessible(invited);
    // The server refuses too, whatever the UI shows.
    const refused = await invited.request.get('api/people/users');
    expect(refused.status()).toBe(403);

    // Signed out, the invited person signs in with their email and new password.
    const menu = await shell.openUserMenu('Vera Viewer');
    await menu.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(invited).toHaveURL(/\/console\/login$/);
    await new SignInPage(invited).signIn(email, 'vera-password-1');
    await expect(shell.pageTitle()).toHaveText('Topology');
    // The link worked once.
    await invited.goto(link);
    await expect(invited.getByText('This invite link is not valid or has expired.')).toBeVisible();
    await expectAccessible(invited);
  } finally {
    await context.close();
  }
});

test('turning the incidents feature off on the Feature Flags page hides the area at once, and the API refuses it', async ({
  page,
  adminApi,
}) => {
  const shell = new ConsoleShell(page);
  await shell.open('settings/feature-flags');
  try {
    await page.getByRole('button', { name: 'Edit incidents.disable' }).click();
    const form = page.getByRole('dialog', { name: 'Edit Feature Flag' });
    await expect(form.getByLabel('Name')).toHaveValue('incidents.disable');
    await form.getByLabel('Value').fill('true');
    await form.getByRole('button', { name: 'Update' }).click();
    await expect(shell.toast('Feature flag updated successfully')).toBeVisible();

    await shell.navLink('Health').click();
    await expect(shell.navLink('Incidents')).toHaveCount(0);
    await page.goto('incidents');
    await expect(page.getByText('Incidents is disabled')).toBeVisible();
    // The server refuses the data too (its guard shares one read of the flags per second).
    await expect.poll(async () => (await adminApi.get('api/db/incidents?limit=1')).status()).toBe(403);
  } finally {
    await adminApi.patch('api/db/properties?name=eq.incidents.disable', { data: { value: 'false' } });
  }
  await shell.open('incidents');
  await expect(shell.navLink('Incidents')).toBeVisible();
});

test('an API token made on the profile page is shown once, works as Bearer, and stops when revoked', async ({
  page,
  playwright,
  baseURL,
}) => {
  const shell = new ConsoleShell(page);
  await shell.open('profile-settings');
  await page.getByRole('button', { name: 'Create token' }).click();
  const form = page.getByRole('dialog', { name: 'Create token' });
  await form.getByLabel('Name').fill('e2e script');
  await form.getByRole('button', { name: 'Create', exact: true }).click();
  const created = page.getByRole('dialog', { name: 'Token e2e script created' });
  await expect(created).toContainText(
    'Access token will be shown only once. Please copy it and store it securely.',
  );
  const token = (await created.locator('pre, code').first().textContent())!.trim();
  expect(token).toMatch(/^ocp_/);
  await created.getByRole('button', { name: 'Done' }).click();

  const script = await playwright.request.newContext({
    baseURL,
    storageState: SIGNED_OUT,
    extraHTTPHeaders: { Authorization: `Bearer ${token}` },
  });
  try {
    const whoami = await script.get('api/auth/whoami');
    expect(whoami.status()).toBe(200);
    expect((await whoami.json()).user.name).toBe('Admin');

    await page.getByRole('button', { name: 'Revoke e2e script' }).click();
    await page.getByRole('dialog', { name: 'Revoke token' }).getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByRole('button', { name: 'Revoke e2e script' })).toHaveCount(0);
    expect((await script.get('api/auth/whoami')).status()).toBe(401);
  } finally {
    await script.dispose();
  }
});
