import type { Locator, Page } from '@playwright/test';

/** The /login page in local mode, and the /invite page where an invited person picks a password. */
export class SignInPage {
  constructor(readonly page: Page) {}

  username(): Locator {
    return this.page.getByLabel('Username');
  }

  password(): Locator {
    return this.page.getByRole('textbox', { name: 'Password', exact: true });
  }

  async signIn(username: string, password: string): Promise<void> {
    await this.username().fill(username);
    await this.password().fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }

  /** Accepts an invitation: the link's page, a new password twice. */
  async acceptInvite(link: string, password: string): Promise<void> {
    await this.page.goto(link);
    await this.page.getByLabel('Choose a password').fill(password);
    await this.page.getByLabel('Confirm password').fill(password);
    await this.page.getByRole('button', { name: /password/i }).click();
  }
}
