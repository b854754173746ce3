import { request, type FullConfig } from '@playwright/test';
import { E2E_ADMIN_PASSWORD, adminStatePath } from './accounts.js';

/**
 * Signs the first administrator in once through the real sign-in endpoint and keeps the
 * cookies: every suite starts signed in unless it asks for SIGNED_OUT.
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]!.use.baseURL!;
  const context = await request.newContext({ baseURL });
  const response = await context.post('api/auth/login', {
    data: { username: 'admin', password: E2E_ADMIN_PASSWORD },
  });
  if (!response.ok()) throw new Error(`e2e sign-in failed: ${response.status()} ${await response.text()}`);
  await context.storageState({ path: adminStatePath() });
  await context.dispose();
}
