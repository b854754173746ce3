import { expect, expectAccessible, test } from './fixtures.js';
import { NotificationsPage } from './pages/notifications-page.js';

/** A text no other test (or earlier run on the same server) uses. */
const unique = (text: string) => `${text} ${Date.now().toString(36)}`;

test('the send history filters by status in the URL and opens a row in its details', async ({ page }) => {
  const notifications = new NotificationsPage(page);
  await notifications.openHistory();
  await expect(notifications.tab('Notifications')).toHaveAttribute('aria-selected', 'true');
  await expect(notifications.rows(notifications.historyTable()).first()).toBeVisible();

  await notifications.filter('Status').selectOption({ label: 'Error' });
  await expect.poll(() => notifications.query('status')).toBe('error');
  const rows = notifications.rows(notifications.historyTable());
  await expect(rows.first()).toContainText('Error');
  for (const text of await rows.allTextContents()) expect(text).toContain('Error');

  await rows.first().click();
  await expect.poll(() => notifications.query('id')).not.toBeNull();
  const dialog = notifications.detailsDialog();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Recipient')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Notification rule' })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect.poll(() => notifications.query('id')).toBeNull();
  await expect(notifications.filter('Status')).toHaveValue('error');
});

test('a rule added for the demo webhook connection shows in the rules list', async ({ page }) => {
  const notifications = new NotificationsPage(page);
  const title = unique('e2e webhook rule');
  await notifications.openRules();
  await notifications.addRule({
    title,
    events: ['check.failed'],
    // No check has an empty name: the console is shared, and a rule on every failure would add
    // its own (never delivered) sends to the histories other specs read.
    filter: "check.name == ''",
    connection: 'acme-webhook (generic_webhook)',
    repeatInterval: '1h',
  });
  const row = notifications.rows(notifications.rulesTable()).filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row).toContainText('check.failed');

  // Its row opens it for editing, with the connection chosen.
  await row.getByText(title).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Notification Rule' });
  await expect(dialog.getByRole('combobox', { name: 'Connection' })).toHaveValue(
    /^connection:\/\/.+\/acme-webhook$/,
  );
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

test('a silence added from the Silence Notification form shows in the silences, and can be deleted', async ({
  page,
  adminApi,
}) => {
  const response = await adminApi.get('api/db/checks?select=id,name&deleted_at=is.null&order=name&limit=1');
  expect(response.ok(), await response.text()).toBe(true);
  const [check] = (await response.json()) as { id: string; name: string }[];
  const reason = unique('e2e maintenance');

  const notifications = new NotificationsPage(page);
  await notifications.openSilences();
  await page.getByRole('button', { name: 'Add Silence' }).click();
  await expect(notifications.silenceForm()).toBeVisible();
  await notifications.fillSilence({ kind: 'Check', resource: check!.name, duration: 'For 4 hours', reason });
  await expect(notifications.previewRegion()).toContainText(/would have been silenced/);
  await expectAccessible(page);
  await notifications.saveSilence();

  const row = notifications.rows(notifications.silencesTable()).filter({ hasText: reason });
  await expect(row).toBeVisible();
  await expect(row.getByRole('link', { name: check!.name })).toBeVisible();
  await notifications.deleteSilence(row);
  await expect(row).toHaveCount(0);
});
