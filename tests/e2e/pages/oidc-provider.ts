import type { Page } from '@playwright/test';

/** The development pages of hack/oidc-provider.ts (oidc-provider's devInteractions): login, then consent. */
export class OidcProviderPages {
  constructor(readonly page: Page) {}

  /** Signs in as one of the demo users (any password is accepted) and consents. */
  async signIn(login: string): Promise<void> {
    await this.page.getByPlaceholder('Enter any login').fill(login);
    await this.page.getByPlaceholder('and password').fill('any password');
    await this.page.getByRole('button', { name: 'Sign-in' }).click();
    await this.page.getByRole('button', { name: 'Continue' }).click();
  }
}
