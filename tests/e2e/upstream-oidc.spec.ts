/**
 * Upstream mode with the person's own token, in Chromium: the development OpenID provider issuing
 * JWT access tokens for the platform's audience, a platform console in OIDC mode that takes them
 * (OIDC_ACCEPTED_AUDIENCES), and a front console in OIDC mode in upstream mode before it with
 * PLATFORM_FORWARD_OIDC_TOKEN. Both consoles are the built dist/server/main.js (consoles.ts).
 */
import type { Browser } from '@playwright/test';
import { DEMO_ROLE_MAP, startOidcProvider, type RunningOidcProvider } from '../../hack/oidc-provider.js';
import { freePort } from '../support/free-port.js';
import { SIGNED_OUT } from './accounts.js';
import { startConsole, type SpecConsole } from './consoles.js';
import { expect, test } from './fixtures.js';
import { IncidentPage } from './pages/incident-page.js';
import { IncidentsPage } from './pages/incidents-page.js';
import { OidcProviderPages } from './pages/oidc-provider.js';

const AUDIENCE = 'https://platform.e2e.test';

test.describe("upstream mode with the person's own OpenID token", () => {
  test.use({ storageState: SIGNED_OUT });

  let provider: RunningOidcProvider;
  const consoles: SpecConsole[] = [];
  let frontUrl: string;
  let platformUrl: string;

  test.beforeAll(async () => {
    // Two first starts, each creating its embedded database: longer than one test's budget.
    test.setTimeout(300_000);
    const [frontPort, platformPort] = [await freePort(), await freePort()];
    frontUrl = `http://127.0.0.1:${frontPort}/console/`;
    platformUrl = `http://127.0.0.1:${platformPort}/platform/`;
    provider = await startOidcProvider({
      consoleUrls: [frontUrl, platformUrl],
      accessTokens: { audience: AUDIENCE },
    });
    const oidc = {
      OIDC_ISSUER_URL: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_ROLE_MAP: DEMO_ROLE_MAP,
    };
    consoles.push(
      await startConsole(
        { ...oidc, BASE_PATH: '/platform/', OIDC_ACCEPTED_AUDIENCES: AUDIENCE },
        platformPort,
      ),
    );
    consoles.push(
      await startConsole(
        {
          ...oidc,
          BASE_PATH: '/console/',
          PLATFORM_URL: `${platformUrl}api`,
          PLATFORM_FORWARD_OIDC_TOKEN: 'true',
        },
        frontPort,
      ),
    );
  });
  test.afterAll(async () => {
    for (const running of consoles.reverse()) await running.stop();
    await provider?.close();
  });

  /** A fresh browser signed in at `baseURL` as the provider's `login`; people are made at sign-in. */
  async function signedIn(browser: Browser, baseURL: string, login: string) {
    const context = await browser.newContext({ baseURL, storageState: SIGNED_OUT });
    const page = await context.newPage();
    await page.goto('login?return_to=%2Fincidents');
    await new OidcProviderPages(page).signIn(login);
    await expect(page).toHaveURL(`${baseURL}incidents`);
    return { context, page };
  }

  test('an incident created at the front is the person’s own on the platform', async ({ browser }) => {
    // Nobody is made from a token: the person signs in at the platform once, as with any console.
    const platform = await signedIn(browser, platformUrl, 'admin');
    const front = await signedIn(browser, frontUrl, 'admin');

    const title = `e2e forwarded token ${Date.now()}`;
    const list = new IncidentsPage(front.page);
    await list.open();
    await list.create({ title, type: 'availability', severity: 'high' });
    await expect(new IncidentPage(front.page).breadcrumb()).toContainText(title);

    // On the platform, under its own sign-in: the row is there and names the person who made it.
    const answer = await platform.page.request.get(
      `api/db/incidents?title=eq.${encodeURIComponent(title)}&select=title,created_by(name)`,
    );
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toEqual([{ title, created_by: { name: 'Ada Admin' } }]);
    await platform.page.goto('incidents');
    await expect(new IncidentsPage(platform.page).row(title)).toBeVisible();

    await front.context.close();
    await platform.context.close();
  });
});
