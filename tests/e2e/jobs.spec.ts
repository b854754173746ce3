import { expect, expectAccessible, test } from './fixtures.js';
import { JobsPage } from './pages/jobs-page.js';

test('job history filters to failed runs in the URL and opens one run’s errors', async ({ page }) => {
  const jobs = new JobsPage(page);
  await jobs.open();
  // The default filter leaves successful runs out.
  await expect.poll(() => jobs.everyLoadedRow((text) => !text.includes('SUCCESS'))).toBe(true);

  await jobs.toggle('Status', 'Include', 'FAILED');
  await expect.poll(() => jobs.query('status')).toBe('SUCCESS:-1,FAILED:1');
  // The rows shown before the filter applied may hold FAILED too: wait for every row to.
  await expect.poll(() => jobs.everyLoadedRow((text) => text.includes('FAILED'))).toBe(true);

  const dialog = await jobs.openDetails(jobs.rows().first());
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Errors' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByRole('tabpanel')).not.toBeEmpty();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // A reload keeps what the URL holds.
  await page.reload();
  await expect(jobs.rows().first()).toContainText('FAILED');
});
