import type { Locator, Page } from '@playwright/test';

/** Settings → Integrations: the list, the Add Integration dialog, its GitOps values and preview. */
export class IntegrationsPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('settings/integrations');
    await this.page.getByRole('grid', { name: 'Integrations' }).waitFor();
  }

  row(name: string): Locator {
    return this.page.getByRole('grid', { name: 'Integrations' }).getByRole('row').filter({ hasText: name });
  }

  dialog(title: string): Locator {
    return this.page.getByRole('dialog', { name: title });
  }

  /** Add Integration, then a tile by its title. */
  async chooseTile(title: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Add Integration' }).click();
    await this.dialog('Add Integration').getByRole('button', { name: title, exact: true }).click();
  }

  /** Replaces the text of the code editor named `name` (Values, Labels, Spec). */
  async typeInEditor(name: string, text: string): Promise<void> {
    await this.page.getByRole('textbox', { name }).click();
    await this.page.keyboard.press('Control+a');
    await this.page.keyboard.press('Delete');
    await this.page.keyboard.insertText(text);
  }

  /** The preview's tab by name (Flux, Helm CLI); its code region. */
  async preview(tab: 'Flux' | 'Helm CLI'): Promise<Locator> {
    await this.page.getByRole('tab', { name: tab }).click();
    return this.page.getByRole('region', { name: tab === 'Flux' ? 'Flux manifests' : 'Helm CLI command' });
  }

  toast(text: string | RegExp): Locator {
    return this.page.locator('.pf-v6-c-alert-group').getByText(text);
  }
}
