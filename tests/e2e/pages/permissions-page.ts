import type { Locator, Page } from '@playwright/test';

/** What the add form asks: a playbook (by name) run or approved by one person (by name). */
export interface PlaybookGrant {
  playbook: string;
  person: string;
  action: string;
}

/** /settings/permissions: the list, and the add dialog. */
export class PermissionsPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('settings/permissions');
    await this.page.getByRole('grid', { name: 'Permissions' }).waitFor();
  }

  dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Add Permission' });
  }

  async grantPlaybook({ playbook, person, action }: PlaybookGrant): Promise<void> {
    await this.page.getByRole('button', { name: 'Add Permission' }).click();
    const form = this.dialog();
    await form.getByLabel('Resource kind').selectOption('playbook');
    await form.getByLabel(/^Playbook/).selectOption({ label: playbook });
    await form.getByLabel('Subject kind').selectOption('person');
    await form.getByLabel(/^Person/).selectOption({ label: person });
    await form.getByLabel(/^Action/).selectOption(action);
    await form.getByRole('button', { name: 'Save' }).click();
  }

  row(text: string): Locator {
    return this.page.getByRole('row').filter({ hasText: text });
  }
}
