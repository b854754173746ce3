import type { APIRequestContext, Page } from '@playwright/test';
import { createCanary, ranCheck, SwitchableTarget } from './canaries.js';
import { expect, expectAccessible, test } from './fixtures.js';
import { HealthDashboard } from './pages/health-page.js';

const target = new SwitchableTarget(true);
test.beforeAll(() => target.start());
test.afterAll(() => target.stop());

const suffix = () => Date.now().toString(36);

/** A playbook saved as the spec form saves one; its id. */
async function createPlaybook(api: APIRequestContext, name: string, spec: Record<string, unknown>) {
  const response = await api.post('api/db/playbooks', {
    headers: { Prefer: 'return=representation', Accept: 'application/vnd.pgrst.object+json' },
    data: { name, namespace: 'e2e', title: spec.title, category: 'E2E', spec, source: 'UI' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** The run page's status, as its details list shows it. */
const runStatus = (page: Page) =>
  page.getByRole('region', { name: 'Run details' }).locator('[data-status]').first();

test('a playbook run from the check drawer: parameters of several kinds, a dns1123 error, then the completed run with its output', async ({
  page,
  adminApi,
}) => {
  const id = suffix();
  const checkName = `e2e-playbook-check-${id}`;
  const title = `E2E deploy ${id}`;
  await createCanary(adminApi, `e2e-playbook-canary-${id}`, { http: [{ name: checkName, url: target.url }] });
  await Promise.all([
    ranCheck(adminApi, checkName),
    createPlaybook(adminApi, `e2e-deploy-${id}`, {
      title,
      checks: [{ name: checkName }],
      parameters: [
        {
          name: 'release',
          label: 'Release name',
          type: 'text',
          required: true,
          properties: { format: 'dns1123' },
        },
        { name: 'dry', label: 'Dry run', type: 'checkbox', default: 'true' },
        {
          name: 'size',
          label: 'Size',
          type: 'list',
          default: 'small',
          properties: {
            options: [
              { label: 'Small', value: 'small' },
              { label: 'Large', value: 'large' },
            ],
          },
        },
        { name: 'target', label: 'Target', type: 'text', default: '{{.check.name}}' },
      ],
      actions: [
        {
          name: 'deploy',
          exec: {
            script:
              'echo "deploying {{.params.release}} size={{.params.size}} dry={{.params.dry}} to {{.params.target}}"',
          },
        },
      ],
    }),
  ]);

  const health = new HealthDashboard(page);
  await health.open(`?hidePassing=false&query=${encodeURIComponent(checkName)}`);
  await health.row(checkName).getByText(checkName, { exact: true }).click();
  await health.drawer().getByRole('button', { name: 'Playbooks' }).click();
  await page.getByRole('menuitem', { name: title }).click();

  const dialog = page.getByRole('dialog', { name: title });
  // The default templated from the check, the list's default, the checkbox's.
  await expect(dialog.getByRole('textbox', { name: 'Target' })).toHaveValue(checkName);
  await expect(dialog.getByRole('combobox', { name: 'Size' })).toHaveValue('small');
  await expect(dialog.getByRole('checkbox', { name: 'Dry run' })).toBeChecked();

  const release = dialog.getByRole('textbox', { name: 'Release name' });
  await release.fill('Bad_Release');
  await expect(dialog.getByText('Must be lowercase letters, digits, hyphens and dots')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Run' })).toBeDisabled();
  await expectAccessible(page);

  await release.fill('release-1');
  await dialog.getByRole('combobox', { name: 'Size' }).selectOption('large');
  await dialog.getByRole('checkbox', { name: 'Dry run' }).uncheck();
  await dialog.getByRole('button', { name: 'Run' }).click();

  await expect(page).toHaveURL(/\/playbooks\/runs\/[0-9a-f-]{36}$/);
  await expect(runStatus(page)).toHaveText('Completed', { timeout: 60_000 });
  await expect(page.getByRole('region', { name: 'Output of deploy' })).toContainText(
    `deploying release-1 size=large dry=false to ${checkName}`,
  );
});

test('a run waiting for approval starts once approved; Re-run queues another; the runs list filters by playbook and status', async ({
  page,
  adminApi,
}) => {
  const id = suffix();
  const title = `E2E approved ${id}`;
  const playbookId = await createPlaybook(adminApi, `e2e-approved-${id}`, {
    title,
    approval: { type: 'any', approvers: { people: ['nobody-else@example.com'] } },
    actions: [{ name: 'say', exec: { script: 'echo approved {{.run.id}}' } }],
  });
  const queued = await adminApi.post('api/playbook/run', { data: { id: playbookId, params: {} } });
  expect(queued.status(), await queued.text()).toBe(201);
  const { run_id: runId } = (await queued.json()) as { run_id: string };

  await page.goto(`playbooks/runs/${runId}`);
  await expect(runStatus(page)).toHaveText('Pending approval');
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(runStatus(page)).toHaveText('Completed', { timeout: 60_000 });
  await expect(page.getByRole('region', { name: 'Output of say' })).toContainText(`approved ${runId}`);

  // Re-run starts a new run of the same playbook, waiting for approval again.
  await page.getByRole('button', { name: 'Re-run' }).click();
  await expect(page).not.toHaveURL(new RegExp(runId));
  await expect(page).toHaveURL(/\/playbooks\/runs\/[0-9a-f-]{36}$/);
  await expect(runStatus(page)).toHaveText('Pending approval');

  // The runs list: this playbook's two runs, then only the completed one.
  await page.goto('playbooks/runs');
  await page.getByRole('combobox', { name: 'Playbook' }).selectOption({ label: title });
  await expect(page).toHaveURL(new RegExp(`playbook=${playbookId}`));
  const rows = page.getByRole('grid').getByRole('row').filter({ hasText: title });
  await expect(rows).toHaveCount(2);
  await page.getByRole('combobox', { name: 'Status' }).selectOption('completed');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Completed');
});
