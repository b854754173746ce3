import { SIGNED_OUT } from './accounts.js';
import { expect, test } from './fixtures.js';
import { PermissionsPage } from './pages/permissions-page.js';
import { SignInPage } from './pages/sign-in.js';

const suffix = () => Date.now().toString(36);

test('a viewer granted run on one playbook sees its Run button, and only its', async ({
  page,
  adminApi,
  browser,
  baseURL,
}) => {
  const id = suffix();
  const playbook = async (name: string) => {
    const response = await adminApi.post('api/db/playbooks', {
      headers: { Prefer: 'return=representation', Accept: 'application/vnd.pgrst.object+json' },
      data: {
        name,
        namespace: 'e2e',
        category: 'E2E grants',
        spec: { actions: [{ name: 'echo', exec: { script: 'echo hi' } }] },
        source: 'UI',
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  };
  const granted = `e2e-granted-${id}`;
  const other = `e2e-other-${id}`;
  await playbook(granted);
  await playbook(other);
  const email = `pat.${id}@example.com`;
  const invite = await adminApi.post('api/auth/invite_user', {
    data: { firstName: 'Pat', lastName: `Grant${id}`, email, role: 'viewer' },
  });
  expect(invite.status(), await invite.text()).toBe(201);
  const { link } = (await invite.json()) as { link: string };

  const context = await browser.newContext({ baseURL, storageState: SIGNED_OUT });
  try {
    const viewer = await context.newPage();
    await new SignInPage(viewer).acceptInvite(link, 'pat-password-1');
    // Signed in once the shell greets them: only then is the session cookie set.
    await expect(viewer.getByRole('banner')).toContainText(`Pat Grant${id}`);
    await viewer.goto('playbooks');
    await expect(viewer.getByRole('article', { name: granted })).toBeVisible();
    await expect(viewer.getByRole('button', { name: `Run ${granted}` })).toHaveCount(0);

    const permissions = new PermissionsPage(page);
    await permissions.open();
    await permissions.grantPlaybook({ playbook: granted, person: `Pat Grant${id}`, action: 'playbook:run' });
    await expect(page.getByText('Permission added')).toBeVisible();
    await expect(permissions.row(`Pat Grant${id}`)).toContainText('playbook:run');

    await viewer.reload();
    await expect(viewer.getByRole('button', { name: `Run ${granted}` })).toBeVisible();
    await expect(viewer.getByRole('article', { name: other })).toBeVisible();
    await expect(viewer.getByRole('button', { name: `Run ${other}` })).toHaveCount(0);
  } finally {
    await context.close();
  }
});
