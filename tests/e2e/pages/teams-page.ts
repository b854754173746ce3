import type { Locator, Page } from '@playwright/test';

/** Settings → Teams: the list with Add Team, and a team's page with its Members tab. */
export class TeamsPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('settings/teams');
    await this.page.getByRole('grid', { name: 'Teams' }).waitFor();
  }

  row(name: string): Locator {
    return this.page.getByRole('grid', { name: 'Teams' }).getByRole('row').filter({ hasText: name });
  }

  /** Adds a team from the list; the console opens the new team's page. */
  async addTeam(name: string, icon = ''): Promise<void> {
    await this.page.getByRole('button', { name: 'Add Team' }).click();
    const form = this.page.getByRole('dialog', { name: 'Add Team' });
    await form.getByRole('textbox', { name: /Name/ }).fill(name);
    if (icon) await form.getByRole('textbox', { name: 'Icon' }).fill(icon);
    await form.getByRole('button', { name: 'Save' }).click();
  }

  async openTab(name: 'Spec' | 'Members' | 'Job History'): Promise<void> {
    await this.page.getByRole('tab', { name }).click();
  }

  /** On the Members tab: finds each of these people in Add Members, picks them and adds them. */
  async addMembers(names: string[]): Promise<void> {
    await this.page.getByRole('button', { name: 'Add Members' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Add Members' });
    const search = dialog.getByRole('combobox', { name: 'Users to add' });
    for (const name of names) {
      await search.fill(name);
      await dialog.getByRole('option').filter({ hasText: name }).click();
    }
    // A click outside the list closes it, uncovering the dialog's buttons.
    await dialog.getByRole('heading', { name: 'Add Members' }).click();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  members(): Locator {
    return this.page.getByRole('list', { name: 'Team members' });
  }
}
