import type { APIRequestContext, Page } from '@playwright/test';
import { startHttpTarget, type HttpTarget } from '../support/check-targets.js';
import { expect, test } from './fixtures.js';
import { HealthDashboard } from './pages/health-page.js';

/**
 * Live updates: with /health open, a check that turns unhealthy shows as such without a reload,
 * brought by the api/events stream. The dashboard polls only when asked (no refresh rate is
 * chosen here) or while the stream is down, and a stream that went down would be opened again:
 * with one stream request and no reload, the stream is what brought the change. How soon it
 * shows (the two-second goal) is a figure of `npm run bench -- --web`, not a timeout here.
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

/**
 * Counts, from now on, the page's own navigations (a live update needs none) and its requests to
 * the event stream (one that went down is asked for again, and the page polls meanwhile).
 */
function watchPage(page: Page): { reloads: () => number; streamsOpened: () => number } {
  let reloads = 0;
  let streamsOpened = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloads += 1;
  });
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('/api/events')) streamsOpened += 1;
  });
  return { reloads: () => reloads, streamsOpened: () => streamsOpened };
}

test('the dashboard shows a check turning unhealthy without a reload', async ({ page, adminApi }) => {
  const checkId = await healthyCheck(adminApi, 'e2e-live-row');
  const health = new HealthDashboard(page);
  await health.openLive('?hidePassing=false&query=e2e-live-row');
  const row = health.row('e2e-live-row-http').first();
  await expect(row).toContainText('Healthy');
  await expect(row).not.toContainText('Unhealthy');
  const watched = watchPage(page);

  await turnUnhealthy(adminApi, checkId);
  await expect(row).toContainText('Unhealthy');
  expect(watched.reloads()).toBe(0);
  expect(watched.streamsOpened()).toBe(0);
});

test("the check's drawer shows it turning unhealthy without a reload", async ({ page, adminApi }) => {
  const checkId = await healthyCheck(adminApi, 'e2e-live-drawer');
  const health = new HealthDashboard(page);
  await health.openLive(`?hidePassing=false&query=e2e-live-drawer&checkId=${checkId}`);
  const drawer = health.drawer();
  // The drawer's title is the check's name and its status.
  await expect(drawer).toHaveAccessibleName('e2e-live-drawer-http Healthy');
  const watched = watchPage(page);

  await turnUnhealthy(adminApi, checkId);
  await expect(drawer).toHaveAccessibleName('e2e-live-drawer-http Unhealthy');
  expect(watched.reloads()).toBe(0);
  expect(watched.streamsOpened()).toBe(0);
});
