import fs from 'node:fs';
import { test as base, type APIRequestContext } from '@playwright/test';
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
 */
export const test = base.extend<{ adminApi: APIRequestContext }>({
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
