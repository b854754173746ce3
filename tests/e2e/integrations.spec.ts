import { GITOPS_WARNING } from '../../common/integrations.js';
import { expect, expectAccessible, test } from './fixtures.js';
import { IntegrationsPage } from './pages/integrations-page.js';

const unique = (text: string) => `${text}-${Date.now().toString(36)}`;

test('preview a Flux integration: its manifests carry the typed value, and the Helm command too', async ({
  page,
}) => {
  const integrations = new IntegrationsPage(page);
  await integrations.open();
  await integrations.chooseTile('Flux');
  const dialog = integrations.dialog('Add Integration: Flux');
  await expect(dialog.getByText(GITOPS_WARNING)).toBeVisible();
  // No network here: the chart repository cannot be reached, the values go unchecked.
  await expect(dialog.getByText(/The chart repository can't be reached/)).toBeVisible();
  // The e2e cluster serves no Flux kinds: the footer says so where Apply would be.
  await expect(
    dialog
      .getByRole('contentinfo')
      .getByText('Flux is not installed in the cluster: it does not serve HelmRelease resources.'),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Apply' })).toHaveCount(0);
  await expect(dialog.getByRole('textbox', { name: /^Namespace/ })).toHaveValue('mission-control');
  await expect(dialog.getByRole('textbox', { name: /^Interval/ })).toHaveValue('30m');

  await integrations.typeInEditor('Values', 'replicas: 3\n');
  const flux = await integrations.preview('Flux');
  await expect(flux).toContainText('kind: HelmRepository');
  await expect(flux).toContainText('kind: HelmRelease');
  await expect(flux).toContainText('chart: mission-control-flux');
  await expect(flux).toContainText('namespace: mission-control');
  await expect(flux).toContainText('replicas: 3');
  await expectAccessible(page);

  const helm = await integrations.preview('Helm CLI');
  await expect(helm).toContainText('helm install mission-control-flux flanksource/mission-control-flux');
  await expect(helm).toContainText('-n mission-control');
  await expect(helm).toContainText('--set replicas=3');

  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(
    integrations.dialog('Add Integration').getByRole('list', { name: 'Add Directly' }),
  ).toBeVisible();
  // The footer's Close, not the header's close icon.
  await integrations
    .dialog('Add Integration')
    .getByRole('contentinfo')
    .getByRole('button', { name: 'Close' })
    .click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a log backend added directly is in the list, and opens at its page', async ({ page }) => {
  const integrations = new IntegrationsPage(page);
  const name = unique('e2e-loki');
  await integrations.open();
  await integrations.chooseTile('Log Backends');
  const form = integrations.dialog('Add Log Backends');
  const add = form.getByRole('button', { name: 'Add', exact: true });
  await expect(add).toBeDisabled();
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await integrations.typeInEditor('Labels', '{"team": "sre"}');
  await integrations.typeInEditor('Spec', 'loki:\n  url: http://loki.monitoring:3100\n');
  await expect(add).toBeEnabled();
  await add.click();
  await expect(integrations.toast(`${name} created successfully`)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(integrations.row(name)).toContainText('Log Backend');

  await integrations.row(name).getByText(name, { exact: true }).click();
  await expect(page).toHaveURL(/\/console\/settings\/integrations\/logging_backends\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
  await expect(page.getByRole('tab', { name: 'Job History' })).toBeVisible();
});
