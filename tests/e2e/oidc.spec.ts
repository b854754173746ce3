/**
 * Sign-in at an OpenID provider through Chromium: a console of its own in OIDC mode (the built
 * dist/server/main.js, as run.ts starts the shared one) and the development provider of
 * hack/oidc-provider.ts, both started here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { DEMO_ROLE_MAP, startOidcProvider, type RunningOidcProvider } from '../../hack/oidc-provider.js';
import { freePort } from '../support/free-port.js';
import { SIGNED_OUT } from './accounts.js';
import { expect, test } from './fixtures.js';
import { OidcProviderPages } from './pages/oidc-provider.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The built console as a child process; resolves once it answers /readyz. */
async function startConsole(env: Record<string, string>, port: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-console-e2e-oidc-'));
  const output: string[] = [];
  const child: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { stop };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`the OIDC console did not start:\n${output.join('').slice(-2000)}`);
}

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
