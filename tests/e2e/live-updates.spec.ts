import type { APIRequestContext, Page } from '@playwright/test';
import { startHttpTarget, type HttpTarget } from '../support/check-targets.js';
import { expect, test } from './fixtures.js';
import { HealthDashboard } from './pages/health-page.js';

/**
 * Live updates: with /health open, a check that turns unhealthy shows as such within two
 * seconds, without a reload (the page hears it on the api/events stream).
 */
let target: HttpTarget;
let targetUrl = '';

test.beforeAll(async () => {
  target = await startHttpTarget();
  targetUrl = `http://127.0.0.1:${target.port}/switch`;
});
test.afterAll(async () => {
  await target.close();
});

/** A canary with one HTTP check against the target; resolves once the runner has run it. */
async function healthyCheck(api: APIRequestContext, name: string): Promise<string> {
  target.answerSwitchWith(200);
  const created = await api.post('api/db/canaries', {
    data: {
      name,
      namespace: 'e2e',
      schedule: '@hourly',
      spec: { http: [{ name: `${name}-http`, url: targetUrl }] },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  let id = '';
  await expect
    .poll(
      async () => {
        const response = await api.get(
          `api/db/checks?name=eq.${name}-http&deleted_at=is.null&status=eq.healthy&select=id`,
        );
        id = ((await response.json()) as { id: string }[])[0]?.id ?? '';
        return id;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  return id;
}

/** The target starts failing and the check runs now (Run Now, through the API): it turns unhealthy. */
async function turnUnhealthy(api: APIRequestContext, checkId: string): Promise<void> {
  target.answerSwitchWith(500);
  const response = await api.post(`api/canary/run/check/${checkId}`);
  expect(response.status(), await response.text()).toBe(200);
}

/** Counts the page's own navigations from now on: a live update needs none. */
function countReloads(page: Page): () => number {
  let count = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) count += 1;
  });
  return () => count;
}

test('the dashboard shows a check turning unhealthy within two seconds, without a reload', async ({
  page,
  adminApi,
}) => {
  const checkId = await healthyCheck(adminApi, 'e2e-live-row');
  const health = new HealthDashboard(page);
  await health.openLive('?hidePassing=false&query=e2e-live-row');
  const row = health.row('e2e-live-row-http').first();
  await expect(row).toContainText('Healthy');
  await expect(row).not.toContainText('Unhealthy');
  const reloads = countReloads(page);

  await turnUnhealthy(adminApi, checkId);
  await expect(row).toContainText('Unhealthy', { timeout: 2000 });
  expect(reloads()).toBe(0);
});

test("the check's drawer shows it turning unhealthy within two seconds", async ({ page, adminApi }) => {
  const checkId = await healthyCheck(adminApi, 'e2e-live-drawer');
  const health = new HealthDashboard(page);
  await health.openLive(`?hidePassing=false&query=e2e-live-drawer&checkId=${checkId}`);
  const drawer = health.drawer();
  // The drawer's title is the check's name and its status.
  await expect(drawer).toHaveAccessibleName('e2e-live-drawer-http Healthy');
  const reloads = countReloads(page);

  await turnUnhealthy(adminApi, checkId);
  await expect(drawer).toHaveAccessibleName('e2e-live-drawer-http Unhealthy', { timeout: 2000 });
  expect(reloads()).toBe(0);
});
