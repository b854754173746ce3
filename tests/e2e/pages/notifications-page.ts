import type { Locator, Page } from '@playwright/test';

export interface NewRuleInput {
  title: string;
  events: string[];
  /** A CEL expression the event must meet. */
  filter?: string;
  /** The notification connection to send to (the Others tab), by its label: 'acme-webhook (generic_webhook)'. */
  connection?: string;
  /** The team to send to (the Team tab), by name. */
  team?: string;
  repeatInterval?: string;
}

export interface NewSilenceInput {
  /** 'Catalog', 'Component' or 'Check'. */
  kind: string;
  /** The resource's name, searched and picked. */
  resource: string;
  /** 'For 1 hour', 'For 4 hours', 'For 1 day', 'For 1 week'. */
  duration?: string;
  reason?: string;
}

/** /notifications: the send history, the rules and the silences tabs, and the Silence Notification form. */
export class NotificationsPage {
  constructor(readonly page: Page) {}

  async openHistory(query = ''): Promise<void> {
    await this.page.goto(`notifications${query}`);
    await this.historyTable().waitFor();
  }

  async openRules(): Promise<void> {
    await this.page.goto('notifications/rules');
    await this.rulesTable().waitFor();
  }

  async openSilences(): Promise<void> {
    await this.page.goto('notifications/silences');
    await this.silencesTable().waitFor();
  }

  tab(name: 'Notifications' | 'Rules' | 'Silences'): Locator {
    return this.page.getByRole('tablist', { name: 'Notifications sections' }).getByRole('tab', { name });
  }

  historyTable(): Locator {
    return this.page.getByRole('grid', { name: 'Notifications' });
  }

  rulesTable(): Locator {
    return this.page.getByRole('grid', { name: 'Notification rules' });
  }

  silencesTable(): Locator {
    return this.page.getByRole('grid', { name: 'Notification silences' });
  }

  /** The data rows of a table (not its header). */
  rows(table: Locator): Locator {
    return table.locator('tbody').getByRole('row');
  }

  filter(name: 'Status' | 'Resource Type'): Locator {
    return this.page.getByRole('combobox', { name, exact: true });
  }

  detailsDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Notification Details' });
  }

  /** A query parameter of the current URL. */
  query(name: string): string | null {
    return new URL(this.page.url()).searchParams.get(name);
  }

  ruleDialog(): Locator {
    return this.page.getByRole('dialog', { name: /Notification Rule$/ });
  }

  /** Adds a rule through the add modal, sending to a connection or a team. */
  async addRule(rule: NewRuleInput): Promise<void> {
    await this.page.getByRole('button', { name: 'Add Rule' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Add Notification Rule' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill(rule.title);
    const events = dialog.getByRole('combobox', { name: 'Events' });
    for (const event of rule.events) {
      await events.fill(event);
      await this.page.getByRole('option', { name: event, exact: true }).click();
    }
    if (rule.filter) await dialog.getByRole('textbox', { name: 'Filter' }).fill(rule.filter);
    if (rule.connection) {
      await dialog.getByRole('tab', { name: 'Others' }).click();
      await dialog.getByRole('combobox', { name: 'Connection' }).selectOption({ label: rule.connection });
    } else if (rule.team) {
      await dialog.getByRole('tab', { name: 'Team' }).click();
      await dialog.getByRole('combobox', { name: 'Team' }).selectOption({ label: rule.team });
    }
    if (rule.repeatInterval)
      await dialog.getByRole('combobox', { name: 'Repeat Interval' }).selectOption(rule.repeatInterval);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  silenceForm(): Locator {
    return this.page.getByRole('form', { name: 'Silence Notification' });
  }

  previewRegion(): Locator {
    return this.page.getByRole('region', { name: 'Preview' });
  }

  /** Fills the Silence Notification form (without saving). */
  async fillSilence(silence: NewSilenceInput): Promise<void> {
    const form = this.silenceForm();
    await form
      .getByRole('combobox', { name: 'Resource Type', exact: true })
      .selectOption({ label: silence.kind });
    await form.getByRole('combobox', { name: 'Resource', exact: true }).fill(silence.resource);
    await this.page.getByRole('option', { name: silence.resource }).first().click();
    if (silence.duration)
      await form.getByRole('combobox', { name: 'Duration' }).selectOption({ label: silence.duration });
    if (silence.reason) await form.getByRole('textbox', { name: 'Reason' }).fill(silence.reason);
  }

  async saveSilence(): Promise<void> {
    await this.silenceForm().getByRole('button', { name: 'Save' }).click();
    await this.page.waitForURL(/\/notifications\/silences$/);
  }

  /** Deletes the silence of a row, confirming. */
  async deleteSilence(row: Locator): Promise<void> {
    await row.getByRole('button', { name: /^Delete the silence of/ }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Delete Silence' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
}
