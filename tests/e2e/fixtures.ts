import fs from 'node:fs';
import { test as base, type APIRequestContext } from '@playwright/test';
import { AXE_BUDGET_MS, expectAccessible } from './accessibility.js';
import { adminStatePath } from './accounts.js';

/** The administrator's CSRF token, from the signed-in state global-setup saved. */
function adminCsrfToken(): string {
  const state = JSON.parse(fs.readFileSync(adminStatePath(), 'utf8')) as {
    cookies: Array<{ name: string; value: string }>;
  };
  return state.cookies.find((cookie) => cookie.name === 'csrf_token')?.value ?? '';
}

/**
 * `adminApi`: the console's API as the signed-in administrator, for arranging what a test needs
 * (flags, users). It sends the CSRF header itself; the pages' own requests get nothing extra, so
 * a UI that forgot the header still fails.
 *
 * `page` is Playwright's, checked with axe as each passing test leaves it: a serious or critical
 * violation fails the test, so every page a spec reaches stays accessible. Specs call
 * `expectAccessible(page)` for the states they pass through on the way (a dialog, a drawer).
 */
export const test = base.extend<{ adminApi: APIRequestContext }>({
  page: [
    async ({ page }, use, testInfo) => {
      await use(page);
      const passed = testInfo.status === testInfo.expectedStatus && testInfo.expectedStatus === 'passed';
      if (passed && !page.isClosed() && /^https?:/.test(page.url())) await expectAccessible(page);
    },
    { scope: 'test', timeout: AXE_BUDGET_MS },
  ],
  adminApi: async ({ playwright, baseURL }, use) => {
    const context = await playwright.request.newContext({
      baseURL,
      storageState: adminStatePath(),
      extraHTTPHeaders: { 'X-CSRF-Token': adminCsrfToken() },
    });
    await use(context);
    await context.dispose();
  },
});

export { expect } from '@playwright/test';
export { expectAccessible } from './accessibility.js';
