/**
 * Sign-in at an OpenID provider through Chromium: a console of its own in OIDC mode (the built
 * dist/server/main.js: tests/e2e/consoles.ts) and the development provider of
 * hack/oidc-provider.ts, both started here.
 */
import type { Page } from '@playwright/test';
import { DEMO_ROLE_MAP, startOidcProvider, type RunningOidcProvider } from '../../hack/oidc-provider.js';
import { freePort } from '../support/free-port.js';
import { SIGNED_OUT } from './accounts.js';
import { startConsole } from './consoles.js';
import { expect, test } from './fixtures.js';
import { OidcProviderPages } from './pages/oidc-provider.js';

function userMenu(page: Page, name: string) {
  return {
    toggle: page.getByRole('banner').getByRole('button', { name }),
    menu: page.locator('.pf-v6-c-menu').filter({ hasText: 'Sign out' }),
  };
}

test.describe('sign-in with an OpenID provider', () => {
  test.use({ storageState: SIGNED_OUT });

  let provider: RunningOidcProvider;
  let stopConsole: (() => Promise<void>) | undefined;
  let consoleUrl: string;

  test.beforeAll(async () => {
    // A first start creates the embedded database: longer than one test's budget.
    test.setTimeout(240_000);
    // The provider registers the console's callback, so the console's port is chosen first.
    const port = await freePort();
    consoleUrl = `http://127.0.0.1:${port}/console/`;
    provider = await startOidcProvider({ consoleUrls: [consoleUrl] });
    ({ stop: stopConsole } = await startConsole(
      {
        BASE_PATH: '/console/',
        OIDC_ISSUER_URL: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        OIDC_ROLE_MAP: DEMO_ROLE_MAP,
      },
      port,
    ));
  });
  test.afterAll(async () => {
    await stopConsole?.();
    await provider?.close();
  });

  test('the sign-in address leads through the provider back to return_to', async ({ page }) => {
    await page.goto(`${consoleUrl}api/auth/oidc/login?return_to=%2Fhealth`);
    await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
    await new OidcProviderPages(page).signIn('responder');

    await expect(page).toHaveURL(`${consoleUrl}health`);
    const { toggle, menu } = userMenu(page, 'Rosa Responder');
    await toggle.click();
    await expect(menu).toContainText('Hi Rosa Responder');
  });

  test('the /login page sends the browser to the provider and back to the page it came from', async ({
    page,
  }) => {
    await page.goto(`${consoleUrl}login?return_to=%2Fincidents`);
    await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
    await new OidcProviderPages(page).signIn('admin');

    await expect(page).toHaveURL(`${consoleUrl}incidents`);
    const { toggle, menu } = userMenu(page, 'Ada Admin');
    await toggle.click();
    await expect(menu).toContainText('Hi Ada Admin');
  });
});
