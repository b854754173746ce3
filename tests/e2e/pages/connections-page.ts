import type { Locator, Page } from '@playwright/test';

export interface NewConnection {
  /** The type's tile, e.g. 'PostgreSQL'. */
  type: string;
  name: string;
  /** Field label → value. */
  fields: Record<string, string>;
}

/** Settings → Connections: the list, the add and edit modal, Test Connection. */
export class ConnectionsPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('settings/connections');
    await this.page.getByRole('grid', { name: 'Connections' }).waitFor();
  }

  row(name: string): Locator {
    return this.page.getByRole('row').filter({ hasText: name });
  }

  /** The open connection's modal (a new one is titled 'Add Connection', a saved one by its name). */
  dialog(title: string): Locator {
    return this.page.getByRole('dialog', { name: title });
  }

  /** A field of the open form by its label (a required one's ends with a non-breaking space and '*'). */
  field(dialog: Locator, label: string): Locator {
    const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return dialog.getByLabel(new RegExp(`^${escaped}(\\s*\\*)?$`));
  }

  toast(text: string | RegExp): Locator {
    return this.page.locator('.pf-v6-c-alert-group').getByText(text);
  }

  async add(connection: NewConnection): Promise<void> {
    await this.page.getByRole('button', { name: 'Add Connection' }).click();
    const picker = this.dialog('Add Connection');
    await picker.getByRole('textbox', { name: 'Search connection types' }).fill(connection.type);
    await picker.getByRole('button', { name: connection.type, exact: true }).click();
    const form = this.dialog('Add Connection');
    await this.field(form, 'Name').fill(connection.name);
    for (const [label, value] of Object.entries(connection.fields)) await this.field(form, label).fill(value);
    await form.getByRole('button', { name: 'Save' }).click();
  }

  async openConnection(name: string): Promise<Locator> {
    await this.row(name).getByText(name, { exact: true }).click();
    return this.dialog(name);
  }

  async testConnection(dialog: Locator): Promise<void> {
    await dialog.getByRole('button', { name: 'Test Connection' }).click();
  }
}
