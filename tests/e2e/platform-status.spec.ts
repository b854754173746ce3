import { expect, test } from '@playwright/test';
import { PlatformStatusPage } from './pages/platform-status.js';

test('a fresh console shows the demo platform it was started with', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  const status = new PlatformStatusPage(page);
  await status.open();
  await expect(status.heading()).toBeVisible();
  // The demo data's minimums, read by the browser through /api/db under the sub-path.
  await expect
    .poll(async () => Number(await status.count('checks').textContent()))
    .toBeGreaterThanOrEqual(200);
  await expect
    .poll(async () => Number(await status.count('configs').textContent()))
    .toBeGreaterThanOrEqual(500);
  await expect
    .poll(async () => Number(await status.count('components').textContent()))
    .toBeGreaterThanOrEqual(50);
  await expect
    .poll(async () => Number(await status.count('incidents').textContent()))
    .toBeGreaterThanOrEqual(60);
  // Nothing leaves the console's origin, and everything stays under its base path.
  const origin = new URL(page.url()).origin;
  expect(requests.filter((url) => !url.startsWith(`${origin}/console/`))).toEqual([]);
});

test('a client route deep under the base path loads the same page', async ({ page }) => {
  await page.goto('catalog/does-not-exist/changes');
  await expect(page.getByRole('heading', { name: 'Ops Console' })).toBeVisible();
});
