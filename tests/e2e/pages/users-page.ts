import type { Locator, Page } from '@playwright/test';

export interface InvitedUser {
  firstName: string;
  lastName: string;
  email: string;
  role: string;
}

/** Settings → Users: the table, the invite form and the invite link it answers. */
export class UsersPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('settings/users');
    await this.page.getByRole('button', { name: 'Invite User' }).waitFor();
  }

  row(text: string): Locator {
    return this.page.getByRole('row').filter({ hasText: text });
  }

  /** Fills and sends the invite form; returns the link the console answers. */
  async invite(user: InvitedUser): Promise<string> {
    await this.page.getByRole('button', { name: 'Invite User' }).click();
    const form = this.page.getByRole('dialog', { name: 'Invite User' });
    await form.getByLabel('First Name').fill(user.firstName);
    await form.getByLabel('Last Name').fill(user.lastName);
    await form.getByLabel('Email').fill(user.email);
    await form.getByLabel('Role').selectOption(user.role);
    await form.getByRole('button', { name: 'Invite', exact: true }).click();
    const invited = this.page.getByRole('dialog', { name: 'User invited' });
    const link = await invited.getByRole('textbox', { name: 'Invite link' }).inputValue();
    await invited.getByRole('button', { name: 'Copy invite link' }).click();
    return link;
  }
}
